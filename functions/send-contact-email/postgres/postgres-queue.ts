/**
 * The queue helper of the Postgres store (queue-table.ts): claim, lease, next due, and the marks,
 * for any queue table. Claims take their rows FOR UPDATE SKIP LOCKED, so instances sharing the
 * database (several servers, Edge Function instances) never claim the same row.
 */
import type postgres from "postgres";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";

/** What a mark may also set (column name to value); a value may be a fragment with its cast. */
export type ExtraColumns = Record<string, postgres.ParameterOrFragment<never> | null>;

export type PostgresQueue<Row> = {
  claim(now: Date, limit: number, leaseMs: number): Promise<Row[]>;
  nextDue(leaseMs: number): Promise<Date | null>;
  markSent(key: string, at: Date, extra?: ExtraColumns): Promise<void>;
  /** Pending rows only: a row already sent or failed stays as it is. */
  markRetry(key: string, error: string, retryAt: Date, extra?: ExtraColumns): Promise<void>;
  markFailed(key: string, error: string, extra?: ExtraColumns): Promise<void>;
};

export function postgresQueue<Row extends postgres.Row>(
  sql: postgres.Sql,
  queue: QueueTable,
  /** The key's SQL type, so a text parameter compares with the column (`uuid`, `text`). */
  keyType: "uuid" | "text",
): PostgresQueue<Row> {
  const table = sql.unsafe(`public.${queue.table}`);
  const key = sql.unsafe(queue.key);
  const state = sql.unsafe(queue.state);
  const pending = sql.unsafe(
    `${queue.state} = 'pending'${queue.claimable ? ` and ${queue.claimable}` : ""}`,
  );
  const columns = sql.unsafe(queue.columns);
  const cast = sql.unsafe(keyType);
  const lease = (leaseMs: number) => sql`make_interval(secs => ${leaseMs}::integer / 1000.0)`;
  const extras = (extra: ExtraColumns) =>
    Object.entries(extra).reduce(
      (sets, [name, value]) => sql`${sets}, ${sql.unsafe(name)} = ${value}`,
      sql``,
    );

  return {
    async claim(now, limit, leaseMs) {
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
      return [...rows];
    },
    async nextDue(leaseMs) {
      const [row] = await sql<{ next_unclaimed: Date | null; oldest_claim: Date | null }[]>`
        select min(next_attempt_at) filter (where claimed_at is null) as next_unclaimed,
               min(claimed_at) as oldest_claim
          from ${table} where ${pending}`;
      return earliestDue(row?.next_unclaimed ?? null, row?.oldest_claim ?? null, leaseMs);
    },
    async markSent(id, at, extra = {}) {
      await sql`
        update ${table}
           set ${state} = 'sent', sent_at = ${at}::timestamptz, claimed_at = null${extras(extra)}
         where ${key} = ${id}::${cast}`;
    },
    async markRetry(id, error, retryAt, extra = {}) {
      await sql`
        update ${table}
           set last_error = ${error}, next_attempt_at = ${retryAt}::timestamptz,
               claimed_at = null${extras(extra)}
         where ${key} = ${id}::${cast} and ${state} = 'pending'`;
    },
    async markFailed(id, error, extra = {}) {
      await sql`
        update ${table}
           set ${state} = 'failed', last_error = ${error}, claimed_at = null${extras(extra)}
         where ${key} = ${id}::${cast} and ${state} = 'pending'`;
    },
  };
}
