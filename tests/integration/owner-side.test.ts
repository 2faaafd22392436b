/**
 * The owner's side on the real embedded server: SQLite in a temporary folder, a real SMTP server on
 * loopback, and a loopback HTTP receiver standing in for ntfy. A new request is pushed (through an
 * outage of the push service, without delaying its e-mail), its e-mail links to the request page,
 * the page's button sets the status that `npm run leads -- --json` shows, a request left `new` gets
 * its reminder, and the digest whose time passed while the server was down goes out at start.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { functionPath } from "./contract-cases.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { unusedPort } from "./support/ports.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { type PushReceiver, startPushReceiver } from "./support/push-receiver.ts";
import { validRequest } from "./support/requests.ts";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

let folder = "";
let site = "";
let smtp: SmtpSink;
let push: PushReceiver;
let server: HostProcess;
let functionUrl = "";

const key = "sb_publishable_owner-test-key";
const secretMessage = "THE-VISITORS-OWN-WORDS-NEVER-PUSHED";

/** New York's wall clock a minute ago: the digest time that passed just before the start. */
function digestTimeJustPassed(): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(Date.now() - 60_000));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "00";
  return `${get("hour")}:${get("minute")}`;
}

function settings(port: number): Record<string, string> {
  return {
    PORT: String(port),
    NODE_ENV: "production",
    OWNER_LINK_SECRET: "owner-side-test-secret-0123456789abcdef",
    FUNCTION_URL: `http://127.0.0.1:${port}${functionPath}`,
    ALERT_URL: `${push.url}/keystone-leads`,
    ALERT_FORMAT: "ntfy",
    REMINDER_AFTER_HOURS: "0.003",
    DIGEST_TIME: digestTimeJustPassed(),
    CONTACT_PUBLIC_KEY: key,
    ALLOWED_ORIGINS: "https://www.example.org",
    MAIL_TO: "owner@example.com",
    MAIL_FROM: "Keystone Shine Website <website@example.com>",
    OUTBOX_RETRY_BASE_MS: "100",
    OUTBOX_RETRY_MAX_MS: "400",
    RATE_LIMIT_DISABLED: "true",
    STATIC_DIR: site,
    DATA_DIR: join(folder, "data"),
    SMTP_URL: smtp.url,
  };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "owner-side-"));
  site = await createFakeSite(folder);
  smtp = await startSmtpSink();
  push = await startPushReceiver();
  const port = await unusedPort();
  functionUrl = `http://127.0.0.1:${port}${functionPath}`;
  server = await startNodeServer(settings(port), folder);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await push?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function submit(name: string): Promise<string> {
  const response = await fetch(`${server.url}${functionPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key, origin: "https://www.example.org" },
    body: JSON.stringify(validRequest({ name, message: `Please call. ${secretMessage}` })),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const mailWithSubject = (prefix: string) =>
  smtp.waitFor((mail) => (mail.mail.header("subject") ?? "").startsWith(prefix), 30_000);

describe("the owner's side on the embedded server", () => {
  it("sends the digest whose time passed just before the start (catch-up), by e-mail and push", async () => {
    const mail = await mailWithSubject("Quote requests, digest of");
    expect(mail?.mail.text).toContain("new requests in the last 24 hours");
    const body = JSON.parse(await push.waitFor((text) => text.includes("digest of")));
    expect(body).toMatchObject({ topic: "keystone-leads", tags: ["memo"] });
  });

  it("pushes a new request through an outage of the push service; the e-mail does not wait", async () => {
    push.refuseNext(2);
    const id = await submit("Pat Pusher");
    const mail = await smtp.waitForRequest(id);
    const link = `${functionUrl}/lead/${id}?token=`;
    expect(mail.mail.text).toContain(link);
    const body = JSON.parse(await push.waitFor((text) => text.includes("Pat Pusher")));
    expect(push.refused).toBeGreaterThanOrEqual(2);
    expect(body.topic).toBe("keystone-leads");
    expect(body.title).toBe("New quote request: Pat Pusher");
    expect(body.click).toContain(link);
    expect(JSON.stringify(body)).not.toContain(secretMessage);
  });

  it("the link in the e-mail opens the request; Won sets the status npm run leads shows", async () => {
    const id = await submit("Wren Winner");
    const mail = await smtp.waitForRequest(id);
    const link =
      new RegExp(`${functionUrl}/lead/${id}\\?token=[\\w.-]+`).exec(mail.mail.text)?.[0] ?? "";
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    const html = await page.text();
    expect(html).toContain("Wren Winner");
    const token = new URL(link).searchParams.get("token") ?? "";
    const won = await fetch(`${functionUrl}/lead/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, status: "won" }),
      redirect: "manual",
    });
    expect(won.status).toBe(303);
    const leads = (await runLeads(join(folder, "data"), ["--json"]))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(leads.find((lead) => lead.id === id)).toMatchObject({
      status: "won",
      deliveryStatus: "sent",
    });
    expect((await fetch(link.replace(/token=\d/, "token=9"))).status).toBe(403);
  });

  it("a push's link only shows the request; the e-mail's link acts, and its Spam is the owner's", async () => {
    const id = await submit("Sam Seen");
    const pushed = JSON.parse(await push.waitFor((text) => text.includes("Sam Seen")));
    const readOnly = new URL(pushed.click);
    const page = await fetch(readOnly);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sam Seen");
    expect(html).not.toContain("<button");
    const token = readOnly.searchParams.get("token") ?? "";
    for (const [url, body] of [
      [readOnly.href, "status=spam"],
      [`${functionUrl}/lead/${id}`, new URLSearchParams({ token, status: "spam" }).toString()],
    ] as const) {
      const refused = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
      expect(refused.status).toBe(403);
    }

    const mail = await smtp.waitForRequest(id);
    const acting = new RegExp(`${functionUrl}/lead/${id}\\?token=[\\w.-]+`).exec(
      mail.mail.text,
    )?.[0];
    expect(await (await fetch(acting ?? "")).text()).toContain("<button");
    const marked = await fetch(acting ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "status=spam",
      redirect: "manual",
    });
    expect(marked.status).toBe(303);
    const listed = await runLeads(join(folder, "data"), ["--all"]);
    const block = listed.split("\n\n").find((text) => text.includes("Sam Seen")) ?? "";
    expect(block).toContain("SPAM (marked by you");
    expect(block).not.toContain("spam filter");
  });

  it("reminds the owner of a request still new after the configured hours, once, not of won ones", async () => {
    const id = await submit("Nell Waiting");
    await smtp.waitForRequest(id);
    const reminder = await mailWithSubject("Still waiting after 0.003 hours: Nell Waiting");
    expect(reminder?.mail.text).toContain(`${functionUrl}/lead/${id}?token=`);
    expect(reminder?.mail.text).not.toContain(secretMessage);
    await push.waitFor((text) => text.includes("Still waiting") && text.includes("Nell Waiting"));
    const subjects = smtp.received.map((mail) => mail.mail.header("subject") ?? "");
    expect(
      subjects.filter((subject) => subject.includes("Still waiting") && subject.includes("Nell")),
    ).toHaveLength(1);
    expect(
      subjects.some((subject) => subject.includes("Still waiting") && subject.includes("Wren")),
    ).toBe(false);
  }, 60_000);

  it("refuses to start in production without OWNER_LINK_SECRET, saying what to do", async () => {
    const port = await unusedPort();
    const { OWNER_LINK_SECRET: _secret, ...rest } = settings(port);
    await expect(
      startNodeServer({ ...rest, DATA_DIR: join(folder, "data-2") }, folder),
    ).rejects.toThrow(/OWNER_LINK_SECRET is not set/);
  });
});

describe("the owner's links on `npm start` with the defaults", () => {
  it("point at the running server, and keep working after a restart without OWNER_LINK_SECRET", async () => {
    const dataDir = join(folder, "data-defaults");
    // No FUNCTION_URL, no site URL of the owner's, no secret: a first start with real e-mail.
    const defaults = {
      STATIC_DIR: site,
      DATA_DIR: dataDir,
      CONTACT_PUBLIC_KEY: key,
      SMTP_URL: smtp.url,
      RATE_LIMIT_DISABLED: "true",
    };
    const first = await startNodeServer(defaults, folder);
    let link: URL;
    try {
      const response = await fetch(`${first.url}${functionPath}`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: key },
        body: JSON.stringify(validRequest({ name: "Dot Defaults" })),
      });
      const { id } = (await response.json()) as { id: string };
      const mail = await smtp.waitForRequest(id);
      link = new URL(/https?:\/\/\S+\/lead\/\S+/.exec(mail.mail.text)?.[0] ?? "");
      expect(link.origin).toBe(first.url);
      expect((await fetch(link)).status).toBe(200);
      expect(statSync(join(dataDir, "owner-link-secret")).mode & 0o777).toBe(0o600);
    } finally {
      await first.stop();
    }
    const second = await startNodeServer(defaults, folder);
    try {
      const page = await fetch(`${second.url}${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Dot Defaults");
      // The CLI signs with the secret kept in the data folder, as the server does.
      const port = new URL(second.url).port;
      for (const [flag, path] of [
        ["--calendar-url", "/calendar/visits.ics"],
        ["--inbox-url", "/inbox"],
      ] as const) {
        const printed = new URL((await runLeads(dataDir, [flag], folder, { PORT: port })).trim());
        expect(printed.pathname).toBe(`${functionPath}${path}`);
        expect(printed.origin).toBe(second.url);
        expect((await fetch(printed)).status).toBe(200);
      }
    } finally {
      await second.stop();
    }
  }, 60_000);
});
