import { afterEach, describe, expect, it } from "vitest";
import { unusedPort } from "../../tests/integration/support/ports.ts";
import { type SmtpSink, startSmtpSink } from "../../tests/integration/support/smtp-sink.ts";
import { composeContactEmail } from "./email.ts";
import type { Mailer } from "./mailer.ts";
import { createSmtpMailer, describeSmtpUrl } from "./smtp-mailer.ts";

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

  it("hides the password when the URL is logged", () => {
    expect(describeSmtpUrl("smtps://user:secret@smtp.example.com:465")).toBe(
      "smtps://user:***@smtp.example.com:465",
    );
  });
});
