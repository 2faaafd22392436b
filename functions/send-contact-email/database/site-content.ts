/**
 * The owner's site content, once for both databases: the ContentStore (every published version
 * kept, numbered by the database in the order published, the newest live) and the PictureStore
 * (each picture once, with its files, never changed). A document is kept as the JSON it was
 * published as (Postgres: `json`, not `jsonb`), so it reads back with its keys in their order.
 */
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "../store/content-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import { type Db, type Engine, iso } from "./engine.ts";

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
  const versions = (db: Db) =>
    db
      .selectFrom("content_versions")
      .select(["version", "published_at", "changes", "restored_from"]);

  return {
    publishContent: ({ document, changes, restoredFrom = null }) =>
      write("publish content", async (tx) => {
        const row = await tx
          .insertInto("content_versions")
          .values({
            published_at: new Date().toISOString(),
            document: engine.json(document),
            changes: engine.json(changes),
            restored_from: restoredFrom,
          })
          .returning(["version", "published_at", "changes", "restored_from"])
          .executeTakeFirstOrThrow();
        return toSummary(row);
      }),
    liveContent: () =>
      read("read content", async (db) => {
        const row = await versions(db)
          .select("document")
          .orderBy("version", "desc")
          .limit(1)
          .executeTakeFirst();
        return row ? toVersion(row) : null;
      }),
    liveContentVersion: () =>
      read("read content", async (db) => {
        const row = await db
          .selectFrom("content_versions")
          .select((eb) => eb.fn.max("version").as("version"))
          .executeTakeFirst();
        return row?.version == null ? null : Number(row.version);
      }),
    contentVersion: (version) =>
      read("read content", async (db) => {
        const row = await versions(db)
          .select("document")
          .where("version", "=", version)
          .executeTakeFirst();
        return row ? toVersion(row) : null;
      }),
    contentHistory: (limit) =>
      read("read content", async (db) =>
        (await versions(db).orderBy("version", "desc").limit(limit).execute()).map(toSummary),
      ),
    savePicture: ({ id, width, height, files }) =>
      write("save picture", async (tx) => {
        const added = await tx
          .insertInto("content_pictures")
          .values({ id, created_at: new Date().toISOString(), width, height })
          .onConflict((conflict) => conflict.column("id").doNothing())
          .returning("id")
          .execute();
        if (added.length === 0) return { stored: false };
        for (const file of files)
          await tx
            .insertInto("content_picture_files")
            .values({ name: file.name, picture_id: id, type: file.type, bytes: file.bytes })
            .execute();
        return { stored: true };
      }),
    pictureFile: (name) =>
      read("read picture", async (db) => {
        const row = await db
          .selectFrom("content_picture_files")
          .select(["name", "type", "bytes"])
          .where("name", "=", name)
          .executeTakeFirst();
        return row ? { name: row.name, type: row.type, bytes: new Uint8Array(row.bytes) } : null;
      }),
  };
}
