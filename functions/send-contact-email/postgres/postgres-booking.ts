/**
 * The Postgres store's part of the booking contract (booking/booking-store.ts). A change locks its
 * row (FOR UPDATE) and writes the request, its event, the visitor's e-mail and the owner's
 * notices in one transaction; the per-address cap counts and inserts under an advisory lock per
 * recipient, so instances sending at the same moment never pass it together. The visitor e-mail
 * queue is the store's generic one (postgres-queue.ts).
 */
import type postgres from "postgres";
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
  contactRequestColumns,
  type EventRow,
  eventColumns,
  toRequestEvent,
  toStoredRequest,
  toStoredVisitorEmail,
  type VisitorEmailRow,
  visitorEmailColumns,
} from "../store/store-row.ts";

type Run = <T>(action: string, work: () => Promise<T>) => Promise<T>;
type Json = postgres.JSONValue;

/** An id that is not a uuid (a hand-edited link) matches no row, rather than failing the query. */
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const noUuid = "00000000-0000-0000-0000-000000000000";
const uuidOrNone = (id: string) => (isUuid(id) ? id : noUuid);

export function postgresBooking(sql: postgres.Sql, run: Run): BookingStore {
  const columns = sql.unsafe(contactRequestColumns);
  const emailColumns = sql.unsafe(visitorEmailColumns);

  async function insertEmail(
    tx: postgres.TransactionSql,
    email: NewVisitorEmail,
    state: "pending" | "failed",
    error: string | null,
  ) {
    await tx`
      insert into public.visitor_emails
        (key, kind, request_id, recipient, payload, created_at, next_attempt_at, status, last_error)
      values (${email.key}, ${email.kind}, ${email.requestId}::uuid, ${email.recipient},
              ${tx.json(email.payload as Json)}, ${email.createdAt}::timestamptz,
              ${email.createdAt}::timestamptz, ${state}, ${error})
      on conflict (key) do nothing`;
  }

  async function insertNotice(tx: postgres.TransactionSql, notice: NewNotice) {
    if (notice.coalesce) {
      const { prefix, merge } = notice.coalesce;
      // The request's row is locked (for update): no other change joins or adds one meanwhile.
      const [waiting] = await tx<{ key: string; notice: Notice }[]>`
        select key, notice from public.owner_notices
         where request_id = ${notice.requestId}::uuid and channel = ${notice.channel}
           and left(key, length(${prefix})) = ${prefix}
           and status = 'pending' and attempts = 0 and claimed_at is null
         order by created_at desc limit 1`;
      if (waiting) {
        await tx`
          update public.owner_notices
             set notice = ${tx.json(merge(waiting.notice) as unknown as Json)}
           where key = ${waiting.key}`;
        return;
      }
    }
    await tx`
      insert into public.owner_notices (key, channel, request_id, notice, created_at, next_attempt_at)
      values (${notice.key}, ${notice.channel}, ${notice.requestId}::uuid,
              ${tx.json(notice.notice as unknown as Json)}, ${notice.createdAt}::timestamptz,
              ${notice.dueAt ?? notice.createdAt}::timestamptz)
      on conflict (key) do nothing`;
  }

  return {
    changeRequest(id, change, at) {
      return run("update", () =>
        sql.begin(async (tx) => {
          const [row] = await tx<ContactRequestRow[]>`
            select ${columns} from public.contact_requests where id = ${uuidOrNone(id)}::uuid
            for update`;
          const before = row ? toStoredRequest(row) : null;
          const refused = refusal(before, change);
          if (refused || !before) return refused ?? { ok: false, reason: "missing" };
          if (change.limit) {
            const since = limitSince(change.limit, at);
            const [counted] = await tx<{ total: number; recent: number; oldest: Date | null }[]>`
              select count(*)::integer as total,
                     count(*) filter (where at > ${since}::timestamptz)::integer as recent,
                     min(at) filter (where at > ${since}::timestamptz) as oldest
                from public.request_events
               where request_id = ${id}::uuid and actor = ${change.limit.actor}`;
            const limited = overLimit(
              change.limit,
              {
                total: counted?.total ?? 0,
                recent: counted?.recent ?? 0,
                oldestRecent: counted?.oldest ? new Date(counted.oldest) : null,
              },
              at,
            );
            if (limited) return limited;
          }
          const next = changedColumns(before, change, at);
          const details = next.quoteDetails ? tx.json(next.quoteDetails as Json) : null;
          const [updated] = await tx<ContactRequestRow[]>`
            update public.contact_requests
               set status = ${next.status}, contacted_at = ${next.contactedAt}::timestamptz,
                   visit_start = ${next.visitStart}::timestamptz,
                   visit_end = ${next.visitEnd}::timestamptz,
                   visit_sequence = ${next.visitSequence}::integer,
                   visit_changed_at = ${next.visitChangedAt}::timestamptz,
                   service_address = ${next.serviceAddress},
                   quote_details = coalesce(${details}::jsonb, quote_details)
             where id = ${id}::uuid
            returning ${columns}`;
          const request = toStoredRequest(updated as ContactRequestRow);
          const event = newEvent(id, change, at);
          await tx`
            insert into public.request_events (id, request_id, at, actor, kind, details)
            values (${event.id}::uuid, ${id}::uuid, ${event.at}::timestamptz, ${event.actor},
                    ${event.kind}, ${tx.json(event.details as Json)})`;
          const email = change.visitorEmail?.(request);
          if (email) await insertEmail(tx, email, "pending", null);
          for (const notice of change.notices ?? []) await insertNotice(tx, notice);
          return { ok: true, request, event } as const;
        }),
      );
    },
    enqueueVisitorEmail(email, cap) {
      return run("insert", () =>
        sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(hashtextextended(${`visitor-email:${email.recipient}`}, 0))`;
          const [exists] = await tx`select 1 from public.visitor_emails where key = ${email.key}`;
          if (exists) return "exists" as const;
          if (cap) {
            const since = new Date(email.createdAt.getTime() - cap.windowMs);
            const [row] = await tx<{ n: number }[]>`
              select count(*)::integer as n from public.visitor_emails
               where recipient = ${email.recipient} and kind = ${email.kind}
                 and created_at > ${since}::timestamptz and status <> 'failed'`;
            if ((row?.n ?? 0) >= cap.max) {
              await insertEmail(tx, email, "failed", cap.reason);
              return "capped" as const;
            }
            if (cap.perHour) {
              // Every instance counts this kind's hour under one lock, so none passes it together.
              await tx`select pg_advisory_xact_lock(hashtextextended(${`visitor-email:${email.kind}:all`}, 0))`;
              const [all] = await tx<{ n: number }[]>`
                select count(*)::integer as n from public.visitor_emails
                 where kind = ${email.kind} and status <> 'failed'
                   and created_at > ${new Date(email.createdAt.getTime() - 3_600_000)}::timestamptz`;
              if ((all?.n ?? 0) >= cap.perHour.max) {
                await insertEmail(tx, email, "failed", cap.perHour.reason);
                return "capped" as const;
              }
            }
          }
          await insertEmail(tx, email, "pending", null);
          return "queued" as const;
        }),
      );
    },
    listVisitorEmails(requestId) {
      return run("read", async () => {
        const rows =
          requestId === undefined
            ? await sql<VisitorEmailRow[]>`
                select ${emailColumns} from public.visitor_emails order by created_at, key`
            : await sql<VisitorEmailRow[]>`
                select ${emailColumns} from public.visitor_emails
                 where request_id = ${uuidOrNone(requestId)}::uuid order by created_at, key`;
        return rows.map(toStoredVisitorEmail);
      });
    },
    listEvents(requestId) {
      return run("read", async () => {
        const rows = await sql<EventRow[]>`
          select ${sql.unsafe(eventColumns)} from public.request_events
           where request_id = ${uuidOrNone(requestId)}::uuid order by at, id`;
        return rows.map(toRequestEvent);
      });
    },
    listVisits(from, to) {
      return run("read", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests
           where visit_start >= ${from}::timestamptz and visit_start < ${to}::timestamptz
           order by visit_start, id`;
        return rows.map(toStoredRequest);
      });
    },
  };
}
