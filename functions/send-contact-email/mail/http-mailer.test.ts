import { afterEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import {
  type FakeMailApi,
  startFakeMailApi,
} from "../../../tests/integration/support/fake-mail-api.ts";
import { composeContactEmail } from "./email.ts";
import { createHttpMailer, formatAddress } from "./http-mailer.ts";
import { classifyMailError } from "./mailer.ts";

const email = composeContactEmail(
  {
    id: "9a9a9a9a-1111-4222-8333-944455556666",
    createdAt: "2025-03-04T19:15:00.000Z",
    name: 'Jane "JD" Doe, Jr.',
    email: "jane@example.org",
    phone: "(484) 555-0199",
    service: "janitorial",
    otherService: "",
    message: "<b>Nightly</b> janitorial service.",
  },
  {
    from: "Site <site@example.com>",
    to: ["owner@example.com"],
    businessName: "Test",
    wordsOf: repositoryFacts,
  },
);

let api: FakeMailApi | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
});

describe("HTTP e-mail API mailer (Resend)", () => {
  it("posts the message with the API key and an idempotency key per request", async () => {
    api = await startFakeMailApi();
    const mailer = createHttpMailer({ apiKey: "re_test_key", endpoint: api.url });
    expect(await mailer.send(email)).toMatch(/^api:owner@example.com \(.+\)$/);
    const [sent] = api.received;
    expect(sent?.headers["idempotency-key"]).toBe(`contact-request/${email.requestId}`);
    expect(sent?.body).toMatchObject({
      from: "Site <site@example.com>",
      to: ["owner@example.com"],
      reply_to: '"Jane \\"JD\\" Doe, Jr." <jane@example.org>',
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: { "X-Contact-Request-Id": email.requestId },
    });
    expect(sent?.body.html).toContain("&lt;b&gt;Nightly&lt;/b&gt;");
  });

  it("passes no header value on with a line break, whoever composed it", async () => {
    api = await startFakeMailApi();
    const mailer = createHttpMailer({ apiKey: "re_test_key", endpoint: api.url });
    const injected = "Keystone\r\nBcc: thief@example.net";
    await mailer.send({
      ...email,
      from: `${injected} <site@example.com>`,
      to: ["owner@example.com\nBcc: thief@example.net"],
      replyTo: { name: injected, address: "site@example.com\r\nBcc: thief@example.net" },
      subject: `Digest\r\n${injected}`,
      headers: { "X-Owner-Notice": `a\r\nBcc: thief@example.net`, "X-A\nBcc": "b" },
    });
    const body = api.received[0]?.body as Record<string, unknown>;
    const headers = [
      body.from,
      ...(body.to as string[]),
      body.reply_to,
      body.subject,
      ...Object.entries(body.headers as Record<string, string>).flat(),
    ] as string[];
    expect(headers.length).toBe(8);
    for (const value of headers) expect(value).not.toMatch(/[\r\n]/);
  });

  it("fails the attempt on an error status, with the API's words", async () => {
    api = await startFakeMailApi();
    api.failing = 503;
    const mailer = createHttpMailer({ apiKey: "re_test_key", endpoint: api.url });
    await expect(mailer.send(email)).rejects.toThrow(/503.*temporarily down/);
  });

  it("refuses a message for good on a 4xx, defers it on 429, pauses on 5xx and a bad key", async () => {
    api = await startFakeMailApi();
    const mailer = createHttpMailer({ apiKey: "re_test_key", endpoint: api.url });
    const kindFor = async (status: number) => {
      if (api) api.failing = status;
      return classifyMailError(await mailer.send(email).catch((error: unknown) => error)).kind;
    };
    expect(await kindFor(422)).toBe("permanent");
    expect(await kindFor(400)).toBe("permanent");
    expect(await kindFor(429)).toBe("transient");
    expect(await kindFor(503)).toBe("server");
    expect(await kindFor(401)).toBe("server");
  });

  it("fails clearly when no API key is configured", async () => {
    const mailer = createHttpMailer({ apiKey: undefined, endpoint: "http://127.0.0.1:9/emails" });
    await expect(mailer.send(email)).rejects.toThrow(/RESEND_API_KEY/);
  });

  it("formats a plain address without a name", () => {
    expect(formatAddress({ name: "", address: "a@example.org" })).toBe("a@example.org");
  });
});
