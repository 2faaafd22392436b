/**
 * The owner's site content, once for both databases: the ContentStore (every published version
 * kept, numbered by the database in the order published, the newest live, and the last call of
 * the static host's build hook for each) and the PictureStore (each picture once, with its files,
 * never changed; one no version names may be purged). A document is kept as the JSON it was
 * published as (Postgres: `json`, not `jsonb`), so it reads back with its keys in their order.
 */
import { type RawBuilder, sql } from "kysely";
import type { ContentStore } from "../store/content-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import * as storeRow from "../store/store-row.ts";
import { type Engine, reader, rows, select, writer } from "./engine.ts";

export function siteContentOf(engine: Engine): ContentStore & PictureStore {
  const summaries = reader(engine, storeRow.toContentSummary);
  const versions = reader(engine, storeRow.toContentVersion);
  const hostCalls = reader(engine, storeRow.toHostCall);
  const pictures = reader(engine, storeRow.toStoredPicture);
  const files = reader(engine, storeRow.toPictureFile);
  const first = async <T>(found: Promise<T[]>) => (await found)[0] ?? null;
  const summary = sql`version, published_at, changes, restored_from`;
  const version = (where: RawBuilder<unknown>) =>
    first(versions(sql`select ${summary}, document from content_versions ${where}`));
  const publish = writer(engine, "publish content");
  const recordCall = writer(engine, "record host call");

  return {
    publishContent: async ({ document, changes, restoredFrom = null }) => {
      const [row] = await publish<storeRow.ContentVersionRow>(sql`insert into content_versions
          (published_at, document, changes, restored_from)
        values (${new Date().toISOString()}, ${engine.json(document)}, ${engine.json(changes)},
          ${restoredFrom})
        returning ${summary}`);
      return storeRow.toContentSummary(row as storeRow.ContentVersionRow);
    },
    liveContent: () => version(sql`order by version desc limit 1`),
    liveContentVersion: async () => {
      const [row] = await select<{ version: number | string | null }>(
        engine,
        sql`select max(version) as version from content_versions`,
      );
      return row?.version == null ? null : Number(row.version);
    },
    contentVersion: (number) => version(sql`where version = ${number}`),
    contentHistory: (limit) =>
      summaries(sql`select ${summary} from content_versions order by version desc limit ${limit}`),
    recordHostCall: async ({ version: number, host, ok, reason }) => {
      const [row] = await recordCall<storeRow.HostCallRow>(sql`insert into content_host_calls
          (version, called_at, host, ok, reason)
        values (${number}, ${new Date().toISOString()}, ${host}, ${ok ? sql`true` : sql`false`},
          ${reason})
        on conflict (version) do update set called_at = excluded.called_at, host = excluded.host,
          ok = excluded.ok, reason = excluded.reason
        returning version, called_at, host, ok, reason`);
      return storeRow.toHostCall(row as storeRow.HostCallRow);
    },
    hostCall: (number) =>
      first(hostCalls(sql`select * from content_host_calls where version = ${number}`)),
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
    storedPicture: (id) => first(pictures(sql`select * from content_pictures where id = ${id}`)),
    storedPictures: () => pictures(sql`select * from content_pictures order by created_at, id`),
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
