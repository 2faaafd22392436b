/**
 * The store on Postgres, for both hosts: the Node server with DATABASE_URL (several servers on one
 * database) and the Supabase Edge Function with SUPABASE_DB_URL. One driver, postgres.js (npm
 * `postgres`), which runs unchanged under Node and Deno (docs/decisions/0009-postgres-store.md).
 *
 * The schema is supabase/migrations (applied by Supabase, or by `npm start`: server/migrations.ts).
 * What must be atomic across instances lives in SQL functions of those migrations:
 * submit_contact_request (repeat check and insert under an advisory lock per fingerprint),
 * claim_contact_deliveries (FOR UPDATE SKIP LOCKED with a lease, so two instances never claim the
 * same request), next_contact_delivery_due, consume_contact_rate_limit.
 */
import postgres from "postgres";
import type { RateLimitDecision, RateLimiter } from "./rate-limiter.ts";
import { type ContactStore, StoreUnavailableError } from "./store.ts";
import { type ContactRequestRow, contactRequestColumns, toStoredRequest } from "./store-row.ts";

export type PostgresStoreOptions = {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /**
   * Named prepared statements (default true). Turn off behind a transaction-mode pooler such as
   * Supabase's (port 6543, SUPABASE_DB_URL), which cannot keep them between transactions.
   */
  prepare?: boolean;
  connectTimeoutSeconds?: number;
};

export type PostgresStore = ContactStore & {
  /** The pool, for the migration runner and tests. */
  readonly sql: postgres.Sql;
  /** A rate limiter whose counts live in this database, shared by every instance. */
  rateLimiter(options: { max: number; windowMs: number }): RateLimiter;
};

function unavailable(action: string, error: unknown): StoreUnavailableError {
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Postgres ${action} failed: ${detail}`, { cause: error });
}

export function openPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const sql = postgres(options.url, {
    max: options.maxConnections ?? 10,
    prepare: options.prepare ?? true,
    connect_timeout: options.connectTimeoutSeconds ?? 10,
    idle_timeout: 60,
    // Notices (e.g. "relation already exists, skipping") are not errors; keep them out of logs.
    onnotice: () => {},
  });

  async function run<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw unavailable(action, error);
    }
  }

  const columns = sql.unsafe(contactRequestColumns);

  return {
    sql,
    submit({ id, data, fingerprint, receivedAt, dedupeWindowMs, status = "new" }) {
      return run("insert", async () => {
        const [row] = await sql<{ id: string; duplicate: boolean }[]>`
          select id, duplicate from public.submit_contact_request(
            ${id}::uuid, ${data.name}, ${data.email}, ${data.phone}, ${data.service},
            ${data.otherService}, ${data.message}, ${fingerprint}, ${receivedAt}::timestamptz,
            ${dedupeWindowMs}::integer, ${status})`;
        if (!row) throw new Error("submit_contact_request returned no row");
        return { id: row.id, duplicate: row.duplicate };
      });
    },
    claimDue(now, limit, leaseMs) {
      return run("claim", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.claim_contact_deliveries(
            ${now}::timestamptz, ${limit}::integer, ${leaseMs}::integer)
          order by attempts > 1, next_attempt_at`;
        return rows.map(toStoredRequest);
      });
    },
    async markSent(id, at, deliveredTo) {
      await run(
        "update",
        () => sql`
        update public.contact_requests
           set delivery_status = 'sent', sent_at = ${at}::timestamptz,
               delivered_to = ${deliveredTo}, last_error = null, claimed_at = null
         where id = ${id}::uuid`,
      );
    },
    async markRetry(id, { error, retryAt, deliveredRecipients }) {
      await run(
        "update",
        () => sql`
        update public.contact_requests
           set last_error = ${error}, next_attempt_at = ${retryAt}::timestamptz, claimed_at = null,
               delivered_recipients = coalesce(${deliveredRecipients ?? null}::text[],
                                               delivered_recipients)
         where id = ${id}::uuid and delivery_status = 'pending'`,
      );
    },
    async markFailed(id, { error, deliveredRecipients }) {
      await run(
        "update",
        () => sql`
        update public.contact_requests
           set delivery_status = 'failed', last_error = ${error}, claimed_at = null,
               delivered_recipients = coalesce(${deliveredRecipients ?? null}::text[],
                                               delivered_recipients)
         where id = ${id}::uuid and delivery_status = 'pending'`,
      );
    },
    nextDueAt(leaseMs) {
      return run("read", async () => {
        const [row] = await sql<{ due: Date | null }[]>`
          select public.next_contact_delivery_due(${leaseMs}::integer) as due`;
        return row?.due ? new Date(row.due) : null;
      });
    },
    list() {
      return run("read", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests order by created_at desc, id`;
        return rows.map(toStoredRequest);
      });
    },
    rateLimiter({ max, windowMs }) {
      return {
        size: 0,
        consume(clientKey, now = Date.now()): Promise<RateLimitDecision> {
          return run("rate limit", async () => {
            const [row] = await sql<{ allowed: boolean; retry_after_seconds: number }[]>`
              select allowed, retry_after_seconds from public.consume_contact_rate_limit(
                ${clientKey}, ${max}::integer, ${windowMs}::integer, ${new Date(now)}::timestamptz)`;
            if (!row) throw new Error("consume_contact_rate_limit returned no row");
            return row.allowed
              ? { allowed: true }
              : { allowed: false, retryAfterSeconds: row.retry_after_seconds };
          });
        },
      };
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
