/**
 * The one store on one SQLite file: Node's built-in node:sqlite (decision 0002) under Kysely's
 * own SQLite dialect. WAL with synchronous=FULL: a committed request survives a process crash and
 * a power cut. The schema is supabase/sqlite-migrations, applied on open (store/migrations.ts).
 * One server process owns a data folder; `npm run leads` and `npm run backup` may read it at the
 * same time. Tests open it as ":memory:".
 *
 * Group commit: writes that arrive in the same turn of the event loop (many visitors at once, or
 * the outbox marking a batch of e-mails) share one transaction and so one fsync, each in its own
 * savepoint so that one failing write fails alone. Every caller still hears back only after the
 * COMMIT is on disk. node:sqlite is synchronous: each COMMIT with synchronous=FULL blocks the event
 * loop for an fsync, and one per request was half of the server's time under load
 * (npm run bench:server, scenario 2). Alone, a write is its own group. BEGIN IMMEDIATE takes the
 * write lock first, so that a check and the insert it allows are one step for every connection.
 */
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { Kysely, SqliteDialect } from "kysely";
import { applySqliteMigrations } from "../store/migrations.ts";
import { type Db, type Encoded, type Engine, unavailable } from "./engine.ts";
import { type SqlStore, sqlStore } from "./sql-store.ts";

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

/** node:sqlite as Kysely's SQLite dialect drives a database (its SqliteDatabase), prepared once. */
function dialectDatabase(db: DatabaseSync) {
  const prepared = new Map<string, { statement: StatementSync; reader: boolean }>();
  return {
    close: () => (db.isOpen ? db.close() : undefined),
    prepare(text: string) {
      // The store's queries are a few dozen shapes; the bound only guards against a leak.
      if (!prepared.has(text) && prepared.size >= 500) prepared.clear();
      const statement = prepared.get(text)?.statement ?? db.prepare(text);
      const found = prepared.get(text) ?? { statement, reader: statement.columns().length > 0 };
      prepared.set(text, found);
      type Values = readonly SQLInputValue[];
      return {
        reader: found.reader,
        all: (values: Values) => statement.all(...values),
        run: (values: Values) => statement.run(...values),
        iterate: (values: Values) => statement.iterate(...values),
      };
    },
  };
}

export type SqliteStore = SqlStore & {
  /** The file in use. */
  readonly path: string;
};

/**
 * The store on the SQLite file at `path`. Only the process that owns the data folder calls
 * `releaseClaims`, at start: a claim left by a crashed run would otherwise delay that e-mail
 * until its lease expires.
 */
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
    throw unavailable("SQLite", "open", error);
  }
  const kysely = new Kysely<object>({
    dialect: new SqliteDialect({ database: dialectDatabase(db) }),
  });

  type Write = { action: string; work: (tx: Db) => Promise<unknown> };
  type Queued = Write & { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  let queued: Queued[] = [];
  let flushing: ReturnType<typeof setImmediate> | null = null;

  /**
   * Undoes what it can and never throws: a failing ROLLBACK (the disk gone, the file closed)
   * must not escape the flush, which runs from setImmediate. SQLite rolls back an unfinished
   * transaction itself when the connection closes or reopens.
   */
  function rollback() {
    try {
      if (db.isOpen && db.isTransaction) db.exec("ROLLBACK");
    } catch {
      // Nothing more to do here; every caller of the group is told the write failed.
    }
  }

  /** Each write of the group in its savepoint, then one COMMIT: what each write came to. */
  async function commit(group: Write[], connection: Db) {
    // A transaction left open by a ROLLBACK that failed last time: end it before the next.
    rollback();
    db.exec("BEGIN IMMEDIATE");
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      for (const { work } of group) {
        db.exec("SAVEPOINT one_write");
        try {
          outcomes.push({ ok: true, value: await work(connection) });
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
      return outcomes;
    } catch (error) {
      rollback();
      throw error;
    }
  }

  /** Runs every queued write in one transaction; see "Group commit" above. */
  async function flush() {
    if (flushing) clearImmediate(flushing);
    flushing = null;
    const group = queued;
    queued = [];
    if (group.length === 0) return;
    try {
      // The connection is held for the whole group: no read runs between its writes.
      const outcomes = await kysely.connection().execute((connection) => commit(group, connection));
      group.forEach((item, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) item.resolve(outcome.value);
        else item.reject(unavailable("SQLite", item.action, outcome?.value));
      });
    } catch (error) {
      for (const item of group) item.reject(unavailable("SQLite", item.action, error));
    }
  }

  const engine: Engine = {
    async read(action, work) {
      try {
        return await work(kysely);
      } catch (error) {
        throw unavailable("SQLite", action, error);
      }
    },
    write: <T>(action: string, work: (tx: Db) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queued.push({ action, work, resolve: resolve as (value: unknown) => void, reject });
        if (options.groupCommit === false) void flush();
        else flushing ??= setImmediate(flush);
      }),
    async lock() {},
    skipLocked: false,
    json: (value) => JSON.stringify(value) as unknown as Encoded,
    list: (values) => JSON.stringify(values) as unknown as Encoded,
    insertionOrder: "rowid",
    async close() {
      // Writes already queued are committed (their callers are waiting), then the file closes.
      await flush();
      await kysely.destroy();
      // Kysely closes only a database it has used; every later call then fails, as it should.
      if (db.isOpen) db.close();
    },
  };
  return { ...sqlStore(engine), path };
}
