/**
 * The ContentStore on SQLite (store/content-store.ts); the tables: 0010_content_versions.sql,
 * 0012_content_host_calls.sql.
 */
import type { DatabaseSync } from "node:sqlite";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
  HostCall,
} from "../store/content-store.ts";

type Write = <T>(action: string, work: () => T) => Promise<T>;
type Run = <T>(action: string, work: () => T) => T;

type Row = {
  version: number;
  published_at: string;
  changes: string;
  restored_from: number | null;
  document?: string;
};

const summaryColumns = "version, published_at, changes, restored_from";

function toSummary(row: Row): ContentVersionSummary {
  return {
    version: Number(row.version),
    publishedAt: row.published_at,
    changes: JSON.parse(row.changes) as string[],
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

type HostCallRow = {
  version: number;
  called_at: string;
  host: string;
  ok: number;
  reason: string | null;
};

function toHostCall(row: HostCallRow): HostCall {
  return {
    version: Number(row.version),
    calledAt: row.called_at,
    host: row.host,
    ok: Number(row.ok) === 1,
    reason: row.reason,
  };
}

function toVersion(row: Row): ContentVersion {
  return { ...toSummary(row), document: JSON.parse(row.document as string) };
}

export function sqliteContent(db: DatabaseSync, write: Write, run: Run): ContentStore {
  const statements = {
    insert: db.prepare(
      `INSERT INTO content_versions (published_at, document, changes, restored_from)
       VALUES (?, ?, ?, ?) RETURNING ${summaryColumns}`,
    ),
    live: db.prepare(
      `SELECT ${summaryColumns}, document FROM content_versions ORDER BY version DESC LIMIT 1`,
    ),
    liveVersion: db.prepare("SELECT max(version) AS version FROM content_versions"),
    one: db.prepare(`SELECT ${summaryColumns}, document FROM content_versions WHERE version = ?`),
    history: db.prepare(
      `SELECT ${summaryColumns} FROM content_versions ORDER BY version DESC LIMIT ?`,
    ),
    recordHostCall: db.prepare(
      `INSERT INTO content_host_calls (version, called_at, host, ok, reason) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (version) DO UPDATE SET called_at = excluded.called_at, host = excluded.host,
         ok = excluded.ok, reason = excluded.reason
       RETURNING version, called_at, host, ok, reason`,
    ),
    hostCall: db.prepare(
      "SELECT version, called_at, host, ok, reason FROM content_host_calls WHERE version = ?",
    ),
  };

  return {
    publishContent({ document, changes, restoredFrom = null }) {
      return write("publish content", () =>
        toSummary(
          statements.insert.get(
            new Date().toISOString(),
            JSON.stringify(document),
            JSON.stringify(changes),
            restoredFrom,
          ) as Row,
        ),
      );
    },
    async liveContent() {
      const row = run("read content", () => statements.live.get() as Row | undefined);
      return row ? toVersion(row) : null;
    },
    async liveContentVersion() {
      const row = run(
        "read content",
        () => statements.liveVersion.get() as { version: number | null } | undefined,
      );
      return row?.version == null ? null : Number(row.version);
    },
    async contentVersion(version) {
      const row = run("read content", () => statements.one.get(version) as Row | undefined);
      return row ? toVersion(row) : null;
    },
    async contentHistory(limit) {
      const rows = run("read content", () => statements.history.all(limit) as Row[]);
      return rows.map(toSummary);
    },
    recordHostCall({ version, host, ok, reason }) {
      return write("record host call", () =>
        toHostCall(
          statements.recordHostCall.get(
            version,
            new Date().toISOString(),
            host,
            ok ? 1 : 0,
            reason,
          ) as HostCallRow,
        ),
      );
    },
    async hostCall(version) {
      const row = run(
        "read content",
        () => statements.hostCall.get(version) as HostCallRow | undefined,
      );
      return row ? toHostCall(row) : null;
    },
  };
}
