/**
 * The one store on Postgres, for both hosts: the Node server with DATABASE_URL (several servers on
 * one database) and the Supabase Edge Function with SUPABASE_DB_URL. The driver is postgres.js
 * (npm `postgres`, decision 0009), under Kysely through kysely-postgres-js; both run unchanged
 * under Node and Deno. The schema is supabase/migrations (applied by Supabase, or by `npm start`:
 * store/migrations.ts).
 *
 * What must hold across servers is held by the database: a write is one transaction; the repeat
 * check of a request and the per-address cap of the visitor's e-mails take an advisory lock
 * (`lock`); queue claims take their rows FOR UPDATE SKIP LOCKED; content versions are numbered by
 * an identity column; the rate limit and the hourly e-mail cap are counted by the SQL functions
 * consume_contact_rate_limit, count_contact_mail and claim_contact_mail_digest.
 */
import { Kysely, type RawBuilder, sql } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { MailCount } from "../store/mail-count.ts";
import { type Encoded, type Engine, unavailable } from "./engine.ts";
import { type SqlStore, sqlStore } from "./sql-store.ts";

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

export type PostgresStore = Omit<SqlStore, "releaseClaims"> & {
  /** The pool, for the migration runner and tests. */
  readonly sql: postgres.Sql;
  /** A rate limiter whose counts live in this database, shared by every instance. */
  rateLimiter(options: { max: number; windowMs: number }): RateLimiter;
  /** The hourly e-mail cap's count in this database, shared by every instance. */
  mailCount(): MailCount;
};

/**
 * deadlock_detected, serialization_failure, lock_not_available; the server ending a session
 * (admin_shutdown, idle_session_timeout); and a pooled connection found dead on first use: the
 * server, a pooler or a firewall closed it while it sat idle (as it does while a mail outage keeps
 * the outbox quiet), and the write meets a closed socket.
 */
const transientCodes = new Set(
  "40P01 40001 55P03 57P01 57P05 CONNECTION_CLOSED CONNECTION_ENDED CONNECTION_DESTROYED ECONNRESET EPIPE".split(
    " ",
  ),
);

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && transientCodes.has(code);
}

export function openPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const client = postgres(options.url, {
    max: options.maxConnections ?? 10,
    prepare: options.prepare ?? true,
    connect_timeout: options.connectTimeoutSeconds ?? 10,
    idle_timeout: 60,
    // Notices (e.g. "relation already exists, skipping") are not errors; keep them out of logs.
    onnotice: () => {},
  });
  const db = new Kysely<object>({ dialect: new PostgresJSDialect({ postgres: client }) });

  /** Retried: a failure that says nothing about the work (a deadlock's victim, a dead connection). */
  async function run<T>(action: string, work: () => Promise<T>, retry = false): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (!retry || attempt >= 3 || !isTransient(error))
          throw unavailable("Postgres", action, error);
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }
  const one = async <Row>(action: string, query: RawBuilder<Row>, retry = false) =>
    (await run(action, () => query.execute(db), retry)).rows[0];

  const engine: Engine = {
    read: (action, work) => run(action, () => work(db)),
    write: (action, work, { retry = false, alone = false } = {}) =>
      run(action, () => (alone ? work(db) : db.transaction().execute(work)), retry),
    async lock(tx, key) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
    },
    skipLocked: true,
    // postgres.js writes a value as the type Postgres asks for: JSON for json and jsonb, an array
    // literal for text[]. Text would be written as a JSON string.
    json: (value) => value as Encoded,
    list: (values) => values as unknown as Encoded,
    insertionOrder: "id",
    close: () => client.end({ timeout: 5 }),
  };
  const { releaseClaims: _startOnlyOnSqlite, ...store } = sqlStore(engine);
  return {
    ...store,
    sql: client,
    rateLimiter: ({ max, windowMs }) => ({
      size: 0,
      async consume(clientKey, now = Date.now()) {
        const row = await one(
          "rate limit",
          sql<{ allowed: boolean; retry_after_seconds: number }>`
            select allowed, retry_after_seconds from consume_contact_rate_limit(
              ${clientKey}, ${max}::integer, ${windowMs}::integer, ${new Date(now)}::timestamptz)`,
          true,
        );
        if (!row) throw unavailable("Postgres", "rate limit", "consume_contact_rate_limit: no row");
        return row.allowed
          ? { allowed: true }
          : { allowed: false, retryAfterSeconds: row.retry_after_seconds };
      },
    }),
    mailCount() {
      const counted = <Row>(query: RawBuilder<Row>) => one("mail count", query);
      return {
        async add(hour) {
          await counted(sql`select count_contact_mail(${hour}::bigint)`);
        },
        async sent(hour) {
          const row = await counted(sql<{ sent: number }>`select sent from contact_mail_hours
            where hour = ${hour}::bigint`);
          return row?.sent ?? 0;
        },
        async claimDigest(hour) {
          const row = await counted(sql<{ claimed: boolean }>`
            select claim_contact_mail_digest(${hour}::bigint) as claimed`);
          return row?.claimed === true;
        },
      };
    },
  };
}
