/**
 * The requests themselves and what is kept beside them: the ContactStore's submit and list, the
 * OwnerStore's reads, status and notices, the FollowUpStore and the CountStore
 * (store/store.ts, owner-store.ts, follow-up-store.ts, count-store.ts), written once for both
 * databases over the engine (engine.ts).
 */
import { sql } from "kysely";
import type { CountStore } from "../store/count-store.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { ContactStore } from "../store/store.ts";
import {
  type ContactRequestRow,
  type FollowUpRow,
  type NoticeRow,
  toStoredFollowUp,
  toStoredNotice,
  toStoredRequest,
} from "../store/store-row.ts";
import { type Db, type Engine, idOrNone } from "./engine.ts";

type Requests = Pick<ContactStore, "submit" | "list"> & OwnerStore & FollowUpStore & CountStore;

export function requestsOf(engine: Engine): Requests {
  const { read, write } = engine;
  /** Every column of the newest requests first, as the owner reads them. */
  const newestFirst = (db: Db) =>
    db
      .selectFrom("contact_requests")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy(sql.ref(engine.insertionOrder), "desc");
  const requests = (rows: unknown[]) => (rows as ContactRequestRow[]).map(toStoredRequest);

  return {
    submit(request) {
      const { id, data, details, source, fingerprint, receivedAt, dedupeWindowMs } = request;
      const status = request.status ?? "new";
      const createdAt = receivedAt.toISOString();
      const since = new Date(receivedAt.getTime() - dedupeWindowMs).toISOString();
      return write(
        "insert",
        async (tx) => {
          // Every server takes the fingerprint's lock first: the check and the insert are one step.
          await engine.lock(tx, fingerprint);
          // The same request again (the insert committed, its answer was lost): stored once.
          const stored = await tx
            .selectFrom("contact_requests")
            .select("id")
            .where("id", "=", id)
            .where("fingerprint", "=", fingerprint)
            .executeTakeFirst();
          if (stored) return { id, duplicate: false };
          // A repeat within the window gets the first id, unless that one is spam.
          const first = await tx
            .selectFrom("contact_requests")
            .select("id")
            .where("fingerprint", "=", fingerprint)
            .where("created_at", ">", since)
            .where("status", "<>", "spam")
            .orderBy("created_at")
            .limit(1)
            .executeTakeFirst();
          if (first) return { id: String(first.id), duplicate: true };
          await tx
            .insertInto("contact_requests")
            .values({
              id,
              created_at: createdAt,
              name: data.name,
              email: data.email,
              phone: data.phone,
              service: data.service,
              other_service: data.otherService,
              message: data.message,
              fingerprint,
              next_attempt_at: createdAt,
              status,
              quote_details:
                details && Object.keys(details).length > 0 ? engine.json(details) : null,
              source: source ? engine.json(source) : null,
              spam_reason: status === "spam" ? (request.spamReason?.slice(0, 200) ?? null) : null,
            })
            .execute();
          return { id, duplicate: false };
        },
        { retry: true },
      );
    },
    list: () => read("read", async (db) => requests(await newestFirst(db).execute())),
    get: (id) =>
      read("read", async (db) => {
        const row = await newestFirst(db).where("id", "=", idOrNone(id)).executeTakeFirst();
        return row ? toStoredRequest(row as ContactRequestRow) : null;
      }),
    setStatus: (id, status, at) =>
      write("update", async (tx) => {
        const when = at.toISOString();
        const row = await tx
          .updateTable("contact_requests")
          .set({
            status,
            status_set_at: when,
            // The first answer records when; marking spam is not an answer.
            contacted_at:
              status === "spam"
                ? sql<string>`contacted_at`
                : sql<string>`coalesce(contacted_at, ${when})`,
          })
          .where("id", "=", idOrNone(id))
          .returningAll()
          .executeTakeFirst();
        return row ? toStoredRequest(row as ContactRequestRow) : null;
      }),
    listSince: (since) =>
      read("read", async (db) =>
        requests(await newestFirst(db).where("created_at", ">=", since.toISOString()).execute()),
      ),
    listTouchedSince: (since) =>
      read("read", async (db) => {
        const at = since.toISOString();
        const rows = await newestFirst(db)
          .where("status", "<>", "spam")
          .where((eb) =>
            eb.or([
              eb("created_at", ">=", at),
              eb("status_set_at", ">=", at),
              eb("visit_changed_at", ">=", at),
            ]),
          )
          .execute();
        return requests(rows);
      }),
    enqueueNotice: (notice) =>
      write("insert", async (tx) => {
        const created = notice.createdAt.toISOString();
        const added = await tx
          .insertInto("owner_notices")
          .values({
            key: notice.key,
            channel: notice.channel,
            request_id: notice.requestId,
            notice: engine.json(notice.notice),
            created_at: created,
            next_attempt_at: created,
          })
          .onConflict((conflict) => conflict.column("key").doNothing())
          .returning("key")
          .execute();
        return added.length > 0;
      }),
    listNotices: () =>
      read("read", async (db) => {
        const rows = await db
          .selectFrom("owner_notices")
          .selectAll()
          .orderBy("created_at")
          .orderBy("key")
          .execute();
        return (rows as NoticeRow[]).map(toStoredNotice);
      }),
    addCount: (day, path, event) =>
      write("count", async (tx) => {
        await tx
          .insertInto("site_counts")
          .values({ day, path, event, count: 1 })
          .onConflict((conflict) =>
            conflict
              .columns(["day", "path", "event"])
              .doUpdateSet({ count: sql`site_counts.count + 1` }),
          )
          .execute();
      }),
    countsBetween: (from, to) =>
      read("read", async (db) => {
        const rows = await db
          .selectFrom("site_counts")
          .selectAll()
          .where("day", ">=", from)
          .where("day", "<=", to)
          .orderBy("day")
          .orderBy("path")
          .orderBy("event")
          .execute();
        return rows.map((row) => ({
          // A date from Postgres is midnight UTC of that day.
          day: typeof row.day === "string" ? row.day : row.day.toISOString().slice(0, 10),
          path: row.path,
          event: row.event as "view",
          count: Number(row.count),
        }));
      }),
    enqueueFollowUp: (item) =>
      write("insert", async (tx) => {
        const queued = await tx
          .insertInto("follow_ups")
          .values({
            key: item.key,
            kind: item.kind,
            request_id: item.requestId,
            address_hash: item.addressHash,
            queued_status: item.queuedStatus,
            created_at: item.createdAt.toISOString(),
            next_attempt_at: item.dueAt.toISOString(),
          })
          // A stopped one may be queued again, afresh; any other is sent at most once.
          .onConflict((conflict) =>
            conflict
              .column("key")
              .doUpdateSet((eb) => ({
                status: "pending",
                queued_status: eb.ref("excluded.queued_status"),
                created_at: eb.ref("excluded.created_at"),
                next_attempt_at: eb.ref("excluded.next_attempt_at"),
                attempts: 0,
                last_error: null,
                claimed_at: null,
              }))
              .where("follow_ups.status", "=", "stopped"),
          )
          .returning("key")
          .execute();
        return queued.length > 0;
      }),
    stopFollowUp: (key, reason) =>
      write("update", async (tx) => {
        await tx
          .updateTable("follow_ups")
          .set({ status: "stopped", last_error: reason, claimed_at: null })
          .where("key", "=", key)
          .where("status", "=", "pending")
          .execute();
      }),
    followUpsSentTo: (addressHash, since) =>
      read("read", async (db) => {
        const row = await db
          .selectFrom("follow_ups")
          .select((eb) => eb.fn.countAll().as("sent"))
          .where("address_hash", "=", addressHash)
          .where("status", "=", "sent")
          .where("sent_at", ">=", since.toISOString())
          .executeTakeFirst();
        return Number(row?.sent ?? 0);
      }),
    listFollowUps: (requestId) =>
      read("read", async (db) => {
        const rows = await db
          .selectFrom("follow_ups")
          .selectAll()
          .where("request_id", "=", idOrNone(requestId))
          .orderBy("created_at")
          .orderBy("key")
          .execute();
        return (rows as FollowUpRow[]).map(toStoredFollowUp);
      }),
    optOut: (addressHash, at) =>
      write("insert", async (tx) => {
        await tx
          .insertInto("email_opt_outs")
          .values({ address_hash: addressHash, opted_out_at: at.toISOString() })
          .onConflict((conflict) => conflict.column("address_hash").doNothing())
          .execute();
      }),
    isOptedOut: (addressHash) =>
      read("read", async (db) =>
        Boolean(
          await db
            .selectFrom("email_opt_outs")
            .select("address_hash")
            .where("address_hash", "=", addressHash)
            .executeTakeFirst(),
        ),
      ),
  };
}
