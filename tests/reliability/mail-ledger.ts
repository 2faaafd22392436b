/**
 * Counts the e-mails the SMTP server(s) received: the owner's, per quote request (by their
 * X-Contact-Request-Id header), and the visitors' (acknowledgements, visit e-mails), per key (by
 * X-Visitor-Mail-Key); and waits for every queue to drain: nothing pending in the store and every
 * expected id and key e-mailed, then a short settle so that a late duplicate is seen too.
 */
import { createArrivals } from "../integration/support/arrivals.ts";
import { waitUntil } from "../integration/support/ports.ts";
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
 * Resolves true once every id in `ids` has the owner's e-mail and every key in `keys` its visitor's
 * e-mail, checked as each mail arrives at any of `sinks`; false after `timeoutMs`.
 */
async function allMailed(
  sinks: readonly SmtpSink[],
  ids: Iterable<string>,
  keys: Iterable<string>,
  timeoutMs: number,
): Promise<boolean> {
  const missingIds = new Set(ids);
  const missingKeys = new Set(keys);
  const read = sinks.map(() => 0);
  // Each mail is looked at once, however many arrive: thousands in a benchmark.
  const allThere = () => {
    sinks.forEach((sink, index) => {
      let next = read[index] ?? 0;
      for (; next < sink.received.length; next += 1) {
        const mail = sink.received[next]?.mail;
        const key = mail?.header("x-visitor-mail-key");
        if (key) missingKeys.delete(key);
        else missingIds.delete(mail?.header("x-contact-request-id") ?? "");
      }
      read[index] = next;
    });
    return missingIds.size === 0 && missingKeys.size === 0;
  };
  const arrivals = createArrivals();
  const unsubscribe = sinks.map((sink) => sink.onArrival(() => arrivals.arrived()));
  try {
    await arrivals.until(allThere, timeoutMs, "every e-mail");
    return true;
  } catch {
    return false;
  } finally {
    for (const stop of unsubscribe) stop();
  }
}

/**
 * Waits until every id in `expected` (and every visitor key) has an e-mail, as they arrive, then
 * until `pending()` finds nothing left in the store, or until `timeoutMs`. The store is polled: it
 * is the server's, in another process, and says nothing when it empties. `settleMs` more are
 * waited after that, so a repeat sent late is counted.
 */
export async function waitForQueues(
  pending: () => number | Promise<number>,
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
  const mailed = await allMailed(sinks, expected, visitorKeys, timeoutMs);
  let left = await pending();
  if (mailed && left > 0) {
    await waitUntil(
      async () => {
        left = await pending();
        return left === 0;
      },
      {
        timeoutMs: Math.max(0, timeoutMs - (performance.now() - started)),
        intervalMs,
        what: "nothing pending in the store",
      },
    ).catch(() => {});
  }
  const ms = performance.now() - started;
  if (!mailed || left > 0) return { drained: false, ms, pending: left };
  // Kept: a repeat sent late gives no sign before it comes; the settle is how long we look.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { drained: true, ms, pending: 0 };
}

/** waitForQueues on the SQLite store in `dataDir`: the owner's and the visitors' e-mails. */
export function waitForDrain(
  dataDir: string,
  sinks: readonly SmtpSink[],
  expected: Iterable<string>,
  options: Parameters<typeof waitForQueues>[3] = {},
): Promise<DrainResult> {
  const pending = () =>
    readStore(dataDir).filter((row) => row.deliveryStatus === "pending").length +
    readVisitorEmails(dataDir).filter((row) => row.status === "pending").length;
  return waitForQueues(pending, sinks, expected, options);
}
