/**
 * The ContentStore on Postgres (store/content-store.ts); the tables:
 * 20261127030000_content_versions.sql, 20261127050000_content_host_calls.sql.
 */
import type postgres from "postgres";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
  HostCall,
} from "../store/content-store.ts";

type Run = <T>(action: string, work: () => Promise<T>) => Promise<T>;

type Row = {
  version: string | number;
  published_at: Date;
  changes: string;
  restored_from: string | number | null;
  document?: string;
};

function toSummary(row: Row): ContentVersionSummary {
  return {
    version: Number(row.version),
    publishedAt: row.published_at.toISOString(),
    changes: JSON.parse(row.changes) as string[],
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

type HostCallRow = {
  version: string | number;
  called_at: Date;
  host: string;
  ok: boolean;
  reason: string | null;
};

function toHostCall(row: HostCallRow): HostCall {
  return {
    version: Number(row.version),
    calledAt: row.called_at.toISOString(),
    host: row.host,
    ok: row.ok,
    reason: row.reason,
  };
}

function toVersion(row: Row): ContentVersion {
  return { ...toSummary(row), document: JSON.parse(row.document as string) };
}

export function postgresContent(sql: postgres.Sql, run: Run): ContentStore {
  return {
    publishContent({ document, changes, restoredFrom = null }) {
      return run("publish content", async () => {
        // Sent as text and cast: a json parameter would go as jsonb, whose keys are sorted.
        const [row] = await sql<Row[]>`
          insert into public.content_versions (document, changes, restored_from)
          values (${JSON.stringify(document)}::text::json, ${sql.json(changes)}, ${restoredFrom})
          returning version, published_at, changes::text as changes, restored_from`;
        return toSummary(row as Row);
      });
    },
    liveContent() {
      return run("read content", async () => {
        // As text: the json type keeps the document as published, keys in their order.
        const [row] = await sql<Row[]>`
          select version, published_at, changes::text as changes, restored_from, document::text as document
            from public.content_versions order by version desc limit 1`;
        return row ? toVersion(row) : null;
      });
    },
    liveContentVersion() {
      return run("read content", async () => {
        const [row] = await sql<{ version: string | number | null }[]>`
          select max(version) as version from public.content_versions`;
        return row?.version == null ? null : Number(row.version);
      });
    },
    contentVersion(version) {
      return run("read content", async () => {
        const [row] = await sql<Row[]>`
          select version, published_at, changes::text as changes, restored_from, document::text as document
            from public.content_versions where version = ${version}`;
        return row ? toVersion(row) : null;
      });
    },
    contentHistory(limit) {
      return run("read content", async () => {
        const rows = await sql<Row[]>`
          select version, published_at, changes::text as changes, restored_from
            from public.content_versions order by version desc limit ${limit}`;
        return rows.map(toSummary);
      });
    },
    recordHostCall({ version, host, ok, reason }) {
      return run("record host call", async () => {
        const [row] = await sql<HostCallRow[]>`
          insert into public.content_host_calls (version, host, ok, reason)
          values (${version}, ${host}, ${ok}, ${reason})
          on conflict (version) do update set called_at = now(), host = excluded.host,
            ok = excluded.ok, reason = excluded.reason
          returning version, called_at, host, ok, reason`;
        return toHostCall(row as HostCallRow);
      });
    },
    hostCall(version) {
      return run("read content", async () => {
        const [row] = await sql<HostCallRow[]>`
          select version, called_at, host, ok, reason
            from public.content_host_calls where version = ${version}`;
        return row ? toHostCall(row) : null;
      });
    },
  };
}
