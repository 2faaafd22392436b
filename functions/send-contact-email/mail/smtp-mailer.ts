/**
 * Sends through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465).
 * A small connection pool, and timeouts so that a silent server fails an attempt (and the outbox
 * retries later) instead of holding it forever. `smtp://` to any host but this machine must
 * upgrade with STARTTLS, or the attempt fails: the login and the lead never cross a network in
 * clear. With several recipients, those that accepted are reported, so a retry skips them.
 */
import nodemailer from "nodemailer";
import { MailDeliveryError, type Mailer } from "./mailer.ts";
import { toNodemailerMessage } from "./nodemailer-message.ts";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** Loopback: the mail server runs on this machine (a relay, a test), so nothing crosses a network. */
function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** smtp:// to another machine requires STARTTLS (smtps:// is TLS from the start). */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === "smtp:" && !isLoopbackHost(url.hostname);
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: requiresStartTls(smtpUrl),
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    async send(email) {
      const info = await transport.sendMail(toNodemailerMessage(email));
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length > 0) {
        const accepted = (info.accepted ?? []).map(String);
        const codes = (info.rejectedErrors ?? []).map(
          (error) => (error as { responseCode?: number }).responseCode ?? 550,
        );
        const deferred = codes.some((code) => code >= 400 && code < 500);
        throw new MailDeliveryError(
          `SMTP server refused ${rejected.join(", ")} (${codes.join(", ")})`,
          deferred ? "transient" : "permanent",
          accepted,
        );
      }
      return `smtp:${email.to.join(",")}`;
    },
    async close() {
      transport.close();
    },
  };
}

/** The URL without its password, for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparsable SMTP_URL)";
  }
}
