/**
 * The Postgres store's one queue (queue/job-queue.ts) over any queue table (queue-table.ts):
 * claim, lease, next due, and the marks. Claims take their rows FOR UPDATE SKIP LOCKED, so
 * instances sharing the database (several servers, Edge Function instances) never claim the same
 * row.
 */
import type postgres from "postgres";
import type { JobQueue } from "../store/job-queue.ts";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";

type Run = <T>(action: string, work: () => Promise<T>) => Promise<T>;

export function postgresQueue<Row extends postgres.Row, Job, Detail = never>(
  sql: postgres.Sql,
  queue: QueueTable,
  toJob: (row: Row) => Job,
  run: Run,
  /** The key's SQL type, so a text parameter compares with the column (`uuid`, `text`). */
  keyType: "uuid" | "text",
): JobQueue<Job, Detail> {
  const table = sql.unsafe(`public.${queue.table}`);
  const key = sql.unsafe(queue.key);
  const state = sql.unsafe(queue.state);
  const pending = sql.unsafe(
    `${queue.state} = 'pending'${queue.claimable ? ` and ${queue.claimable}` : ""}`,
  );
  const columns = sql.unsafe(queue.columns);
  const cast = sql.unsafe(keyType);
  const lease = (leaseMs: number) => sql`make_interval(secs => ${leaseMs}::integer / 1000.0)`;
  /** The detail's columns to set too; a field left out leaves its column as it is. */
  const details = (detail?: Detail) =>
    Object.entries(queue.details ?? {}).reduce((sets, [field, { column, list }]) => {
      const value = (detail as Record<string, unknown> | undefined)?.[field];
      if (value === undefined) return sets;
      const set = list ? sql`${value as string[]}::text[]` : sql`${value as string | null}`;
      return sql`${sets}, ${sql.unsafe(column)} = ${set}`;
    }, sql``);
  const clearError = sql.unsafe(queue.sentClearsError ? ", last_error = null" : "");

  return {
    claim(now, limit, leaseMs) {
      return run("claim", async () => {
        const rows = await sql<Row[]>`
          with claimed as (
            update ${table} q
               set claimed_at = ${now}::timestamptz, attempts = q.attempts + 1
             where q.${key} in (
               select ${key} from ${table}
                where ${pending} and next_attempt_at <= ${now}::timestamptz
                  and (claimed_at is null or claimed_at <= ${now}::timestamptz - ${lease(leaseMs)})
                order by attempts > 0, next_attempt_at
                limit ${limit}::integer
                for update skip locked)
            returning q.*)
          select ${columns} from claimed order by attempts > 1, next_attempt_at, ${key}`;
        return rows.map(toJob);
      });
    },
    nextDue(leaseMs) {
      return run("read", async () => {
        const [row] = await sql<{ next_unclaimed: Date | null; oldest_claim: Date | null }[]>`
          select min(next_attempt_at) filter (where claimed_at is null) as next_unclaimed,
                 min(claimed_at) as oldest_claim
            from ${table} where ${pending}`;
        return earliestDue(row?.next_unclaimed ?? null, row?.oldest_claim ?? null, leaseMs);
      });
    },
    async complete(id, at, detail) {
      await run("update", async () => {
        await sql`
          update ${table}
             set ${state} = 'sent', sent_at = ${at}::timestamptz, claimed_at = null
                 ${clearError}${details(detail)}
           where ${key} = ${id}::${cast}`;
      });
    },
    async retry(id, error, at, detail) {
      await run("update", async () => {
        await sql`
          update ${table}
             set last_error = ${error}, next_attempt_at = ${at}::timestamptz,
                 claimed_at = null${details(detail)}
           where ${key} = ${id}::${cast} and ${state} = 'pending'`;
      });
    },
    async giveUp(id, error, detail) {
      await run("update", async () => {
        await sql`
          update ${table}
             set ${state} = 'failed', last_error = ${error}, claimed_at = null${details(detail)}
           where ${key} = ${id}::${cast} and ${state} = 'pending'`;
      });
    },
  };
}
