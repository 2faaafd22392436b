/**
 * The Node host's store: one SQLite file through Node's built-in node:sqlite (docs/decisions/0002).
 * WAL journal with synchronous=FULL: a committed request survives a process crash and a power cut.
 * The schema is supabase/sqlite-migrations, applied on open (migrations.ts). Every queue (the
 * requests' e-mails, the owner's notices, the visitor's e-mails, the follow-ups) is the one generic
 * queue over its table, `queue(name)` (sqlite-queue.ts).
 * One server process owns a data folder; `npm run leads` may read it at the same time. Tests open
 * it as ":memory:".
 *
 * Group commit: writes that arrive in the same turn of the event loop (many visitors at once, or
 * the outbox marking a batch of e-mails) share one transaction and so one fsync, each in its own
 * savepoint so that one failing write fails alone. Every caller still hears back only after the
 * COMMIT is on disk. node:sqlite is synchronous: each COMMIT with synchronous=FULL blocks the event
 * loop for an fsync, and one per request was half of the server's time under load
 * (npm run bench:server, scenario 2). Alone, a write is its own group, as before.
 */
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { BookingStore } from "../store/booking-store.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { CountStore, SiteCount } from "../store/count-store.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import { applySqliteMigrations } from "../store/migrations.ts";
import type { NewNotice, OwnerStore } from "../store/owner-store.ts";
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
  contactRequestColumns as columns,
  type FollowUpRow,
  followUpColumns,
  type NoticeRow,
  noticeColumns,
  type ContactRequestRow as Row,
  toStoredRequest as toRequest,
  toStoredFollowUp,
  toStoredNotice,
  toStoredVisitorEmail,
} from "../store/store-row.ts";
import { sqliteBooking } from "./sqlite-booking.ts";
import { sqliteContent } from "./sqlite-content.ts";
import { sqlitePictures } from "./sqlite-pictures.ts";
import { sqliteQueue } from "./sqlite-queue.ts";

export type SqliteStore = ContactStore &
  OwnerStore &
  BookingStore &
  CountStore &
  FollowUpStore &
  ContentStore &
  PictureStore & {
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
  /**
   * Writes of the same turn share one commit (default). Off, each write commits before its call
   * returns: the store of unit tests that drive time with fake timers (tests/support/stores.ts).
   */
  groupCommit?: boolean;
  /** Fault tests only: runs on the open connection (a page limit as a full disk, failing SQL). */
  tune?: (db: DatabaseSync) => void;
};

function unavailable(action: string, error: unknown): StoreUnavailableError {
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`SQLite ${action} failed: ${detail}`, { cause: error });
}

/**
 * Quote requests are personal data, readable by the owner only, and the WAL holds the latest of
 * them. SQLite gives its -wal and -shm files the database file's mode, so the database is created
 * 0600 before SQLite first opens it (created by SQLite it would follow the umask, 0644, and so
 * would they). Companions left more open by earlier versions are narrowed to the database's mode.
 */
function createPrivately(path: string) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, "", { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

function narrowCompanions(path: string) {
  const mode = statSync(path).mode & 0o777;
  for (const companion of [`${path}-wal`, `${path}-shm`]) {
    if (existsSync(companion) && (statSync(companion).mode & 0o777 & ~mode) !== 0)
      chmodSync(companion, mode);
  }
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const inMemory = path === ":memory:";
  let db: DatabaseSync;
  try {
    if (!inMemory && !existsSync(path)) createPrivately(path);
    db = new DatabaseSync(path, { timeout: options.busyTimeoutMs ?? 5000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    applySqliteMigrations(db);
    options.tune?.(db);
    if (!inMemory) narrowCompanions(path);
  } catch (error) {
    throw unavailable("open", error);
  }

  const statements = {
    findRecent: db.prepare(
      `SELECT id FROM contact_requests WHERE fingerprint = ? AND created_at > ?
         AND status <> 'spam' ORDER BY created_at LIMIT 1`,
    ),
    insert: db.prepare(
      `INSERT INTO contact_requests (id, created_at, name, email, phone, service, other_service,
         message, fingerprint, next_attempt_at, status, quote_details, source, spam_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    list: db.prepare(
      `SELECT ${columns} FROM contact_requests ORDER BY created_at DESC, rowid DESC`,
    ),
    get: db.prepare(`SELECT ${columns} FROM contact_requests WHERE id = ?`),
    setStatus: db.prepare(
      `UPDATE contact_requests SET status = ?, status_set_at = ?,
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
    listNotices: db.prepare(`SELECT ${noticeColumns} FROM owner_notices ORDER BY created_at, key`),
    addCount: db.prepare(
      `INSERT INTO site_counts (day, path, event, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (day, path, event) DO UPDATE SET count = count + 1`,
    ),
    countsBetween: db.prepare(
      `SELECT day, path, event, count FROM site_counts WHERE day >= ? AND day <= ?
       ORDER BY day, path, event`,
    ),
    enqueueFollowUp: db.prepare(
      `INSERT INTO follow_ups (key, kind, request_id, address_hash, queued_status, created_at,
         next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET status = 'pending', queued_status = excluded.queued_status,
         created_at = excluded.created_at, next_attempt_at = excluded.next_attempt_at,
         attempts = 0, last_error = NULL, claimed_at = NULL
       WHERE follow_ups.status = 'stopped'`,
    ),
    stopFollowUp: db.prepare(
      `UPDATE follow_ups SET status = 'stopped', last_error = ?, claimed_at = NULL
       WHERE key = ? AND status = 'pending'`,
    ),
    followUpsSentTo: db.prepare(
      `SELECT count(*) AS sent FROM follow_ups
       WHERE address_hash = ? AND status = 'sent' AND sent_at >= ?`,
    ),
    listFollowUps: db.prepare(
      `SELECT ${followUpColumns} FROM follow_ups WHERE request_id = ? ORDER BY created_at, key`,
    ),
    optOut: db.prepare(
      `INSERT INTO email_opt_outs (address_hash, opted_out_at) VALUES (?, ?)
       ON CONFLICT (address_hash) DO NOTHING`,
    ),
    isOptedOut: db.prepare("SELECT 1 AS yes FROM email_opt_outs WHERE address_hash = ?"),
    listTouchedSince: db.prepare(
      `SELECT ${columns} FROM contact_requests
       WHERE status <> 'spam' AND (created_at >= ? OR status_set_at >= ? OR visit_changed_at >= ?)
       ORDER BY created_at DESC, rowid DESC`,
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
      if (options.groupCommit === false) flush();
      else flushing ??= setImmediate(flush);
    });
  }

  const booking = sqliteBooking(db, write, run);
  const queues = {
    deliveries: sqliteQueue(db, deliveryQueue, toRequest, { write, run }),
    notices: sqliteQueue(db, noticeQueue, toStoredNotice, { write, run }),
    visitorEmails: sqliteQueue(db, visitorEmailQueue, toStoredVisitorEmail, { write, run }),
    followUps: sqliteQueue(db, followUpQueue, toStoredFollowUp, { write, run }),
  } satisfies Queues;

  return {
    path,
    ...booking,
    ...sqlitePictures(db, write, run),
    ...sqliteContent(db, write, run),
    queue: (name) => queues[name],
    submit(request) {
      const { id, data, details, source, fingerprint, receivedAt, dedupeWindowMs } = request;
      const status = request.status ?? "new";
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
          source ? JSON.stringify(source) : null,
          status === "spam" ? (request.spamReason?.slice(0, 200) ?? null) : null,
        );
        return { id, duplicate: false };
      });
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
        () =>
          statements.setStatus.get(status, at.toISOString(), status, at.toISOString(), id) as
            | Row
            | undefined,
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
    async listNotices() {
      return run("read", () => (statements.listNotices.all() as NoticeRow[]).map(toStoredNotice));
    },
    async addCount(day, path, event) {
      await write("count", () => statements.addCount.run(day, path, event));
    },
    async countsBetween(from, to) {
      return run("read", () => statements.countsBetween.all(from, to) as SiteCount[]);
    },
    async enqueueFollowUp(item) {
      const result = await write("insert", () =>
        statements.enqueueFollowUp.run(
          item.key,
          item.kind,
          item.requestId,
          item.addressHash,
          item.queuedStatus,
          item.createdAt.toISOString(),
          item.dueAt.toISOString(),
        ),
      );
      return Number(result.changes) > 0;
    },
    async stopFollowUp(key, reason) {
      await write("update", () => statements.stopFollowUp.run(reason, key));
    },
    async followUpsSentTo(addressHash, since) {
      const row = run(
        "read",
        () => statements.followUpsSentTo.get(addressHash, since.toISOString()) as { sent: number },
      );
      return Number(row.sent);
    },
    async listFollowUps(requestId) {
      return run("read", () =>
        (statements.listFollowUps.all(requestId) as FollowUpRow[]).map(toStoredFollowUp),
      );
    },
    async optOut(addressHash, at) {
      await write("insert", () => statements.optOut.run(addressHash, at.toISOString()));
    },
    async isOptedOut(addressHash) {
      return run("read", () => statements.isOptedOut.get(addressHash) !== undefined);
    },
    async listTouchedSince(since) {
      const at = since.toISOString();
      return run("read", () =>
        (statements.listTouchedSince.all(at, at, at) as Row[]).map(toRequest),
      );
    },
    async releaseClaims() {
      return run("update", () =>
        Object.values(queues).reduce((released, queue) => released + queue.releaseClaims(), 0),
      );
    },
    async close() {
      // Writes already queued are committed (their callers are waiting), then the file closes.
      if (db.isOpen) flush();
      if (db.isOpen) db.close();
    },
  };
}
