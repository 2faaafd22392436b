/**
 * The BookingStore (store/booking-store.ts) once for both databases: a change to a request with
 * its event, the visitor's e-mail and the owner's notices in one write, the request's row locked
 * first on Postgres; the per-address cap of the visitor's e-mails decided in the write that
 * queues one, under the recipient's lock, so that servers sending at the same moment never pass
 * it together; visits by time.
 */
import { sql } from "kysely";
import {
  type BookingStore,
  changedColumns,
  limitSince,
  type NewVisitorEmail,
  newEvent,
  overLimit,
  refusal,
} from "../store/booking-store.ts";
import type { NewNotice, Notice } from "../store/owner-store.ts";
import {
  type ContactRequestRow,
  type EventRow,
  toRequestEvent,
  toStoredRequest,
  toStoredVisitorEmail,
  type VisitorEmailRow,
} from "../store/store-row.ts";
import { type Db, type Engine, idOrNone, rows } from "./engine.ts";

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function bookingOf(engine: Engine): BookingStore {
  const { read, write } = engine;

  function insertEmail(
    tx: Db,
    email: NewVisitorEmail,
    state: "pending" | "failed",
    error: string | null,
  ) {
    const created = email.createdAt.toISOString();
    return sql`insert into visitor_emails (key, kind, request_id, recipient, payload, created_at,
        next_attempt_at, status, last_error)
      values (${email.key}, ${email.kind}, ${email.requestId}, ${email.recipient},
        ${engine.json(email.payload)}, ${created}, ${created}, ${state}, ${error})
      on conflict (key) do nothing`.execute(tx);
  }

  async function insertNotice(tx: Db, notice: NewNotice) {
    if (notice.coalesce) {
      const { prefix, merge } = notice.coalesce;
      // The request's row is locked by the change: no other change joins or adds one meanwhile.
      const [waiting] = await rows<{ key: string; notice: string | Notice }>(
        tx,
        sql`select key, notice from owner_notices where request_id = ${notice.requestId}
            and channel = ${notice.channel} and substr(key, 1, length(${prefix})) = ${prefix}
            and status = 'pending' and attempts = 0 and claimed_at is null
            order by created_at desc limit 1`,
      );
      if (waiting) {
        const joined = merge(
          typeof waiting.notice === "string" ? JSON.parse(waiting.notice) : waiting.notice,
        );
        await sql`update owner_notices set notice = ${engine.json(joined)} where key = ${waiting.key}`.execute(
          tx,
        );
        return;
      }
    }
    await sql`insert into owner_notices (key, channel, request_id, notice, created_at, next_attempt_at)
      values (${notice.key}, ${notice.channel}, ${notice.requestId}, ${engine.json(notice.notice)},
        ${notice.createdAt.toISOString()}, ${(notice.dueAt ?? notice.createdAt).toISOString()})
      on conflict (key) do nothing`.execute(tx);
  }

  /** E-mails of `kind` queued after `since` and not given up: to `recipient`, or to anyone. */
  async function queuedSince(tx: Db, kind: string, since: Date, recipient?: string) {
    const [row] = await rows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from visitor_emails where kind = ${kind}
          and created_at > ${since.toISOString()} and status <> 'failed'
          ${recipient === undefined ? sql`` : sql`and recipient = ${recipient}`}`,
    );
    return Number(row?.n ?? 0);
  }

  return {
    changeRequest: (id, change, at) =>
      write("update", async (tx) => {
        const [row] = await rows<ContactRequestRow>(
          tx,
          sql`select * from contact_requests where id = ${idOrNone(id)}
              ${engine.skipLocked ? sql`for update` : sql``}`,
        );
        const before = row ? toStoredRequest(row) : null;
        const refused = refusal(before, change);
        if (refused || !before) return refused ?? { ok: false, reason: "missing" };
        if (change.limit) {
          const since = limitSince(change.limit, at).toISOString();
          const [counted] = await rows<{ total: number; recent: number; oldest: string | null }>(
            tx,
            sql`select count(*) as total, sum(case when at > ${since} then 1 else 0 end) as recent,
                  min(case when at > ${since} then at end) as oldest
                from request_events where request_id = ${id} and actor = ${change.limit.actor}`,
          );
          const oldest = counted?.oldest ? new Date(counted.oldest) : null;
          const total = Number(counted?.total ?? 0);
          const recent = Number(counted?.recent ?? 0);
          const limited = overLimit(change.limit, { total, recent, oldestRecent: oldest }, at);
          if (limited) return limited;
        }
        const next = changedColumns(before, change, at);
        const details = next.quoteDetails ? engine.json(next.quoteDetails) : null;
        const [updated] = await rows<ContactRequestRow>(
          tx,
          sql`update contact_requests set status = ${next.status},
                contacted_at = ${iso(next.contactedAt)}, visit_start = ${iso(next.visitStart)},
                visit_end = ${iso(next.visitEnd)}, visit_sequence = ${next.visitSequence},
                visit_changed_at = ${iso(next.visitChangedAt)},
                service_address = ${next.serviceAddress},
                quote_details = ${details === null ? sql`quote_details` : sql`${details}`}
              where id = ${id} returning *`,
        );
        const request = toStoredRequest(updated as ContactRequestRow);
        const event = newEvent(id, change, at);
        await sql`insert into request_events (id, request_id, at, actor, kind, details)
          values (${event.id}, ${id}, ${event.at}, ${event.actor}, ${event.kind},
            ${engine.json(event.details)})`.execute(tx);
        const email = change.visitorEmail?.(request);
        if (email) await insertEmail(tx, email, "pending", null);
        for (const notice of change.notices ?? []) await insertNotice(tx, notice);
        return { ok: true, request, event } as const;
      }),
    enqueueVisitorEmail: (email, cap) =>
      write("insert", async (tx) => {
        await engine.lock(tx, `visitor-email:${email.recipient}`);
        const exists = await rows(tx, sql`select 1 from visitor_emails where key = ${email.key}`);
        if (exists.length > 0) return "exists" as const;
        if (cap) {
          const windowStart = new Date(email.createdAt.getTime() - cap.windowMs);
          if ((await queuedSince(tx, email.kind, windowStart, email.recipient)) >= cap.max) {
            await insertEmail(tx, email, "failed", cap.reason);
            return "capped" as const;
          }
          if (cap.perHour) {
            // Every server counts this kind's hour under one lock, so none passes it together.
            await engine.lock(tx, `visitor-email:${email.kind}:all`);
            const hourAgo = new Date(email.createdAt.getTime() - 3_600_000);
            if ((await queuedSince(tx, email.kind, hourAgo)) >= cap.perHour.max) {
              await insertEmail(tx, email, "failed", cap.perHour.reason);
              return "capped" as const;
            }
          }
        }
        await insertEmail(tx, email, "pending", null);
        return "queued" as const;
      }),
    listVisitorEmails: (requestId) =>
      read("read", async (db) => {
        const of = requestId === undefined ? sql`true` : sql`request_id = ${idOrNone(requestId)}`;
        const found = await rows<VisitorEmailRow>(
          db,
          sql`select * from visitor_emails where ${of} order by created_at, key`,
        );
        return found.map(toStoredVisitorEmail);
      }),
    listEvents: (requestId) =>
      read("read", async (db) => {
        const found = await rows<EventRow>(
          db,
          sql`select * from request_events where request_id = ${idOrNone(requestId)}
              order by at, ${sql.ref(engine.insertionOrder)}`,
        );
        return found.map(toRequestEvent);
      }),
    listVisits: (from, to) =>
      read("read", async (db) => {
        const found = await rows<ContactRequestRow>(
          db,
          sql`select * from contact_requests where visit_start is not null
              and visit_start >= ${from.toISOString()} and visit_start < ${to.toISOString()}
              order by visit_start, id`,
        );
        return found.map(toStoredRequest);
      }),
  };
}
