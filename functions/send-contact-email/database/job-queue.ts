/**
 * The one queue (store/job-queue.ts) over any queue table (store/queue-table.ts), once for both
 * databases: a claim marks up to N due rows, never-attempted first, then the longest due; a
 * claim older than the lease is a crashed worker's. On Postgres the claimed rows are taken FOR
 * UPDATE SKIP LOCKED, so servers sharing the database never claim the same row.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import type { JobQueue } from "../store/job-queue.ts";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";
import type { Engine } from "./engine.ts";

type Row = Record<string, unknown>;
/** Any queue table: its names come from the descriptor, not from the Database type. */
// biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, known at run time
const any = (db: unknown) => db as Kysely<any>;
const time = (value: unknown) => new Date(value as string).getTime();

export function jobQueue<Job, Detail = never>(
  engine: Engine,
  queue: QueueTable,
  toJob: (row: never) => Job,
): JobQueue<Job, Detail> & { releaseClaims(): Promise<number> } {
  const { table, key, state } = queue;
  const pending = sql<SqlBool>`${sql.raw(`${state} = 'pending'${queue.claimable ? ` and ${queue.claimable}` : ""}`)}`;
  /** Sets the queue's columns and the detail's; a detail's field left out leaves its column. */
  function mark(action: string, id: string, sets: Row, detail?: Detail, stillPending = true) {
    for (const [field, { column, list }] of Object.entries(queue.details ?? {})) {
      const value = (detail as Row | undefined)?.[field];
      if (value !== undefined) sets[column] = list ? engine.list(value as string[]) : value;
    }
    return engine.write(action, async (tx) => {
      await any(tx)
        .updateTable(table)
        .set(sets)
        .where(key, "=", id)
        .$if(stillPending, (query) => query.where(state, "=", "pending"))
        .execute();
    });
  }

  return {
    claim(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
      return engine.write("claim", async (tx) => {
        const due = any(tx)
          .selectFrom(table)
          .select(key)
          .where(pending)
          .where("next_attempt_at", "<=", at)
          .where(sql<SqlBool>`(claimed_at is null or claimed_at <= ${leaseExpired})`)
          .orderBy(sql`attempts > 0`)
          .orderBy("next_attempt_at")
          .limit(limit);
        const rows: Row[] = await any(tx)
          .updateTable(table)
          .set({ claimed_at: at, attempts: sql`attempts + 1` })
          .where(key, "in", engine.skipLocked ? due.forUpdate().skipLocked() : due)
          .returningAll()
          .execute();
        // RETURNING comes in no particular order: the claim's own, fresh rows first.
        return rows
          .sort(
            (a, b) =>
              Number(Number(a.attempts) > 1) - Number(Number(b.attempts) > 1) ||
              time(a.next_attempt_at) - time(b.next_attempt_at) ||
              (String(a[key]) < String(b[key]) ? -1 : 1),
          )
          .map((row) => toJob(row as never));
      });
    },
    nextDue: (leaseMs) =>
      engine.read("read", async (db) => {
        const row = await any(db)
          .selectFrom(table)
          .select([
            sql`min(case when claimed_at is null then next_attempt_at end)`.as("next_unclaimed"),
            sql`min(claimed_at)`.as("oldest_claim"),
          ])
          .where(pending)
          .executeTakeFirst();
        const due = (value: unknown) => (value as string | Date | null | undefined) ?? null;
        return earliestDue(due(row?.next_unclaimed), due(row?.oldest_claim), leaseMs);
      }),
    complete: (id, at, detail) =>
      mark(
        "update",
        id,
        {
          [state]: "sent",
          sent_at: at.toISOString(),
          claimed_at: null,
          ...(queue.sentClearsError ? { last_error: null } : {}),
        },
        detail,
        false,
      ),
    retry: (id, error, at, detail) =>
      mark(
        "update",
        id,
        { last_error: error, next_attempt_at: at.toISOString(), claimed_at: null },
        detail,
      ),
    giveUp: (id, error, detail) =>
      mark("update", id, { [state]: "failed", last_error: error, claimed_at: null }, detail),
    /** Forgets every claim (the one process owning a SQLite data folder, at start). */
    releaseClaims: () =>
      engine.write("update", async (tx) => {
        const released = await any(tx)
          .updateTable(table)
          .set({ claimed_at: null })
          .where(state, "=", "pending")
          .where("claimed_at", "is not", null)
          .executeTakeFirst();
        return Number(released.numUpdatedRows);
      }),
  };
}
