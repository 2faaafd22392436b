/**
 * A durable queue is a table whose rows wait until sent or failed: the outbox's e-mails (one per
 * request, in contact_requests), the owner's notices (owner_notices) and the e-mails to visitors
 * (visitor_emails: acknowledgement, visit, reminder). Every such table has these columns (both schemas, under
 * supabase/):
 *   <key>, <state> ('pending' | 'sent' | 'failed'), attempts, last_error, next_attempt_at,
 *   claimed_at, sent_at
 * and each SQL store has one helper that claims, leases, times and marks them
 * (sqlite-queue.ts, postgres-queue.ts). A new queue is a table with these columns and an entry
 * here.
 *
 * The rules, the same for every queue: a claim marks up to N due rows (attempts + 1), rows never
 * attempted first (new work never waits behind old retries), then the longest due; a claim older
 * than the lease belongs to a crashed worker and may be taken again.
 */
import {
  contactRequestColumns,
  followUpColumns,
  noticeColumns,
  visitorEmailColumns,
} from "./store-row.ts";

export type QueueTable = {
  table: string;
  key: string;
  /** The column holding 'pending', 'sent' or 'failed'. */
  state: string;
  /** What else keeps a pending row from being claimed (SQL over the row), if anything. */
  claimable?: string;
  /** The columns a claim returns. */
  columns: string;
};

/** The e-mail of each quote request (outbox.ts); spam is stored, never e-mailed. */
export const deliveryQueue: QueueTable = {
  table: "contact_requests",
  key: "id",
  state: "delivery_status",
  claimable: "status <> 'spam'",
  columns: contactRequestColumns,
};

/** The owner's alerts, reminders and digests (owner/notifier.ts). */
export const noticeQueue: QueueTable = {
  table: "owner_notices",
  key: "key",
  state: "status",
  columns: noticeColumns,
};

/** Review requests and follow-ups to customers (follow-ups/follow-up-job.ts). */
export const followUpQueue: QueueTable = {
  table: "follow_ups",
  key: "key",
  state: "status",
  columns: followUpColumns,
};

/** The earliest time a queue has something due: an unclaimed row's, or an old claim's lease end. */
export function earliestDue(
  nextUnclaimed: string | Date | null,
  oldestClaim: string | Date | null,
  leaseMs: number,
): Date | null {
  const candidates = [
    nextUnclaimed === null ? null : new Date(nextUnclaimed).getTime(),
    oldestClaim === null ? null : new Date(oldestClaim).getTime() + leaseMs,
  ].filter((time): time is number => time !== null);
  return candidates.length === 0 ? null : new Date(Math.min(...candidates));
}

/** E-mails to visitors: acknowledgement, visit confirmation or cancellation, reminder (booking/). */
export const visitorEmailQueue: QueueTable = {
  table: "visitor_emails",
  key: "key",
  state: "status",
  columns: visitorEmailColumns,
};
