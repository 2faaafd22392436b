/**
 * The BookingStore (store/booking-store.ts) and the owner's notices (OwnerStore's enqueueNotice)
 * once for both databases: a change to a request with its event, the visitor's e-mail and the
 * owner's notices in one write, the request's row locked first on Postgres; the per-address cap
 * of the visitor's e-mails decided in the write that queues one, under the recipient's lock, so
 * that servers sending at the same moment never pass it together; visits by time.
 */
import { sql } from "kysely";
import type { BookingStore, NewVisitorEmail } from "../store/booking-store.ts";
import * as rules from "../store/booking-store.ts";
import type { NewNotice, Notice, OwnerStore } from "../store/owner-store.ts";
import type { ContactRequestRow } from "../store/store-row.ts";
import * as storeRow from "../store/store-row.ts";
import { type Db, type Engine, idOrNone, reader, rows } from "./engine.ts";

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function bookingOf(engine: Engine): BookingStore & Pick<OwnerStore, "enqueueNotice"> {
  const requests = reader(engine, storeRow.toStoredRequest);
  const visitorEmails = reader(engine, storeRow.toStoredVisitorEmail);
  const events = reader(engine, storeRow.toRequestEvent);

  function insertEmail(tx: Db, email: NewVisitorEmail, state: string, error: string | null) {
    const at = email.createdAt.toISOString();
    return sql`insert into visitor_emails (key, kind, request_id, recipient, payload, created_at,
        next_attempt_at, status, last_error)
      values (${email.key}, ${email.kind}, ${email.requestId}, ${email.recipient},
        ${engine.json(email.payload)}, ${at}, ${at}, ${state}, ${error})
      on conflict (key) do nothing`.execute(tx);
  }

  /** Queues a notice (true), unless its key is taken, or it joins one still waiting. */
  async function insertNotice(tx: Db, notice: NewNotice): Promise<boolean> {
    if (notice.coalesce) {
      const { prefix, merge } = notice.coalesce;
      // The request's row is locked by the change: no other change joins or adds one meanwhile.
      const [waiting] = await rows<{ key: string; notice: string | Notice }>(
        tx,
        sql`
        select key, notice from owner_notices where request_id = ${notice.requestId}
          and channel = ${notice.channel} and substr(key, 1, length(${prefix})) = ${prefix}
          and status = 'pending' and attempts = 0 and claimed_at is null
        order by created_at desc limit 1`,
      );
      if (waiting) {
        const { key, notice: before } = waiting;
        const joined = engine.json(merge(typeof before === "string" ? JSON.parse(before) : before));
        await sql`update owner_notices set notice = ${joined} where key = ${key}`.execute(tx);
        return false;
      }
    }
    const added = await rows(
      tx,
      sql`insert into owner_notices
        (key, channel, request_id, notice, created_at, next_attempt_at)
      values (${notice.key}, ${notice.channel}, ${notice.requestId}, ${engine.json(notice.notice)},
        ${notice.createdAt.toISOString()}, ${(notice.dueAt ?? notice.createdAt).toISOString()})
      on conflict (key) do nothing returning key`,
    );
    return added.length > 0;
  }

  /** E-mails of `kind` queued after `since` and not given up: to `recipient`, or to anyone. */
  async function queuedSince(tx: Db, kind: string, since: Date, recipient?: string) {
    const to = recipient === undefined ? sql`` : sql`and recipient = ${recipient}`;
    const [row] = await rows<{ n: number | string }>(
      tx,
      sql`select count(*) as n
      from visitor_emails where kind = ${kind} and created_at > ${since.toISOString()}
        and status <> 'failed' ${to}`,
    );
    return Number(row?.n ?? 0);
  }

  /** The limit's actor's changes of one request: all of them, and those since `since`. */
  async function changesBy(tx: Db, id: string, actor: string, since: string) {
    const [row] = await rows<{ total: number; recent: number; oldest: string | null }>(
      tx,
      sql`
      select count(*) as total, sum(case when at > ${since} then 1 else 0 end) as recent,
        min(case when at > ${since} then at end) as oldest
      from request_events where request_id = ${id} and actor = ${actor}`,
    );
    const oldestRecent = row?.oldest ? new Date(row.oldest) : null;
    return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0), oldestRecent };
  }

  return {
    changeRequest: (id, change, at) =>
      engine.write("update", async (tx) => {
        const lock = engine.skipLocked ? sql`for update` : sql``;
        const [row] = await rows<ContactRequestRow>(
          tx,
          sql`select * from contact_requests where id = ${idOrNone(id)} ${lock}`,
        );
        const before = row ? storeRow.toStoredRequest(row) : null;
        const refused = rules.refusal(before, change);
        if (refused || !before) return refused ?? { ok: false, reason: "missing" };
        const { limit, capacity } = change;
        if (capacity) {
          // One lock for every booking on every server: two bookings of the last crew at a time
          // are made one after the other, and the second sees the first.
          await engine.lock(tx, "visits");
          const others = await rows<ContactRequestRow>(
            tx,
            sql`select * from contact_requests where id <> ${id} and (plan is not null
              or (visit_start < ${capacity.to.toISOString()}
                and visit_end > ${capacity.from.toISOString()}))`,
          );
          if (!capacity.fits(others.map(storeRow.toStoredRequest)))
            return { ok: false, reason: "taken" } as const;
        }
        if (limit) {
          const since = rules.limitSince(limit, at).toISOString();
          const limited = rules.overLimit(limit, await changesBy(tx, id, limit.actor, since), at);
          if (limited) return limited;
        }
        const next = rules.changedColumns(before, change, at);
        const details = next.quoteDetails
          ? sql`${engine.json(next.quoteDetails)}`
          : sql`quote_details`;
        const [updated] = await rows<ContactRequestRow>(
          tx,
          sql`update contact_requests
          set status = ${next.status}, contacted_at = ${iso(next.contactedAt)},
            visit_start = ${iso(next.visitStart)}, visit_end = ${iso(next.visitEnd)},
            visit_sequence = ${next.visitSequence}, visit_changed_at = ${iso(next.visitChangedAt)},
            plan = ${next.plan === null ? null : engine.json(next.plan)},
            visit_held = ${next.visitHeld ? 1 : 0},
            service_address = ${next.serviceAddress}, quote_details = ${details}
          where id = ${id} returning *`,
        );
        const request = storeRow.toStoredRequest(updated as ContactRequestRow);
        const event = rules.newEvent(id, change, at);
        await sql`insert into request_events (id, request_id, at, actor, kind, details)
          values (${event.id}, ${id}, ${event.at}, ${event.actor}, ${event.kind},
            ${engine.json(event.details)})`.execute(tx);
        for (const email of [change.visitorEmail?.(request) ?? []].flat())
          await insertEmail(tx, email, "pending", null);
        for (const notice of change.notices ?? []) await insertNotice(tx, notice);
        return { ok: true, request, event } as const;
      }),
    enqueueNotice: (notice) => engine.write("insert", (tx) => insertNotice(tx, notice)),
    enqueueVisitorEmail: (email, cap) =>
      engine.write("insert", async (tx) => {
        await engine.lock(tx, `visitor-email:${email.recipient}`);
        const exists = await rows(tx, sql`select 1 from visitor_emails where key = ${email.key}`);
        if (exists.length > 0) return "exists" as const;
        const capped = async (reason: string) => {
          await insertEmail(tx, email, "failed", reason);
          return "capped" as const;
        };
        if (cap) {
          const windowStart = new Date(email.createdAt.getTime() - cap.windowMs);
          if ((await queuedSince(tx, email.kind, windowStart, email.recipient)) >= cap.max)
            return capped(cap.reason);
          if (cap.perHour) {
            // Every server counts this kind's hour under one lock, so none passes it together.
            await engine.lock(tx, `visitor-email:${email.kind}:all`);
            const hourAgo = new Date(email.createdAt.getTime() - 3_600_000);
            if ((await queuedSince(tx, email.kind, hourAgo)) >= cap.perHour.max)
              return capped(cap.perHour.reason);
          }
        }
        await insertEmail(tx, email, "pending", null);
        return "queued" as const;
      }),
    listVisitorEmails: (requestId) =>
      visitorEmails(sql`select * from visitor_emails
        where ${requestId === undefined ? sql`true` : sql`request_id = ${idOrNone(requestId)}`}
        order by created_at, key`),
    listEvents: (requestId) =>
      events(sql`select * from request_events where request_id = ${idOrNone(requestId)}
        order by at, ${sql.ref(engine.insertionOrder)}`),
    listVisits: (from, to) =>
      requests(sql`select * from contact_requests where visit_start is not null
        and visit_start >= ${from.toISOString()} and visit_start < ${to.toISOString()}
        order by visit_start, id`),
    listPlans: () =>
      requests(sql`select * from contact_requests where plan is not null order by created_at, id`),
  };
}
