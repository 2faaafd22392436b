import { afterEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { unusedPort } from "../../../tests/integration/support/ports.ts";
import { type SmtpSink, startSmtpSink } from "../../../tests/integration/support/smtp-sink.ts";
import { composeContactEmail } from "./email.ts";
import type { Mailer } from "./mailer.ts";
import { classifyMailError } from "./mailer.ts";
import { createSmtpMailer, describeSmtpUrl, requiresStartTls } from "./smtp-mailer.ts";

const request = {
  id: "5d1c3f0a-1111-4222-8333-944455556666",
  createdAt: "2025-03-04T19:15:00.000Z",
  name: "Zoë O'Brien <admin@example.net>",
  email: "zoe@example.org",
  phone: "+1 484 555 0199",
  service: "other" as const,
  otherService: "Windows & <blinds>",
  message: "Ünïcödé line one\nline two <script>alert(1)</script>",
};
const email = composeContactEmail(request, {
  from: "Keystone Shine Website <hello@example.com>",
  to: ["owner@example.com"],
  businessName: "Keystone Shine Cleaning",
  wordsOf: repositoryFacts,
});

let sink: SmtpSink | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  await mailer?.close();
  await sink?.stop();
  sink = undefined;
});

describe("SMTP mailer", () => {
  it("delivers to the business only, Reply-To the visitor, both parts intact", async () => {
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url);
    expect(await mailer.send(email)).toBe("smtp:owner@example.com");
    const [received] = sink.received;
    expect(received?.envelopeTo).toEqual(["owner@example.com"]);
    expect(received?.envelopeFrom).toBe("hello@example.com");
    const mail = received?.mail;
    expect(mail?.header("to")).toBe("owner@example.com");
    expect(mail?.header("reply-to")).toContain("<zoe@example.org>");
    expect(mail?.header("reply-to")).toContain("Zoë O'Brien");
    expect(mail?.header("subject")).toBe(
      "Quote request: Other: Windows & <blinds> from Zoë O'Brien <admin@example.net>",
    );
    expect(mail?.header("message-id")).toBe(`<contact-${request.id}@example.com>`);
    expect(mail?.header("x-contact-request-id")).toBe(request.id);
    expect(mail?.text).toContain("Ünïcödé line one\nline two <script>alert(1)</script>");
    expect(mail?.html).toContain("line two &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail?.html).not.toContain("<script>");
  });

  it("fails the attempt when no mail server listens", async () => {
    mailer = createSmtpMailer(`smtp://127.0.0.1:${await unusedPort()}`);
    await expect(mailer.send(email)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("reports the recipients that accepted when another refuses for good", async () => {
    sink = await startSmtpSink(0, {
      refuseRecipient: (address) => (address === "gone@example.com" ? 550 : null),
    });
    mailer = createSmtpMailer(sink.url);
    const error = await mailer
      .send({ ...email, to: ["owner@example.com", "gone@example.com"] })
      .catch((caught: unknown) => caught);
    expect(classifyMailError(error)).toEqual({
      kind: "permanent",
      delivered: ["owner@example.com"],
    });
    expect(sink.received[0]?.envelopeTo).toEqual(["owner@example.com"]);
  });

  it("tells a refusal for good (5xx) from a deferral (4xx) when nobody accepted", async () => {
    sink = await startSmtpSink(0, {
      refuseRecipient: (address) => (address.startsWith("later") ? 450 : 550),
    });
    mailer = createSmtpMailer(sink.url);
    const refused = await mailer.send(email).catch((caught: unknown) => caught);
    expect(classifyMailError(refused).kind).toBe("permanent");
    const deferred = await mailer
      .send({ ...email, to: ["later@example.com"] })
      .catch((caught: unknown) => caught);
    expect(classifyMailError(deferred).kind).toBe("transient");
  });

  it("requires STARTTLS for smtp:// to another machine, not for loopback or smtps://", () => {
    expect(requiresStartTls("smtp://user:pw@smtp.example.com:587")).toBe(true);
    expect(requiresStartTls("smtp://10.0.0.5:25")).toBe(true);
    expect(requiresStartTls("smtps://user:pw@smtp.example.com:465")).toBe(false);
    expect(requiresStartTls("smtp://127.0.0.1:2525")).toBe(false);
    expect(requiresStartTls("smtp://localhost:25")).toBe(false);
  });

  it("hides the password when the URL is logged", () => {
    expect(describeSmtpUrl("smtps://user:secret@smtp.example.com:465")).toBe(
      "smtps://user:***@smtp.example.com:465",
    );
  });
});
