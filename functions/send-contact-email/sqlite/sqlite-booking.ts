/**
 * The SQLite store's part of the booking contract (booking/booking-store.ts): a change to a
 * request with its event, visitor e-mail and owner notices in one write (so in one commit of the
 * store's group commit), and visits by time. Its visitor e-mail queue is the store's generic one
 * (sqlite-queue.ts).
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import {
  type BookingStore,
  changedColumns,
  limitSince,
  type NewVisitorEmail,
  newEvent,
  overLimit,
  refusal,
} from "../store/booking-store.ts";
import type { NewNotice } from "../store/owner-store.ts";
import {
  contactRequestColumns as columns,
  type EventRow,
  eventColumns,
  type ContactRequestRow as Row,
  toRequestEvent,
  toStoredRequest,
  toStoredVisitorEmail,
  type VisitorEmailRow,
  visitorEmailColumns,
} from "../store/store-row.ts";

type Write = <T>(action: string, work: () => T) => Promise<T>;
type Run = <T>(action: string, work: () => T) => T;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function sqliteBooking(db: DatabaseSync, write: Write, run: Run): BookingStore {
  const statements = {
    get: db.prepare(`SELECT ${columns} FROM contact_requests WHERE id = ?`),
    update: db.prepare(
      `UPDATE contact_requests SET status = ?, contacted_at = ?, visit_start = ?, visit_end = ?,
         visit_sequence = ?, visit_changed_at = ?, service_address = ?,
         quote_details = coalesce(?, quote_details)
       WHERE id = ? RETURNING ${columns}`,
    ),
    event: db.prepare(
      `INSERT INTO request_events (id, request_id, at, actor, kind, details)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    notice: db.prepare(
      `INSERT INTO owner_notices (key, channel, request_id, notice, created_at, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    ),
    email: db.prepare(
      `INSERT INTO visitor_emails (key, kind, request_id, recipient, payload, created_at,
         next_attempt_at, status, last_error)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    ),
    actorEvents: db.prepare(
      `SELECT count(*) AS total, coalesce(sum(CASE WHEN at > ? THEN 1 ELSE 0 END), 0) AS recent,
         min(CASE WHEN at > ? THEN at END) AS oldest
       FROM request_events WHERE request_id = ? AND actor = ?`,
    ),
    waitingNotice: db.prepare(
      `SELECT key, notice FROM owner_notices
       WHERE request_id = ? AND channel = ? AND substr(key, 1, length(?)) = ?
         AND status = 'pending' AND attempts = 0 AND claimed_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
    ),
    joinNotice: db.prepare("UPDATE owner_notices SET notice = ? WHERE key = ?"),
    emailExists: db.prepare("SELECT 1 FROM visitor_emails WHERE key = ?"),
    emailCount: db.prepare(
      `SELECT count(*) AS n FROM visitor_emails
       WHERE recipient = ? AND kind = ? AND created_at > ? AND status <> 'failed'`,
    ),
    emailCountAll: db.prepare(
      `SELECT count(*) AS n FROM visitor_emails
       WHERE kind = ? AND created_at > ? AND status <> 'failed'`,
    ),
    emails: db.prepare(
      `SELECT ${visitorEmailColumns} FROM visitor_emails ORDER BY created_at, key`,
    ),
    emailsOf: db.prepare(
      `SELECT ${visitorEmailColumns} FROM visitor_emails WHERE request_id = ?
       ORDER BY created_at, key`,
    ),
    events: db.prepare(
      `SELECT ${eventColumns} FROM request_events WHERE request_id = ? ORDER BY at, rowid`,
    ),
    visits: db.prepare(
      `SELECT ${columns} FROM contact_requests
       WHERE visit_start IS NOT NULL AND visit_start >= ? AND visit_start < ?
       ORDER BY visit_start, id`,
    ),
  } satisfies Record<string, StatementSync>;

  function insertEmail(email: NewVisitorEmail, state: "pending" | "failed", error: string | null) {
    const created = email.createdAt.toISOString();
    return statements.email.run(
      email.key,
      email.kind,
      email.requestId,
      email.recipient,
      JSON.stringify(email.payload),
      created,
      created,
      state,
      error,
    );
  }

  function insertNotice(notice: NewNotice) {
    if (notice.coalesce) {
      const { prefix, merge } = notice.coalesce;
      const waiting = statements.waitingNotice.get(
        notice.requestId,
        notice.channel,
        prefix,
        prefix,
      ) as { key: string; notice: string } | undefined;
      if (waiting) {
        statements.joinNotice.run(JSON.stringify(merge(JSON.parse(waiting.notice))), waiting.key);
        return;
      }
    }
    statements.notice.run(
      notice.key,
      notice.channel,
      notice.requestId,
      JSON.stringify(notice.notice),
      notice.createdAt.toISOString(),
      (notice.dueAt ?? notice.createdAt).toISOString(),
    );
  }

  return {
    changeRequest(id, change, at) {
      return write("update", () => {
        const row = statements.get.get(id) as Row | undefined;
        const before = row ? toStoredRequest(row) : null;
        const refused = refusal(before, change);
        if (refused || !before) return refused ?? { ok: false, reason: "missing" };
        if (change.limit) {
          const since = limitSince(change.limit, at).toISOString();
          const counted = statements.actorEvents.get(since, since, id, change.limit.actor) as {
            total: number;
            recent: number;
            oldest: string | null;
          };
          const limited = overLimit(
            change.limit,
            { ...counted, oldestRecent: counted.oldest ? new Date(counted.oldest) : null },
            at,
          );
          if (limited) return limited;
        }
        const next = changedColumns(before, change, at);
        const updated = statements.update.get(
          next.status,
          iso(next.contactedAt),
          iso(next.visitStart),
          iso(next.visitEnd),
          next.visitSequence,
          iso(next.visitChangedAt),
          next.serviceAddress,
          next.quoteDetails ? JSON.stringify(next.quoteDetails) : null,
          id,
        ) as Row;
        const request = toStoredRequest(updated);
        const event = newEvent(id, change, at);
        statements.event.run(
          event.id,
          id,
          event.at,
          event.actor,
          event.kind,
          JSON.stringify(event.details),
        );
        const email = change.visitorEmail?.(request);
        if (email) insertEmail(email, "pending", null);
        for (const notice of change.notices ?? []) insertNotice(notice);
        return { ok: true, request, event } as const;
      });
    },
    enqueueVisitorEmail(email, cap) {
      return write("insert", () => {
        if (statements.emailExists.get(email.key)) return "exists" as const;
        const since = new Date(email.createdAt.getTime() - (cap?.windowMs ?? 0)).toISOString();
        const sent = cap
          ? (statements.emailCount.get(email.recipient, email.kind, since) as { n: number }).n
          : 0;
        if (cap && sent >= cap.max) {
          insertEmail(email, "failed", cap.reason);
          return "capped" as const;
        }
        if (cap?.perHour) {
          const lastHour = new Date(email.createdAt.getTime() - 3_600_000).toISOString();
          const all = (statements.emailCountAll.get(email.kind, lastHour) as { n: number }).n;
          if (all >= cap.perHour.max) {
            insertEmail(email, "failed", cap.perHour.reason);
            return "capped" as const;
          }
        }
        insertEmail(email, "pending", null);
        return "queued" as const;
      });
    },
    async listVisitorEmails(requestId) {
      return run("read", () =>
        (
          (requestId === undefined
            ? statements.emails.all()
            : statements.emailsOf.all(requestId)) as VisitorEmailRow[]
        ).map(toStoredVisitorEmail),
      );
    },
    async listEvents(requestId) {
      return run("read", () =>
        (statements.events.all(requestId) as EventRow[]).map(toRequestEvent),
      );
    },
    async listVisits(from, to) {
      return run("read", () =>
        (statements.visits.all(from.toISOString(), to.toISOString()) as Row[]).map(toStoredRequest),
      );
    },
  };
}
