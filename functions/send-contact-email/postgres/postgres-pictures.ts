/** The PictureStore on Postgres (store/picture-store.ts); the tables: 20261127040000_content_pictures.sql. */
import type postgres from "postgres";
import type { PictureStore, StoredPicture } from "../store/picture-store.ts";

type Run = <T>(action: string, work: () => Promise<T>) => Promise<T>;

/** The same shape as SQLite's: an ISO 8601 time in UTC. */
const normal = (row: StoredPicture): StoredPicture => ({
  id: row.id,
  width: row.width,
  height: row.height,
  storedAt: new Date(row.storedAt).toISOString(),
});

export function postgresPictures(sql: postgres.Sql, run: Run): PictureStore {
  return {
    savePicture({ id, width, height, files }) {
      return run("save picture", () =>
        sql.begin(async (tx) => {
          const added = await tx`
            insert into public.content_pictures (id, width, height) values (${id}, ${width}, ${height})
            on conflict (id) do nothing returning id`;
          if (added.length === 0) return { stored: false };
          for (const file of files)
            await tx`
              insert into public.content_picture_files (name, picture_id, type, bytes)
              values (${file.name}, ${id}, ${file.type}, ${file.bytes})`;
          return { stored: true };
        }),
      );
    },
    pictureFile(name) {
      return run("read picture", async () => {
        const [row] = await sql<{ name: string; type: string; bytes: Uint8Array }[]>`
          select name, type, bytes from public.content_picture_files where name = ${name}`;
        return row ? { name: row.name, type: row.type, bytes: new Uint8Array(row.bytes) } : null;
      });
    },
    storedPicture(id) {
      return run("read picture", async () => {
        const [row] = await sql<StoredPicture[]>`
          select id, width, height, to_json(created_at)#>>'{}' as "storedAt"
          from public.content_pictures where id = ${id}`;
        return row ? normal(row) : null;
      });
    },
    storedPictures() {
      return run("list pictures", async () => {
        const rows = await sql<StoredPicture[]>`
          select id, width, height, to_json(created_at)#>>'{}' as "storedAt"
          from public.content_pictures order by created_at, id`;
        return rows.map(normal);
      });
    },
    deletePicture(id) {
      return run("delete picture", () =>
        sql.begin(async (tx) => {
          await tx`delete from public.content_picture_files where picture_id = ${id}`;
          const deleted =
            await tx`delete from public.content_pictures where id = ${id} returning id`;
          return deleted.length > 0;
        }),
      );
    },
  };
}
