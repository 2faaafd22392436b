/** A way to hand one composed e-mail to the outside world. Throws when it was not accepted. */
import type { ContactEmail } from "./email.ts";

export type Mailer = {
  /** Resolves with where the e-mail went (stored per request as `deliveredTo`). */
  send(email: ContactEmail): Promise<string>;
  close(): Promise<void>;
};

/**
 * Why an attempt failed decides what the outbox does next:
 * - `server`: the mail server itself failed (connection, TLS, login, timeout, its own 5xx on an
 *   HTTP API): nothing will get through, so the whole outbox pauses and probes with backoff;
 * - `transient`: this message was deferred (SMTP 4xx, HTTP 429): it alone retries with backoff;
 * - `permanent`: this message was refused for good (SMTP 5xx, HTTP 4xx but 401/403/429): after a
 *   few attempts it is marked failed and the owner is told; other messages go on.
 */
export type FailureKind = "server" | "transient" | "permanent";

export class MailDeliveryError extends Error {
  readonly kind: FailureKind;
  /** Recipients that accepted the message although others refused it. */
  readonly delivered: string[];
  constructor(message: string, kind: FailureKind, delivered: string[] = []) {
    super(message);
    this.name = "MailDeliveryError";
    this.kind = kind;
    this.delivered = delivered;
  }
}

/** nodemailer's codes for a mail server that cannot be reached, spoken to or logged in to. */
const serverCodes = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ETLS",
  "EAUTH",
  "ENOAUTH",
  "EPROTOCOL",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** Classifies any error a mailer threw; anything unknown is treated as the server's failure. */
export function classifyMailError(error: unknown): { kind: FailureKind; delivered: string[] } {
  if (error instanceof MailDeliveryError) return { kind: error.kind, delivered: error.delivered };
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof code === "string" && serverCodes.has(code)) return { kind: "server", delivered: [] };
  if (typeof responseCode === "number") {
    if (responseCode >= 500 && responseCode < 600) return { kind: "permanent", delivered: [] };
    if (responseCode >= 400 && responseCode < 500) return { kind: "transient", delivered: [] };
  }
  return { kind: "server", delivered: [] };
}
