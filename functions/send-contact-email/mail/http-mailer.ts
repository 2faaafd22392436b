/**
 * Sends through an HTTP e-mail API, for hosts that cannot open SMTP connections (Supabase Edge
 * Functions). The request is Resend's POST /emails (https://resend.com/docs/api-reference): a
 * JSON message with a Bearer API key. The Idempotency-Key derived from the request id makes a
 * retry after a lost answer safe: the API sends that e-mail once. Web APIs only (fetch).
 */
import { type ContactEmail, type EmailAddress, headerLine } from "./email.ts";
import { type FailureKind, MailDeliveryError, type Mailer } from "./mailer.ts";

export const resendEndpoint = "https://api.resend.com/emails";

export type HttpMailerOptions = {
  apiKey: string | undefined;
  endpoint?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** `"Jane Doe" <jane@example.com>`: the name quoted, so commas or brackets in it stay inside. */
export function formatAddress({ name, address }: EmailAddress): string {
  if (!name) return address;
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/**
 * Every header the API is given, on one line: a value that reached here with a line break (a
 * composer that skipped `headerSafe`) must not become a header of its own (Bcc:) on the way out.
 * Nodemailer encodes such values itself; this mailer passes them to the API as they are.
 */
function toResendPayload(email: ContactEmail) {
  return {
    from: headerLine(email.from),
    to: email.to.map(headerLine),
    reply_to: headerLine(
      formatAddress({ name: email.replyTo.name, address: email.replyTo.address }),
    ),
    subject: headerLine(email.subject),
    text: email.text,
    html: email.html,
    headers: Object.fromEntries(
      Object.entries(email.headers).map(([name, value]) => [headerLine(name), headerLine(value)]),
    ),
    ...(email.calendar
      ? {
          attachments: [
            {
              filename: "visit.ics",
              content: base64(email.calendar.content),
              content_type: `text/calendar; method=${email.calendar.method}; charset=utf-8`,
            },
          ],
        }
      : {}),
  };
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * 429 and 5xx: try again later (5xx and a bad key, 401/403, are the service's or our login's
 * failure: the whole outbox pauses); any other 4xx refuses this message for good.
 */
function failureKindOfStatus(status: number): FailureKind {
  if (status === 429) return "transient";
  if (status === 401 || status === 403 || status >= 500) return "server";
  return "permanent";
}

export function createHttpMailer(options: HttpMailerOptions): Mailer {
  const endpoint = options.endpoint ?? resendEndpoint;
  const doFetch = options.fetch ?? fetch;

  return {
    async send(email) {
      if (!options.apiKey)
        throw new MailDeliveryError("RESEND_API_KEY is not set: cannot send e-mail", "server");
      const response = await doFetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": `contact-request/${email.requestId}`,
        },
        body: JSON.stringify(toResendPayload(email)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const detail = await response.text().catch(() => "");
      if (!response.ok) {
        throw new MailDeliveryError(
          `E-mail API answered ${response.status}: ${detail.slice(0, 300)}`,
          failureKindOfStatus(response.status),
        );
      }
      let id = "";
      try {
        id = String((JSON.parse(detail) as { id?: unknown }).id ?? "");
      } catch {
        id = "";
      }
      return `api:${email.to.join(",")}${id ? ` (${id})` : ""}`;
    },
    async close() {},
  };
}
