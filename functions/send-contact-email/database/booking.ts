/**
 * The BookingStore (store/booking-store.ts) once for both databases: a change to a request with
 * its event, the visitor's e-mail and the owner's notices in one write; the per-address cap of the
 * visitor's e-mails decided in the write that queues one, under the recipient's lock, so that
 * servers sending at the same moment never pass it together; visits by time.
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
import { type Db, type Engine, idOrNone } from "./engine.ts";

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
    return tx
      .insertInto("visitor_emails")
      .values({
        key: email.key,
        kind: email.kind,
        request_id: email.requestId,
        recipient: email.recipient,
        payload: engine.json(email.payload),
        created_at: created,
        next_attempt_at: created,
        status: state,
        last_error: error,
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
  }

  async function insertNotice(tx: Db, notice: NewNotice) {
    if (notice.coalesce) {
      const { prefix, merge } = notice.coalesce;
      // The request's row is locked by the change: no other change joins or adds one meanwhile.
      const waiting = await tx
        .selectFrom("owner_notices")
        .select(["key", "notice"])
        .where("request_id", "=", notice.requestId)
        .where("channel", "=", notice.channel)
        .where(sql`substr(key, 1, length(${prefix}))`, "=", prefix)
        .where("status", "=", "pending")
        .where("attempts", "=", 0)
        .where("claimed_at", "is", null)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      if (waiting) {
        const before = (
          typeof waiting.notice === "string" ? JSON.parse(waiting.notice) : waiting.notice
        ) as Notice;
        await tx
          .updateTable("owner_notices")
          .set({ notice: engine.json(merge(before)) })
          .where("key", "=", waiting.key)
          .execute();
        return;
      }
    }
    await tx
      .insertInto("owner_notices")
      .values({
        key: notice.key,
        channel: notice.channel,
        request_id: notice.requestId,
        notice: engine.json(notice.notice),
        created_at: notice.createdAt.toISOString(),
        next_attempt_at: (notice.dueAt ?? notice.createdAt).toISOString(),
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
  }

  /** E-mails of `kind` queued since `since` and not given up: to `recipient`, or to anyone. */
  async function queuedSince(tx: Db, kind: string, since: Date, recipient?: string) {
    const row = await tx
      .selectFrom("visitor_emails")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("kind", "=", kind)
      .where("created_at", ">", since.toISOString())
      .where("status", "<>", "failed")
      .$if(recipient !== undefined, (query) => query.where("recipient", "=", recipient as string))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  return {
    changeRequest: (id, change, at) =>
      write("update", async (tx) => {
        const row = await tx
          .selectFrom("contact_requests")
          .selectAll()
          .where("id", "=", idOrNone(id))
          .$if(engine.skipLocked, (query) => query.forUpdate())
          .executeTakeFirst();
        const before = row ? toStoredRequest(row as ContactRequestRow) : null;
        const refused = refusal(before, change);
        if (refused || !before) return refused ?? { ok: false, reason: "missing" };
        if (change.limit) {
          const since = limitSince(change.limit, at).toISOString();
          const recent = sql<boolean>`at > ${since}`;
          const counted = await tx
            .selectFrom("request_events")
            .select((eb) => [
              eb.fn.countAll().as("total"),
              eb.fn.sum(eb.case().when(recent).then(1).else(0).end()).as("recent"),
              eb.fn.min(eb.case().when(recent).then(eb.ref("at")).end()).as("oldest"),
            ])
            .where("request_id", "=", id)
            .where("actor", "=", change.limit.actor)
            .executeTakeFirst();
          const limited = overLimit(
            change.limit,
            {
              total: Number(counted?.total ?? 0),
              recent: Number(counted?.recent ?? 0),
              oldestRecent: counted?.oldest ? new Date(counted.oldest as string) : null,
            },
            at,
          );
          if (limited) return limited;
        }
        const next = changedColumns(before, change, at);
        const updated = await tx
          .updateTable("contact_requests")
          .set({
            status: next.status,
            contacted_at: iso(next.contactedAt),
            visit_start: iso(next.visitStart),
            visit_end: iso(next.visitEnd),
            visit_sequence: next.visitSequence,
            visit_changed_at: iso(next.visitChangedAt),
            service_address: next.serviceAddress,
            ...(next.quoteDetails ? { quote_details: engine.json(next.quoteDetails) } : {}),
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const request = toStoredRequest(updated as ContactRequestRow);
        const event = newEvent(id, change, at);
        await tx
          .insertInto("request_events")
          .values({
            id: event.id,
            request_id: id,
            at: event.at,
            actor: event.actor,
            kind: event.kind,
            details: engine.json(event.details),
          })
          .execute();
        const email = change.visitorEmail?.(request);
        if (email) await insertEmail(tx, email, "pending", null);
        for (const notice of change.notices ?? []) await insertNotice(tx, notice);
        return { ok: true, request, event } as const;
      }),
    enqueueVisitorEmail: (email, cap) =>
      write("insert", async (tx) => {
        await engine.lock(tx, `visitor-email:${email.recipient}`);
        const exists = await tx
          .selectFrom("visitor_emails")
          .select("key")
          .where("key", "=", email.key)
          .executeTakeFirst();
        if (exists) return "exists" as const;
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
        const rows = await db
          .selectFrom("visitor_emails")
          .selectAll()
          .$if(requestId !== undefined, (query) =>
            query.where("request_id", "=", idOrNone(requestId as string)),
          )
          .orderBy("created_at")
          .orderBy("key")
          .execute();
        return (rows as VisitorEmailRow[]).map(toStoredVisitorEmail);
      }),
    listEvents: (requestId) =>
      read("read", async (db) => {
        const rows = await db
          .selectFrom("request_events")
          .selectAll()
          .where("request_id", "=", idOrNone(requestId))
          .orderBy("at")
          .orderBy(sql.ref(engine.insertionOrder))
          .execute();
        return (rows as EventRow[]).map(toRequestEvent);
      }),
    listVisits: (from, to) =>
      read("read", async (db) => {
        const rows = await db
          .selectFrom("contact_requests")
          .selectAll()
          .where("visit_start", "is not", null)
          .where("visit_start", ">=", from.toISOString())
          .where("visit_start", "<", to.toISOString())
          .orderBy("visit_start")
          .orderBy("id")
          .execute();
        return (rows as ContactRequestRow[]).map(toStoredRequest);
      }),
  };
}
