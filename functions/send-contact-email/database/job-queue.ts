/**
 * The one queue (store/job-queue.ts) over any queue table (store/queue-table.ts), once for both
 * databases: a claim marks up to N due rows, never-attempted first, then the longest due; a
 * claim older than the lease is a crashed worker's. On Postgres the claimed rows are taken FOR
 * UPDATE SKIP LOCKED, so servers sharing the database never claim the same row.
 */
import { sql } from "kysely";
import type { JobQueue } from "../store/job-queue.ts";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";
import { type Engine, select, writer } from "./engine.ts";

type Row = Record<string, unknown>;
const time = (value: unknown) => new Date(value as string).getTime();

export function jobQueue<Job, Detail = never>(
  engine: Engine,
  queue: QueueTable,
  toJob: (row: never) => Job,
): JobQueue<Job, Detail> & { releaseClaims(): Promise<number> } {
  const table = sql.table(queue.table);
  const key = sql.ref(queue.key);
  const state = sql.ref(queue.state);
  const update = writer(engine, "update");
  const pending = sql`${state} = 'pending' ${sql.raw(queue.claimable ? `and ${queue.claimable}` : "")}`;

  /** Sets the queue's columns and the detail's; a detail's field left out leaves its column. */
  async function mark(id: string, sets: Row, detail?: Detail, onlyPending = true) {
    for (const [field, { column, list }] of Object.entries(queue.details ?? {})) {
      const value = (detail as Row | undefined)?.[field];
      if (value !== undefined) sets[column] = list ? engine.list(value as string[]) : value;
    }
    const assignments = Object.entries(sets).map(
      ([name, value]) => sql`${sql.ref(name)} = ${value}`,
    );
    const stillPending = onlyPending ? sql`and ${state} = 'pending'` : sql``;
    await update(sql`update ${table} set ${sql.join(assignments)}
      where ${key} = ${id} ${stillPending}`);
  }
  /** Fresh rows first (claimed once, by this claim), then the longest due, then by key. */
  const claimOrder = (a: Row, b: Row) =>
    Number(Number(a.attempts) > 1) - Number(Number(b.attempts) > 1) ||
    time(a.next_attempt_at) - time(b.next_attempt_at) ||
    (String(a[queue.key]) < String(b[queue.key]) ? -1 : 1);

  return {
    async claim(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
      const skipLocked = engine.skipLocked ? sql`for update skip locked` : sql``;
      const claimed = await writer(
        engine,
        "claim",
      )<Row>(sql`update ${table}
        set claimed_at = ${at}, attempts = attempts + 1
        where ${key} in (
          select ${key} from ${table} where ${pending} and next_attempt_at <= ${at}
            and (claimed_at is null or claimed_at <= ${leaseExpired})
          order by attempts > 0, next_attempt_at limit ${limit} ${skipLocked})
        returning *`);
      // RETURNING comes in no particular order.
      return claimed.sort(claimOrder).map((row) => toJob(row as never));
    },
    async nextDue(leaseMs) {
      const [row] = await select<{ next_unclaimed: string | null; oldest_claim: string | null }>(
        engine,
        sql`select min(case when claimed_at is null then next_attempt_at end) as next_unclaimed,
            min(claimed_at) as oldest_claim from ${table} where ${pending}`,
      );
      return earliestDue(row?.next_unclaimed ?? null, row?.oldest_claim ?? null, leaseMs);
    },
    complete(id, at, detail) {
      const sets: Row = { [queue.state]: "sent", sent_at: at.toISOString(), claimed_at: null };
      if (queue.sentClearsError) sets.last_error = null;
      return mark(id, sets, detail, false);
    },
    retry: (id, error, at, detail) =>
      mark(id, { last_error: error, next_attempt_at: at.toISOString(), claimed_at: null }, detail),
    giveUp: (id, error, detail) =>
      mark(id, { [queue.state]: "failed", last_error: error, claimed_at: null }, detail),
    /** Forgets every claim (the one process owning a SQLite data folder, at start). */
    releaseClaims: async () =>
      (
        await update(sql`update ${table} set claimed_at = null
          where ${state} = 'pending' and claimed_at is not null returning ${key}`)
      ).length,
  };
}
