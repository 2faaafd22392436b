/**
 * The owner's site content, once for both databases: the ContentStore (every published version
 * kept, numbered by the database in the order published, the newest live) and the PictureStore
 * (each picture once, with its files, never changed; one no version names may be purged). A
 * document is kept as the JSON it was published as (Postgres: `json`, not `jsonb`), so it reads
 * back with its keys in their order. Beside them, the last call of the static host's build hook
 * for each version.
 */
import { sql } from "kysely";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
  HostCall,
} from "../store/content-store.ts";
import type { PictureFile, PictureStore, StoredPicture } from "../store/picture-store.ts";
import { type Engine, iso, reader, rows, select, writer } from "./engine.ts";

/** JSON text from SQLite, the value from Postgres. */
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

type Row = {
  version: number | string;
  published_at: Date | string;
  changes: unknown;
  restored_from: number | string | null;
  document?: unknown;
};

function toSummary(row: Row): ContentVersionSummary {
  return {
    version: Number(row.version),
    publishedAt: iso(row.published_at),
    changes: parsed(row.changes) as string[],
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

type HostCallRow = Omit<HostCall, "calledAt" | "ok"> & { called_at: Date | string; ok: unknown };

/** `ok` is a boolean from Postgres, 1 or 0 from SQLite. */
const toHostCall = ({ called_at, ok, ...call }: HostCallRow): HostCall => ({
  ...call,
  version: Number(call.version),
  calledAt: iso(called_at),
  ok: Number(ok) === 1,
});

type PictureRow = Omit<StoredPicture, "storedAt"> & { created_at: Date | string };

const toPicture = ({ id, width, height, created_at }: PictureRow): StoredPicture => ({
  id,
  width: Number(width),
  height: Number(height),
  storedAt: iso(created_at),
});

const toVersion = (row: Row): ContentVersion => ({
  ...toSummary(row),
  document: parsed(row.document),
});

export function siteContentOf(engine: Engine): ContentStore & PictureStore {
  const summaries = reader(engine, toSummary);
  const versions = reader(engine, toVersion);
  const files = reader(engine, (file: PictureFile) => ({
    ...file,
    bytes: new Uint8Array(file.bytes),
  }));
  const pictures = reader(engine, toPicture);
  const hostCalls = reader(engine, toHostCall);
  const first = async <T>(found: Promise<T[]>) => (await found)[0] ?? null;
  const summary = sql`version, published_at, changes, restored_from`;

  return {
    publishContent: async ({ document, changes, restoredFrom = null }) => {
      const [row] = await writer(
        engine,
        "publish content",
      )<Row>(sql`insert into content_versions
          (published_at, document, changes, restored_from)
        values (${new Date().toISOString()}, ${engine.json(document)}, ${engine.json(changes)},
          ${restoredFrom})
        returning ${summary}`);
      return toSummary(row as Row);
    },
    liveContent: () =>
      first(
        versions(sql`select ${summary}, document from content_versions
        order by version desc limit 1`),
      ),
    liveContentVersion: async () => {
      const [row] = await select<Pick<Row, "version">>(
        engine,
        sql`select max(version) as version from content_versions`,
      );
      return row?.version == null ? null : Number(row.version);
    },
    contentVersion: (version) =>
      first(
        versions(sql`select ${summary}, document from content_versions
        where version = ${version}`),
      ),
    contentHistory: (limit) =>
      summaries(sql`select ${summary} from content_versions order by version desc limit ${limit}`),
    savePicture: ({ id, width, height, files: pictureFiles }) =>
      engine.write("save picture", async (tx) => {
        const added = await rows(
          tx,
          sql`insert into content_pictures (id, created_at, width, height)
          values (${id}, ${new Date().toISOString()}, ${width}, ${height})
          on conflict (id) do nothing returning id`,
        );
        if (added.length === 0) return { stored: false };
        for (const file of pictureFiles)
          await sql`insert into content_picture_files (name, picture_id, type, bytes)
            values (${file.name}, ${id}, ${file.type}, ${file.bytes})`.execute(tx);
        return { stored: true };
      }),
    recordHostCall: async ({ version, host, ok, reason }) => {
      const [row] = await writer(
        engine,
        "record host call",
      )<HostCallRow>(sql`
        insert into content_host_calls (version, called_at, host, ok, reason)
        values (${version}, ${new Date().toISOString()}, ${host}, ${ok ? sql`true` : sql`false`},
          ${reason})
        on conflict (version) do update set called_at = excluded.called_at, host = excluded.host,
          ok = excluded.ok, reason = excluded.reason
        returning version, called_at, host, ok, reason`);
      return toHostCall(row as HostCallRow);
    },
    hostCall: (version) =>
      first(
        hostCalls(sql`select version, called_at, host, ok, reason from content_host_calls
        where version = ${version}`),
      ),
    storedPicture: (id) =>
      first(
        pictures(sql`select id, width, height, created_at from content_pictures
        where id = ${id}`),
      ),
    storedPictures: () =>
      pictures(sql`select id, width, height, created_at from content_pictures
        order by created_at, id`),
    // One write: the files and their picture go together, or neither does.
    deletePicture: (id) =>
      engine.write("delete picture", async (tx) => {
        await sql`delete from content_picture_files where picture_id = ${id}`.execute(tx);
        const deleted = await rows(
          tx,
          sql`delete from content_pictures where id = ${id} returning id`,
        );
        return deleted.length > 0;
      }),
    pictureFile: (name) =>
      first(files(sql`select name, type, bytes from content_picture_files where name = ${name}`)),
  };
}
