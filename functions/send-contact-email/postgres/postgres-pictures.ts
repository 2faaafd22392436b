/** The PictureStore on Postgres (store/picture-store.ts); the tables: 20261127040000_content_pictures.sql. */
import type postgres from "postgres";
import type { PictureStore } from "../store/picture-store.ts";

type Run = <T>(action: string, work: () => Promise<T>) => Promise<T>;

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
  };
}
