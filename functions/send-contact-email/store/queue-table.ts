/**
 * A durable queue is a table whose rows wait until sent or failed: the outbox's e-mails (one per
 * request, in contact_requests), the owner's notices (owner_notices) and the e-mails to visitors
 * (visitor_emails: acknowledgement, visit, reminder). Every such table has these columns (both schemas, under
 * supabase/):
 *   <key>, <state> ('pending' | 'sent' | 'failed'), attempts, last_error, next_attempt_at,
 *   claimed_at, sent_at
 * and the store implements the one generic queue (store/job-queue.ts) over any of them
 * (database/job-queue.ts), reached as `store.queue(name)`. A new queue is a table
 * with these columns, an entry here and in `Queues`, and a deliver function for the runner
 * (queue/runner.ts).
 *
 * The rules, the same for every queue: a claim marks up to N due rows (attempts + 1), rows never
 * attempted first (new work never waits behind old retries), then the longest due; a claim older
 * than the lease belongs to a crashed worker and may be taken again.
 */

import type { StoredVisitorEmail } from "./booking-store.ts";
import type { StoredFollowUp } from "./follow-up-store.ts";
import type { JobQueue } from "./job-queue.ts";
import type { StoredNotice } from "./owner-store.ts";
import type { StoredContactRequest } from "./store.ts";
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
  /** A sent job's earlier error is cleared (its page no longer shows it). */
  sentClearsError?: boolean;
  /**
   * What a mark may also record (the detail's field to its column); a detail's field left out
   * leaves its column as it is. A list is JSON text in SQLite, text[] in Postgres.
   */
  details?: Record<string, { column: string; list?: boolean }>;
};

/** What a delivery's marks also record: who accepted the e-mail (mail/outbox.ts). */
export type DeliveryDetail = {
  /** The mail server's answer to the accepted e-mail. */
  deliveredTo?: string;
  /** Recipients that accepted it in this or an earlier attempt (kept; never sent to again). */
  deliveredRecipients?: string[];
};

/** Every queue of the function, by name: the `store.queue(name)` each store implements once. */
export type Queues = {
  deliveries: JobQueue<StoredContactRequest, DeliveryDetail>;
  notices: JobQueue<StoredNotice>;
  visitorEmails: JobQueue<StoredVisitorEmail>;
  followUps: JobQueue<StoredFollowUp>;
};

export type QueueName = keyof Queues;

export type QueueStore = {
  /** The named queue over this store's table (queue/job-queue.ts). */
  queue<Name extends QueueName>(name: Name): Queues[Name];
};

/** The e-mail of each quote request (outbox.ts); spam is stored, never e-mailed. */
export const deliveryQueue: QueueTable = {
  table: "contact_requests",
  key: "id",
  state: "delivery_status",
  claimable: "status <> 'spam'",
  columns: contactRequestColumns,
  sentClearsError: true,
  details: {
    deliveredTo: { column: "delivered_to" },
    deliveredRecipients: { column: "delivered_recipients", list: true },
  },
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
  sentClearsError: true,
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
