/**
 * The SQLite store's one queue (queue/job-queue.ts) over any queue table (queue-table.ts): claim,
 * lease, next due, and the marks. node:sqlite is synchronous; the claims and marks go through the
 * store's group commit (`write`), the reads run at once (`run`).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type { JobQueue } from "../store/job-queue.ts";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";

type Write = <T>(action: string, work: () => T) => Promise<T>;
type Run = <T>(action: string, work: () => T) => T;

export type SqliteQueue<Job, Detail> = JobQueue<Job, Detail> & {
  /** Forgets every claim (the one process owning the data folder, at start); returns how many. */
  releaseClaims(): number;
};

export function sqliteQueue<Row, Job, Detail = never>(
  db: DatabaseSync,
  queue: QueueTable,
  toJob: (row: Row) => Job,
  store: { write: Write; run: Run },
): SqliteQueue<Job, Detail> {
  const { table, key, state } = queue;
  const pending = `${state} = 'pending'${queue.claimable ? ` AND ${queue.claimable}` : ""}`;
  const claim = db.prepare(
    `UPDATE ${table} SET claimed_at = ?, attempts = attempts + 1
     WHERE ${key} IN (
       SELECT ${key} FROM ${table}
       WHERE ${pending} AND next_attempt_at <= ? AND (claimed_at IS NULL OR claimed_at <= ?)
       ORDER BY attempts > 0, next_attempt_at LIMIT ?)
     RETURNING ${queue.columns}, next_attempt_at AS queue_due`,
  );
  const nextDue = db.prepare(
    `SELECT MIN(CASE WHEN claimed_at IS NULL THEN next_attempt_at END) AS next_unclaimed,
       MIN(claimed_at) AS oldest_claim
     FROM ${table} WHERE ${pending}`,
  );
  const release = db.prepare(
    `UPDATE ${table} SET claimed_at = NULL WHERE ${state} = 'pending' AND claimed_at IS NOT NULL`,
  );
  // A mark sets the queue's columns and the detail's; one statement per set of columns.
  const marks = new Map<string, StatementSync>();
  function mark(sets: string, guard: string, values: SQLInputValue[], id: string, detail?: Detail) {
    const extra = Object.entries(queue.details ?? {}).flatMap(([field, { column, list }]) => {
      const value = (detail as Record<string, unknown> | undefined)?.[field];
      if (value === undefined) return [];
      return [[column, list ? JSON.stringify(value) : (value as SQLInputValue)] as const];
    });
    const sql = `UPDATE ${table} SET ${[sets, ...extra.map(([column]) => `${column} = ?`)].join(", ")}
      WHERE ${key} = ?${guard}`;
    let statement = marks.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      marks.set(sql, statement);
    }
    statement.run(...values, ...extra.map(([, value]) => value), id);
  }
  const stillPending = ` AND ${state} = 'pending'`;
  const sent = `${state} = 'sent', sent_at = ?, claimed_at = NULL${
    queue.sentClearsError ? ", last_error = NULL" : ""
  }`;

  return {
    claim(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
      return store.write("claim", () => {
        const rows = claim.all(at, at, leaseExpired, limit) as (Row & {
          attempts: number;
          queue_due: string;
        })[];
        // RETURNING comes in no particular order: the claim's own, fresh rows first.
        return rows
          .sort(
            (a, b) =>
              Number(a.attempts > 1) - Number(b.attempts > 1) ||
              a.queue_due.localeCompare(b.queue_due) ||
              String(a[key as keyof typeof a]).localeCompare(String(b[key as keyof typeof b])),
          )
          .map(({ queue_due: _due, ...row }) => toJob(row as Row));
      });
    },
    async nextDue(leaseMs) {
      return store.run("read", () => {
        const row = nextDue.get() as { next_unclaimed: string | null; oldest_claim: string | null };
        return earliestDue(row.next_unclaimed, row.oldest_claim, leaseMs);
      });
    },
    async complete(id, at, detail) {
      await store.write("update", () => mark(sent, "", [at.toISOString()], id, detail));
    },
    async retry(id, error, at, detail) {
      const sets = "last_error = ?, next_attempt_at = ?, claimed_at = NULL";
      await store.write("update", () =>
        mark(sets, stillPending, [error, at.toISOString()], id, detail),
      );
    },
    async giveUp(id, error, detail) {
      const sets = `${state} = 'failed', last_error = ?, claimed_at = NULL`;
      await store.write("update", () => mark(sets, stillPending, [error], id, detail));
    },
    releaseClaims() {
      return Number(release.run().changes);
    },
  };
}
