/**
 * Counts the e-mails the SMTP server(s) received: the owner's, per quote request (by their
 * X-Contact-Request-Id header), and the visitors' (acknowledgements, visit e-mails), per key (by
 * X-Visitor-Mail-Key); and waits for every queue to drain: nothing pending in the store and every
 * expected id and key e-mailed, then a short settle so that a late duplicate is seen too.
 */
import type { SmtpSink } from "../integration/support/smtp-sink.ts";
import { readStore, readVisitorEmails } from "./store-reader.ts";

/** The owner's e-mails per request id (notices and visitors' e-mails are counted apart). */
export function mailCounts(sinks: readonly SmtpSink[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sink of sinks) {
    for (const item of sink.received) {
      if (item.mail.header("x-visitor-mail-key")) continue;
      const id = item.mail.header("x-contact-request-id") ?? "(none)";
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/** The visitors' e-mails per key (`acknowledgement:<id>`, `visit:<id>:<sequence>`). */
export function visitorMailCounts(sinks: readonly SmtpSink[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sink of sinks) {
    for (const item of sink.received) {
      const key = item.mail.header("x-visitor-mail-key");
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** Expected visitor e-mail keys that never arrived, and those that came more than once. */
export function auditVisitorMail(sinks: readonly SmtpSink[], keys: Iterable<string>) {
  const counts = visitorMailCounts(sinks);
  const missing: string[] = [];
  const duplicated: string[] = [];
  for (const key of keys) {
    const count = counts.get(key) ?? 0;
    if (count === 0) missing.push(key);
    if (count > 1) duplicated.push(key);
  }
  return { missing, duplicated };
}

export type MailAudit = {
  /** Expected ids with no e-mail at all. */
  missing: string[];
  /** Expected ids with more than one e-mail. */
  duplicated: string[];
  /** E-mails for ids nobody expected. */
  unexpected: number;
  total: number;
};

export function auditMail(sinks: readonly SmtpSink[], expected: Iterable<string>): MailAudit {
  const counts = mailCounts(sinks);
  const wanted = new Set(expected);
  const missing: string[] = [];
  const duplicated: string[] = [];
  for (const id of wanted) {
    const count = counts.get(id) ?? 0;
    if (count === 0) missing.push(id);
    if (count > 1) duplicated.push(id);
  }
  let unexpected = 0;
  let total = 0;
  for (const [id, count] of counts) {
    total += count;
    if (!wanted.has(id)) unexpected += count;
  }
  return { missing, duplicated, unexpected, total };
}

export type DrainResult = { drained: boolean; ms: number; pending: number };

/**
 * Polls until the store has no pending row and every id in `expected` has an e-mail, or until
 * `timeoutMs`. `settleMs` more are waited after that, so a repeat sent late is counted.
 */
export async function waitForDrain(
  dataDir: string,
  sinks: readonly SmtpSink[],
  expected: Iterable<string>,
  {
    timeoutMs = 120_000,
    settleMs = 500,
    intervalMs = 200,
    visitorKeys = [] as Iterable<string>,
  } = {},
): Promise<DrainResult> {
  const started = performance.now();
  const wanted = [...expected];
  const wantedKeys = [...visitorKeys];
  for (;;) {
    const pending =
      readStore(dataDir).filter((row) => row.deliveryStatus === "pending").length +
      readVisitorEmails(dataDir).filter((row) => row.status === "pending").length;
    const counts = mailCounts(sinks);
    const visitorCounts = visitorMailCounts(sinks);
    const allMailed =
      wanted.every((id) => (counts.get(id) ?? 0) > 0) &&
      wantedKeys.every((key) => (visitorCounts.get(key) ?? 0) > 0);
    const ms = performance.now() - started;
    if (pending === 0 && allMailed) {
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      return { drained: true, ms, pending };
    }
    if (ms > timeoutMs) return { drained: false, ms, pending };
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
