/**
 * The queue helper of the SQLite store (queue-table.ts): claim, lease, next due, and the marks,
 * for any queue table. Synchronous, like node:sqlite; the store decides which calls share its
 * group commit.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { earliestDue, type QueueTable } from "../store/queue-table.ts";

/** What a mark may also set beside the queue's own columns (column name to value). */
export type ExtraColumns = Record<string, SQLInputValue>;

export type SqliteQueue<Row> = {
  claim(now: Date, limit: number, leaseMs: number): Row[];
  nextDue(leaseMs: number): Date | null;
  markSent(key: string, at: Date, extra?: ExtraColumns): void;
  /** Pending rows only: a row already sent or failed stays as it is. */
  markRetry(key: string, error: string, retryAt: Date, extra?: ExtraColumns): void;
  markFailed(key: string, error: string, extra?: ExtraColumns): void;
  /** Forgets every claim (the one process owning the data folder, at start); returns how many. */
  releaseClaims(): number;
};

export function sqliteQueue<Row>(db: DatabaseSync, queue: QueueTable): SqliteQueue<Row> {
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
  // A mark sets the queue's columns and the caller's extra ones; one statement per column set.
  const marks = new Map<string, StatementSync>();
  function mark(
    sets: string,
    guard: string,
    extra: ExtraColumns,
    values: SQLInputValue[],
    id: string,
  ) {
    const names = Object.keys(extra);
    const sql = `UPDATE ${table} SET ${[sets, ...names.map((name) => `${name} = ?`)].join(", ")}
      WHERE ${key} = ?${guard}`;
    let statement = marks.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      marks.set(sql, statement);
    }
    statement.run(...values, ...names.map((name) => extra[name] as SQLInputValue), id);
  }

  return {
    claim(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
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
        .map(({ queue_due: _due, ...row }) => row as Row);
    },
    nextDue(leaseMs) {
      const row = nextDue.get() as { next_unclaimed: string | null; oldest_claim: string | null };
      return earliestDue(row.next_unclaimed, row.oldest_claim, leaseMs);
    },
    markSent(id, at, extra = {}) {
      mark(`${state} = 'sent', sent_at = ?, claimed_at = NULL`, "", extra, [at.toISOString()], id);
    },
    markRetry(id, error, retryAt, extra = {}) {
      const sets = "last_error = ?, next_attempt_at = ?, claimed_at = NULL";
      mark(sets, ` AND ${state} = 'pending'`, extra, [error, retryAt.toISOString()], id);
    },
    markFailed(id, error, extra = {}) {
      const sets = `${state} = 'failed', last_error = ?, claimed_at = NULL`;
      mark(sets, ` AND ${state} = 'pending'`, extra, [error], id);
    },
    releaseClaims() {
      return Number(release.run().changes);
    },
  };
}
