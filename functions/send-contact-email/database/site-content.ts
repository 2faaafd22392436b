/**
 * The owner's site content, once for both databases: the ContentStore (every published version
 * kept, numbered by the database in the order published, the newest live) and the PictureStore
 * (each picture once, with its files, never changed). A document is kept as the JSON it was
 * published as (Postgres: `json`, not `jsonb`), so it reads back with its keys in their order.
 */
import { sql } from "kysely";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "../store/content-store.ts";
import type { PictureFile, PictureStore } from "../store/picture-store.ts";
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
    pictureFile: (name) =>
      first(files(sql`select name, type, bytes from content_picture_files where name = ${name}`)),
  };
}
