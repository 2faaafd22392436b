/**
 * The Node host's store: one SQLite file through Node's built-in node:sqlite (docs/decisions/0002).
 * WAL journal with synchronous=FULL: a committed request survives a process crash and a power cut.
 * The schema is created and migrated on open (PRAGMA user_version counts applied migrations).
 * One server process owns a data folder; `npm run leads` may read it at the same time.
 *
 * Group commit: writes that arrive in the same turn of the event loop (many visitors at once, or
 * the outbox marking a batch of e-mails) share one transaction and so one fsync, each in its own
 * savepoint so that one failing write fails alone. Every caller still hears back only after the
 * COMMIT is on disk. node:sqlite is synchronous: each COMMIT with synchronous=FULL blocks the event
 * loop for an fsync, and one per request was half of the server's time under load
 * (npm run bench:server, scenario 2). Alone, a write is its own group, as before.
 */
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Notice } from "./owner/notice.ts";
import type { NewNotice, OwnerStore, StoredNotice } from "./owner/owner-store.ts";
import { type ContactStore, StoreUnavailableError } from "./store.ts";
import {
  contactRequestColumns as columns,
  type ContactRequestRow as Row,
  toStoredRequest as toRequest,
} from "./store-row.ts";

/** Append only: each entry runs once, in order, inside a transaction. */
export const sqliteMigrations: string[] = [
  `CREATE TABLE contact_requests (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     service TEXT NOT NULL,
     other_service TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     delivery_status TEXT NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at TEXT NOT NULL,
     claimed_at TEXT,
     sent_at TEXT,
     delivered_to TEXT
   ) STRICT;
   CREATE INDEX contact_requests_fingerprint ON contact_requests (fingerprint, created_at);
   CREATE INDEX contact_requests_created ON contact_requests (created_at);
   CREATE INDEX contact_requests_pending ON contact_requests (next_attempt_at)
     WHERE delivery_status = 'pending';`,
  // The lead's status (new, spam, later the owner's), a final `failed` delivery state, and the
  // recipients that already accepted a partly delivered e-mail. SQLite cannot change a CHECK in
  // place: the table is rebuilt, rows and indexes kept.
  `CREATE TABLE contact_requests_v2 (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     service TEXT NOT NULL,
     other_service TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'new'
       CHECK (status IN ('new', 'contacted', 'won', 'lost', 'spam')),
     delivery_status TEXT NOT NULL DEFAULT 'pending'
       CHECK (delivery_status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at TEXT NOT NULL,
     claimed_at TEXT,
     sent_at TEXT,
     delivered_to TEXT,
     delivered_recipients TEXT NOT NULL DEFAULT '[]'
   ) STRICT;
   INSERT INTO contact_requests_v2 (id, created_at, name, email, phone, service, other_service,
     message, fingerprint, delivery_status, attempts, last_error, next_attempt_at, claimed_at,
     sent_at, delivered_to)
   SELECT id, created_at, name, email, phone, service, other_service, message, fingerprint,
     delivery_status, attempts, last_error, next_attempt_at, claimed_at, sent_at, delivered_to
   FROM contact_requests ORDER BY rowid;
   DROP TABLE contact_requests;
   ALTER TABLE contact_requests_v2 RENAME TO contact_requests;
   CREATE INDEX contact_requests_fingerprint ON contact_requests (fingerprint, created_at);
   CREATE INDEX contact_requests_created ON contact_requests (created_at);
   CREATE INDEX contact_requests_pending ON contact_requests (next_attempt_at)
     WHERE delivery_status = 'pending' AND status <> 'spam';`,
  // The owner's side (owner/owner-store.ts): when the owner first answered, and the queue of
  // notices (alerts, reminders, digests), one row per key.
  `ALTER TABLE contact_requests ADD COLUMN contacted_at TEXT;
   CREATE TABLE owner_notices (
     key TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('email', 'push')),
     request_id TEXT,
     notice TEXT NOT NULL,
     created_at TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at TEXT NOT NULL,
     claimed_at TEXT,
     sent_at TEXT
   ) STRICT;
   CREATE INDEX owner_notices_pending ON owner_notices (next_attempt_at) WHERE status = 'pending';`,
  // Optional quote details (ZIP and area, estimate, offer, preferred times) as one JSON object,
  // NULL for a request without them.
  `ALTER TABLE contact_requests ADD COLUMN quote_details TEXT;`,
];

export type SqliteStore = ContactStore &
  OwnerStore & {
    /** The file in use. */
    readonly path: string;
    /**
     * Forgets in-flight claims. Only the process that owns the data folder calls this, at start:
     * a claim left by a crashed run would otherwise delay that e-mail until its lease expires.
     */
    releaseClaims(): Promise<number>;
  };

export type SqliteStoreOptions = {
  /** How long a write waits for another connection's lock before failing (ms). */
  busyTimeoutMs?: number;
  /** Fault tests only: runs on the open connection (a page limit as a full disk, failing SQL). */
  tune?: (db: DatabaseSync) => void;
};

type NoticeRow = {
  key: string;
  channel: string;
  request_id: string | null;
  notice: string;
  created_at: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
};

const noticeColumns = `key, channel, request_id, notice, created_at, status, attempts, last_error,
  sent_at`;

function toNotice(row: NoticeRow): StoredNotice {
  return {
    key: row.key,
    channel: row.channel as StoredNotice["channel"],
    requestId: row.request_id,
    notice: JSON.parse(row.notice) as Notice,
    createdAt: new Date(row.created_at),
    status: row.status as StoredNotice["status"],
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}

function unavailable(action: string, error: unknown): StoreUnavailableError {
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`SQLite ${action} failed: ${detail}`, { cause: error });
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  for (let index = version; index < sqliteMigrations.length; index += 1) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(sqliteMigrations[index] as string);
      db.exec(`PRAGMA user_version = ${index + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const isNew = !existsSync(path);
  if (isNew) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { timeout: options.busyTimeoutMs ?? 5000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    migrate(db);
    options.tune?.(db);
    // Quote requests are personal data: readable by the owner only.
    if (isNew) chmodSync(path, 0o600);
  } catch (error) {
    throw unavailable("open", error);
  }

  const statements = {
    findRecent: db.prepare(
      `SELECT id FROM contact_requests WHERE fingerprint = ? AND created_at > ?
       ORDER BY created_at LIMIT 1`,
    ),
    insert: db.prepare(
      `INSERT INTO contact_requests (id, created_at, name, email, phone, service, other_service,
         message, fingerprint, next_attempt_at, status, quote_details)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    claim: db.prepare(
      `UPDATE contact_requests SET claimed_at = ?, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM contact_requests
         WHERE delivery_status = 'pending' AND status <> 'spam' AND next_attempt_at <= ?
           AND (claimed_at IS NULL OR claimed_at <= ?)
         ORDER BY attempts > 0, next_attempt_at LIMIT ?)
       RETURNING ${columns}`,
    ),
    markSent: db.prepare(
      `UPDATE contact_requests SET delivery_status = 'sent', sent_at = ?, delivered_to = ?,
         last_error = NULL, claimed_at = NULL
       WHERE id = ?`,
    ),
    markRetry: db.prepare(
      `UPDATE contact_requests SET last_error = ?, next_attempt_at = ?, claimed_at = NULL,
         delivered_recipients = COALESCE(?, delivered_recipients)
       WHERE id = ? AND delivery_status = 'pending'`,
    ),
    markFailed: db.prepare(
      `UPDATE contact_requests SET delivery_status = 'failed', last_error = ?, claimed_at = NULL,
         delivered_recipients = COALESCE(?, delivered_recipients)
       WHERE id = ? AND delivery_status = 'pending'`,
    ),
    nextDue: db.prepare(
      `SELECT MIN(CASE WHEN claimed_at IS NULL THEN next_attempt_at END) AS next_unclaimed,
         MIN(claimed_at) AS oldest_claim
       FROM contact_requests WHERE delivery_status = 'pending' AND status <> 'spam'`,
    ),
    list: db.prepare(
      `SELECT ${columns} FROM contact_requests ORDER BY created_at DESC, rowid DESC`,
    ),
    get: db.prepare(`SELECT ${columns} FROM contact_requests WHERE id = ?`),
    setStatus: db.prepare(
      `UPDATE contact_requests SET status = ?,
         contacted_at = CASE WHEN contacted_at IS NULL AND ? <> 'spam' THEN ? ELSE contacted_at END
       WHERE id = ? RETURNING ${columns}`,
    ),
    listSince: db.prepare(
      `SELECT ${columns} FROM contact_requests WHERE created_at >= ?
       ORDER BY created_at DESC, rowid DESC`,
    ),
    enqueueNotice: db.prepare(
      `INSERT INTO owner_notices (key, channel, request_id, notice, created_at, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    ),
    claimNotices: db.prepare(
      `UPDATE owner_notices SET claimed_at = ?, attempts = attempts + 1
       WHERE key IN (
         SELECT key FROM owner_notices
         WHERE status = 'pending' AND next_attempt_at <= ?
           AND (claimed_at IS NULL OR claimed_at <= ?)
         ORDER BY next_attempt_at LIMIT ?)
       RETURNING ${noticeColumns}, next_attempt_at`,
    ),
    markNoticeSent: db.prepare(
      `UPDATE owner_notices SET status = 'sent', sent_at = ?, claimed_at = NULL WHERE key = ?`,
    ),
    markNoticeRetry: db.prepare(
      `UPDATE owner_notices SET last_error = ?, next_attempt_at = ?, claimed_at = NULL
       WHERE key = ? AND status = 'pending'`,
    ),
    markNoticeFailed: db.prepare(
      `UPDATE owner_notices SET status = 'failed', last_error = ?, claimed_at = NULL
       WHERE key = ? AND status = 'pending'`,
    ),
    nextNoticeDue: db.prepare(
      `SELECT MIN(CASE WHEN claimed_at IS NULL THEN next_attempt_at END) AS next_unclaimed,
         MIN(claimed_at) AS oldest_claim
       FROM owner_notices WHERE status = 'pending'`,
    ),
    listNotices: db.prepare(`SELECT ${noticeColumns} FROM owner_notices ORDER BY created_at, key`),
    releaseClaims: db.prepare(
      `UPDATE contact_requests SET claimed_at = NULL
       WHERE delivery_status = 'pending' AND claimed_at IS NOT NULL`,
    ),
    releaseNoticeClaims: db.prepare(
      `UPDATE owner_notices SET claimed_at = NULL WHERE status = 'pending' AND claimed_at IS NOT NULL`,
    ),
  } satisfies Record<string, StatementSync>;

  function run<T>(action: string, work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw unavailable(action, error);
    }
  }

  type Queued = {
    action: string;
    work: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  };
  let queued: Queued[] = [];
  let flushing: ReturnType<typeof setImmediate> | null = null;

  /**
   * Undoes what it can and never throws: a failing ROLLBACK (the disk gone, the file closed)
   * must not escape flush(), which runs from setImmediate, where a throw ends the process.
   * SQLite rolls back an unfinished transaction itself when the connection closes or reopens.
   */
  function rollback(sql: string) {
    try {
      if (db.isOpen && db.isTransaction) db.exec(sql);
    } catch {
      // Nothing more to do here; every caller of the group is told the write failed.
    }
  }

  /** Runs every queued write in one transaction; see "Group commit" above. */
  function flush() {
    if (flushing) clearImmediate(flushing);
    flushing = null;
    const group = queued;
    queued = [];
    if (group.length === 0) return;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    // A transaction left open by a ROLLBACK that failed last time: end it before the next.
    rollback("ROLLBACK");
    try {
      // IMMEDIATE takes the write lock first: duplicate checks and inserts are atomic.
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      for (const item of group) item.reject(unavailable(item.action, error));
      return;
    }
    try {
      for (const item of group) {
        db.exec("SAVEPOINT one_write");
        try {
          outcomes.push({ ok: true, value: item.work() });
          db.exec("RELEASE one_write");
        } catch (error) {
          try {
            db.exec("ROLLBACK TO one_write");
            db.exec("RELEASE one_write");
          } catch {
            // SQLite rolled the whole transaction back itself (a full disk does): the group
            // fails, with this write's error as the reason.
            throw error;
          }
          outcomes.push({ ok: false, value: error });
        }
      }
      db.exec("COMMIT");
    } catch (error) {
      rollback("ROLLBACK");
      for (const item of group) item.reject(unavailable(item.action, error));
      return;
    }
    group.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(unavailable(item.action, outcome?.value));
    });
  }

  /** Queues a write for the next group commit; resolves once it is committed. */
  function write<T>(action: string, work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queued.push({ action, work, resolve: resolve as (value: unknown) => void, reject });
      flushing ??= setImmediate(flush);
    });
  }

  return {
    path,
    submit({ id, data, details, fingerprint, receivedAt, dedupeWindowMs, status = "new" }) {
      const createdAt = receivedAt.toISOString();
      const since = new Date(receivedAt.getTime() - dedupeWindowMs).toISOString();
      return write("insert", () => {
        const existing = statements.findRecent.get(fingerprint, since) as
          | { id: string }
          | undefined;
        if (existing) return { id: existing.id, duplicate: true };
        statements.insert.run(
          id,
          createdAt,
          data.name,
          data.email,
          data.phone,
          data.service,
          data.otherService,
          data.message,
          fingerprint,
          createdAt,
          status,
          details && Object.keys(details).length > 0 ? JSON.stringify(details) : null,
        );
        return { id, duplicate: false };
      });
    },
    async claimDue(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
      return run("claim", () =>
        (statements.claim.all(at, at, leaseExpired, limit) as Row[])
          .map(toRequest)
          .sort(
            (a, b) =>
              Number(a.attempts > 1) - Number(b.attempts > 1) ||
              a.nextAttemptAt.localeCompare(b.nextAttemptAt),
          ),
      );
    },
    async markSent(id, at, deliveredTo) {
      await write("update", () => statements.markSent.run(at.toISOString(), deliveredTo, id));
    },
    async markRetry(id, { error, retryAt, deliveredRecipients }) {
      const done = deliveredRecipients ? JSON.stringify(deliveredRecipients) : null;
      await write("update", () => statements.markRetry.run(error, retryAt.toISOString(), done, id));
    },
    async markFailed(id, { error, deliveredRecipients }) {
      const done = deliveredRecipients ? JSON.stringify(deliveredRecipients) : null;
      await write("update", () => statements.markFailed.run(error, done, id));
    },
    async nextDueAt(leaseMs) {
      const row = run(
        "read",
        () =>
          statements.nextDue.get() as {
            next_unclaimed: string | null;
            oldest_claim: string | null;
          },
      );
      // A claimed request is due again only when its lease runs out (a crashed worker's claim).
      const candidates = [
        row.next_unclaimed === null ? null : Date.parse(row.next_unclaimed),
        row.oldest_claim === null ? null : Date.parse(row.oldest_claim) + leaseMs,
      ].filter((time): time is number => time !== null);
      return candidates.length === 0 ? null : new Date(Math.min(...candidates));
    },
    async list() {
      return run("read", () => (statements.list.all() as Row[]).map(toRequest));
    },
    async get(id) {
      const row = run("read", () => statements.get.get(id) as Row | undefined);
      return row ? toRequest(row) : null;
    },
    async setStatus(id, status, at) {
      const row = await write(
        "update",
        () => statements.setStatus.get(status, status, at.toISOString(), id) as Row | undefined,
      );
      return row ? toRequest(row) : null;
    },
    async listSince(since) {
      return run("read", () =>
        (statements.listSince.all(since.toISOString()) as Row[]).map(toRequest),
      );
    },
    async enqueueNotice(notice: NewNotice) {
      const created = notice.createdAt.toISOString();
      const result = await write("insert", () =>
        statements.enqueueNotice.run(
          notice.key,
          notice.channel,
          notice.requestId,
          JSON.stringify(notice.notice),
          created,
          created,
        ),
      );
      return Number(result.changes) > 0;
    },
    async claimDueNotices(now, limit, leaseMs) {
      const at = now.toISOString();
      const leaseExpired = new Date(now.getTime() - leaseMs).toISOString();
      const rows = await write(
        "claim",
        () =>
          statements.claimNotices.all(at, at, leaseExpired, limit) as Array<
            NoticeRow & { next_attempt_at: string }
          >,
      );
      return rows
        .sort(
          (a, b) =>
            a.next_attempt_at.localeCompare(b.next_attempt_at) || a.key.localeCompare(b.key),
        )
        .map(toNotice);
    },
    async markNoticeSent(key, at) {
      await write("update", () => statements.markNoticeSent.run(at.toISOString(), key));
    },
    async markNoticeRetry(key, error, retryAt) {
      await write("update", () =>
        statements.markNoticeRetry.run(error, retryAt.toISOString(), key),
      );
    },
    async markNoticeFailed(key, error) {
      await write("update", () => statements.markNoticeFailed.run(error, key));
    },
    async nextNoticeDueAt(leaseMs) {
      const row = run(
        "read",
        () =>
          statements.nextNoticeDue.get() as {
            next_unclaimed: string | null;
            oldest_claim: string | null;
          },
      );
      const candidates = [
        row.next_unclaimed === null ? null : Date.parse(row.next_unclaimed),
        row.oldest_claim === null ? null : Date.parse(row.oldest_claim) + leaseMs,
      ].filter((time): time is number => time !== null);
      return candidates.length === 0 ? null : new Date(Math.min(...candidates));
    },
    async listNotices() {
      return run("read", () => (statements.listNotices.all() as NoticeRow[]).map(toNotice));
    },
    async releaseClaims() {
      return run("update", () => {
        statements.releaseNoticeClaims.run();
        return Number(statements.releaseClaims.run().changes);
      });
    },
    async close() {
      // Writes already queued are committed (their callers are waiting), then the file closes.
      if (db.isOpen) flush();
      if (db.isOpen) db.close();
    },
  };
}
