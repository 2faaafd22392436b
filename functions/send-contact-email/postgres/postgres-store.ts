/**
 * The store on Postgres, for both hosts: the Node server with DATABASE_URL (several servers on one
 * database) and the Supabase Edge Function with SUPABASE_DB_URL. One driver, postgres.js (npm
 * `postgres`), which runs unchanged under Node and Deno (docs/decisions/0009-postgres-store.md).
 *
 * The schema is supabase/migrations (applied by Supabase, or by `npm start`: migrations.ts). Every
 * queue (the requests' e-mails, the owner's notices, the visitor's e-mails, the follow-ups) is the
 * one generic queue over its table, `queue(name)`, claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so two instances never claim the same row (postgres-queue.ts). What else must be atomic across instances lives in SQL functions of the
 * migrations: submit_contact_request (repeat check and insert under an advisory lock per
 * fingerprint; a spam request is never the first of a repeat), consume_contact_rate_limit, count_contact_mail and claim_contact_mail_digest (the
 * hourly e-mail cap), and set_contact_status (contacted_at on the first answer).
 */
import postgres from "postgres";
import type { RateLimitDecision, RateLimiter } from "../http/rate-limiter.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { CountStore, SiteCount } from "../store/count-store.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import type { MailCount } from "../store/mail-count.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import {
  deliveryQueue,
  followUpQueue,
  noticeQueue,
  type Queues,
  visitorEmailQueue,
} from "../store/queue-table.ts";
import { type ContactStore, StoreUnavailableError } from "../store/store.ts";
import {
  type ContactRequestRow,
  contactRequestColumns,
  type FollowUpRow,
  followUpColumns,
  type NoticeRow,
  noticeColumns,
  toStoredFollowUp,
  toStoredNotice,
  toStoredRequest,
  toStoredVisitorEmail,
} from "../store/store-row.ts";
import { postgresBooking } from "./postgres-booking.ts";
import { postgresContent } from "./postgres-content.ts";
import { postgresPictures } from "./postgres-pictures.ts";
import { postgresQueue } from "./postgres-queue.ts";

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

export type PostgresStore = ContactStore &
  OwnerStore &
  BookingStore &
  CountStore &
  FollowUpStore &
  ContentStore &
  PictureStore & {
    /** The pool, for the migration runner and tests. */
    readonly sql: postgres.Sql;
    /** A rate limiter whose counts live in this database, shared by every instance. */
    rateLimiter(options: { max: number; windowMs: number }): RateLimiter;
    /** The hourly e-mail cap's count in this database, shared by every instance. */
    mailCount(): MailCount;
  };

const transientAttempts = 3;
/**
 * deadlock_detected, serialization_failure, lock_not_available; the server ending a session
 * (admin_shutdown, idle_session_timeout); and a pooled connection found dead on first use: the
 * server, a pooler or a firewall closed it while it sat idle (as it does while a mail outage keeps
 * the outbox quiet), and the write meets a closed socket.
 */
const transientCodes = new Set([
  "40P01",
  "40001",
  "55P03",
  "57P01",
  "57P05",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNRESET",
  "EPIPE",
]);

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && transientCodes.has(code);
}

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

  /**
   * For what a visitor waits on (the rate limit, the insert): a failure that says nothing about
   * the request (Postgres chose it to break a deadlock or a serialization conflict, or the
   * connection dropped) is tried again at once instead of answering 503. The insert is safe to
   * repeat: its id makes a second attempt a no-op when the first one did commit.
   */
  async function runRetrying<T>(action: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= transientAttempts || !isTransient(error)) throw unavailable(action, error);
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }

  const columns = sql.unsafe(contactRequestColumns);
  const notices = sql.unsafe(noticeColumns);
  const queues = {
    deliveries: postgresQueue(sql, deliveryQueue, toStoredRequest, run, "uuid"),
    notices: postgresQueue(sql, noticeQueue, toStoredNotice, run, "text"),
    visitorEmails: postgresQueue(sql, visitorEmailQueue, toStoredVisitorEmail, run, "text"),
    followUps: postgresQueue(sql, followUpQueue, toStoredFollowUp, run, "text"),
  } satisfies Queues;
  const followUpFields = sql.unsafe(followUpColumns);
  /** An id that is not a uuid (a hand-edited link) matches nothing. */
  const uuidOrNull = (id: string) => sql`case when ${id} ~* '^[0-9a-f-]{36}$' then ${id}::uuid end`;

  return {
    sql,
    ...postgresBooking(sql, run),
    ...postgresPictures(sql, run),
    ...postgresContent(sql, run),
    queue: (name) => queues[name],
    submit(request) {
      const { id, data, details, source, fingerprint, receivedAt, dedupeWindowMs } = request;
      const status = request.status ?? "new";
      // Quote details and source as jsonb objects; null without them (as SQLite stores them).
      const quoteDetails =
        details && Object.keys(details).length > 0
          ? sql.json(details as unknown as postgres.JSONValue)
          : null;
      const visit = source ? sql.json(source as unknown as postgres.JSONValue) : null;
      return runRetrying("insert", async () => {
        const [row] = await sql<{ id: string; duplicate: boolean }[]>`
          select id, duplicate from public.submit_contact_request(
            ${id}::uuid, ${data.name}, ${data.email}, ${data.phone}, ${data.service},
            ${data.otherService}, ${data.message}, ${fingerprint}, ${receivedAt}::timestamptz,
            ${dedupeWindowMs}::integer, ${status}, ${quoteDetails}::jsonb, ${visit}::jsonb,
            ${request.spamReason ?? null}::text)`;
        if (!row) throw new Error("submit_contact_request returned no row");
        return { id: row.id, duplicate: row.duplicate };
      });
    },
    list() {
      return run("read", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests order by created_at desc, id`;
        return rows.map(toStoredRequest);
      });
    },
    get(id) {
      return run("read", async () => {
        // An id that is not a uuid (a hand-edited link) is simply not found.
        const [row] = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests
           where id = case when ${id} ~* '^[0-9a-f-]{36}$' then ${id}::uuid end`;
        return row ? toStoredRequest(row) : null;
      });
    },
    setStatus(id, status, at) {
      return run("update", async () => {
        const [row] = await sql<ContactRequestRow[]>`
          select ${columns} from public.set_contact_status(
            case when ${id} ~* '^[0-9a-f-]{36}$' then ${id}::uuid end, ${status},
            ${at}::timestamptz)`;
        return row ? toStoredRequest(row) : null;
      });
    },
    listSince(since) {
      return run("read", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests
           where created_at >= ${since}::timestamptz order by created_at desc, id`;
        return rows.map(toStoredRequest);
      });
    },
    enqueueNotice(notice) {
      return run("insert", async () => {
        const rows = await sql`
          insert into public.owner_notices
            (key, channel, request_id, notice, created_at, next_attempt_at)
          values (${notice.key}, ${notice.channel}, ${notice.requestId}::uuid,
                  ${sql.json(notice.notice as unknown as postgres.JSONValue)},
                  ${notice.createdAt}::timestamptz, ${notice.createdAt}::timestamptz)
          on conflict (key) do nothing
          returning key`;
        return rows.length > 0;
      });
    },
    listNotices() {
      return run("read", async () => {
        const rows = await sql<NoticeRow[]>`
          select ${notices} from public.owner_notices order by created_at, key`;
        return rows.map(toStoredNotice);
      });
    },
    async addCount(day, path, event) {
      await run("count", async () => {
        await sql`
          insert into public.site_counts as c (day, path, event, count)
          values (${day}::date, ${path}, ${event}, 1)
          on conflict (day, path, event) do update set count = c.count + 1`;
      });
    },
    countsBetween(from, to) {
      return run("read", async () => {
        const rows = await sql<SiteCount[]>`
          select to_char(day, 'YYYY-MM-DD') as day, path, event, count from public.site_counts
           where day between ${from}::date and ${to}::date order by day, path, event`;
        return [...rows];
      });
    },
    enqueueFollowUp(item) {
      return run("insert", async () => {
        const rows = await sql`
          insert into public.follow_ups
            (key, kind, request_id, address_hash, queued_status, created_at, next_attempt_at)
          values (${item.key}, ${item.kind}, ${item.requestId}::uuid, ${item.addressHash},
                  ${item.queuedStatus}, ${item.createdAt}::timestamptz, ${item.dueAt}::timestamptz)
          on conflict (key) do update
             set status = 'pending', queued_status = excluded.queued_status,
                 created_at = excluded.created_at, next_attempt_at = excluded.next_attempt_at,
                 attempts = 0, last_error = null, claimed_at = null
           where follow_ups.status = 'stopped'
          returning key`;
        return rows.length > 0;
      });
    },
    async stopFollowUp(key, reason) {
      await run("update", async () => {
        await sql`
          update public.follow_ups set status = 'stopped', last_error = ${reason}, claimed_at = null
           where key = ${key} and status = 'pending'`;
      });
    },
    followUpsSentTo(addressHash, since) {
      return run("read", async () => {
        const [row] = await sql<{ sent: number }[]>`
          select count(*)::integer as sent from public.follow_ups
           where address_hash = ${addressHash} and status = 'sent'
             and sent_at >= ${since}::timestamptz`;
        return row?.sent ?? 0;
      });
    },
    listFollowUps(requestId) {
      return run("read", async () => {
        const rows = await sql<FollowUpRow[]>`
          select ${followUpFields} from public.follow_ups
           where request_id = ${uuidOrNull(requestId)} order by created_at, key`;
        return rows.map(toStoredFollowUp);
      });
    },
    async optOut(addressHash, at) {
      await run("insert", async () => {
        await sql`
          insert into public.email_opt_outs (address_hash, opted_out_at)
          values (${addressHash}, ${at}::timestamptz) on conflict (address_hash) do nothing`;
      });
    },
    isOptedOut(addressHash) {
      return run("read", async () => {
        const rows = await sql`
          select 1 from public.email_opt_outs where address_hash = ${addressHash}`;
        return rows.length > 0;
      });
    },
    listTouchedSince(since) {
      return run("read", async () => {
        const rows = await sql<ContactRequestRow[]>`
          select ${columns} from public.contact_requests
           where status <> 'spam'
             and (created_at >= ${since}::timestamptz or status_set_at >= ${since}::timestamptz
                  or visit_changed_at >= ${since}::timestamptz)
           order by created_at desc, id`;
        return rows.map(toStoredRequest);
      });
    },
    rateLimiter({ max, windowMs }) {
      return {
        size: 0,
        consume(clientKey, now = Date.now()): Promise<RateLimitDecision> {
          return runRetrying("rate limit", async () => {
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
    mailCount() {
      return {
        add: (hour) =>
          run("mail count", async () => {
            await sql`select public.count_contact_mail(${hour}::bigint)`;
          }),
        sent: (hour) =>
          run("mail count", async () => {
            const [row] = await sql<{ sent: number }[]>`
              select sent from public.contact_mail_hours where hour = ${hour}::bigint`;
            return row?.sent ?? 0;
          }),
        claimDigest: (hour) =>
          run("mail count", async () => {
            const [row] = await sql<{ claimed: boolean }[]>`
              select public.claim_contact_mail_digest(${hour}::bigint) as claimed`;
            return row?.claimed === true;
          }),
      };
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
