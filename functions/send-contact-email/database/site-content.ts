/**
 * The owner's site content, once for both databases: the ContentStore (every published version
 * kept, numbered by the database in the order published, the newest live) and the PictureStore
 * (each picture once, with its files, never changed). A document is kept as the JSON it was
 * published as (Postgres: `json`, not `jsonb`), so it reads back with its keys in their order.
 */
import { type RawBuilder, sql } from "kysely";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "../store/content-store.ts";
import type { PictureFile, PictureStore } from "../store/picture-store.ts";
import { type Db, type Engine, iso, rows } from "./engine.ts";

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

const toVersion = (row: Row): ContentVersion => ({
  ...toSummary(row),
  document: parsed(row.document),
});

export function siteContentOf(engine: Engine): ContentStore & PictureStore {
  const { read, write } = engine;
  const summary = sql`version, published_at, changes, restored_from`;
  const versions = (db: Db, query: RawBuilder<Row>) => rows<Row>(db, query);

  return {
    publishContent: ({ document, changes, restoredFrom = null }) =>
      write("publish content", async (tx) => {
        const [row] = await versions(
          tx,
          sql`insert into content_versions (published_at, document, changes, restored_from)
              values (${new Date().toISOString()}, ${engine.json(document)}, ${engine.json(changes)},
                ${restoredFrom})
              returning ${summary}`,
        );
        return toSummary(row as Row);
      }),
    liveContent: () =>
      read("read content", async (db) => {
        const [row] = await versions(
          db,
          sql`select ${summary}, document from content_versions order by version desc limit 1`,
        );
        return row ? toVersion(row) : null;
      }),
    liveContentVersion: () =>
      read("read content", async (db) => {
        const [row] = await versions(db, sql`select max(version) as version from content_versions`);
        return row?.version == null ? null : Number(row.version);
      }),
    contentVersion: (version) =>
      read("read content", async (db) => {
        const [row] = await versions(
          db,
          sql`select ${summary}, document from content_versions where version = ${version}`,
        );
        return row ? toVersion(row) : null;
      }),
    contentHistory: (limit) =>
      read("read content", async (db) =>
        (
          await versions(
            db,
            sql`select ${summary} from content_versions order by version desc limit ${limit}`,
          )
        ).map(toSummary),
      ),
    savePicture: ({ id, width, height, files }) =>
      write("save picture", async (tx) => {
        const added = await rows(
          tx,
          sql`insert into content_pictures (id, created_at, width, height)
              values (${id}, ${new Date().toISOString()}, ${width}, ${height})
              on conflict (id) do nothing returning id`,
        );
        if (added.length === 0) return { stored: false };
        for (const file of files)
          await sql`insert into content_picture_files (name, picture_id, type, bytes)
                    values (${file.name}, ${id}, ${file.type}, ${file.bytes})`.execute(tx);
        return { stored: true };
      }),
    pictureFile: (name) =>
      read("read picture", async (db) => {
        const [row] = await rows<PictureFile>(
          db,
          sql`select name, type, bytes from content_picture_files where name = ${name}`,
        );
        return row ? { ...row, bytes: new Uint8Array(row.bytes) } : null;
      }),
  };
}
