/**
 * Sends through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465).
 * A small connection pool, and timeouts so that a silent server fails an attempt (and the outbox
 * retries later) instead of holding it forever.
 */
import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";
import { toNodemailerMessage } from "./nodemailer-message.ts";

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
      if (rejected.length > 0) throw new Error(`SMTP server rejected ${rejected.join(", ")}`);
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
