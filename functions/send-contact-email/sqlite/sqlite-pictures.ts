/** The PictureStore on SQLite (store/picture-store.ts); the tables: 0011_content_pictures.sql. */
import type { DatabaseSync } from "node:sqlite";
import type { PictureFile, PictureStore } from "../store/picture-store.ts";

type Write = <T>(action: string, work: () => T) => Promise<T>;
type Run = <T>(action: string, work: () => T) => T;

export function sqlitePictures(db: DatabaseSync, write: Write, run: Run): PictureStore {
  const statements = {
    insert: db.prepare(
      `INSERT INTO content_pictures (id, created_at, width, height) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    ),
    insertFile: db.prepare(
      "INSERT INTO content_picture_files (name, picture_id, type, bytes) VALUES (?, ?, ?, ?)",
    ),
    file: db.prepare("SELECT name, type, bytes FROM content_picture_files WHERE name = ?"),
  };

  return {
    savePicture({ id, width, height, files }) {
      return write("save picture", () => {
        const added = statements.insert.run(id, new Date().toISOString(), width, height);
        if (Number(added.changes) === 0) return { stored: false };
        for (const file of files) statements.insertFile.run(file.name, id, file.type, file.bytes);
        return { stored: true };
      });
    },
    async pictureFile(name) {
      const row = run(
        "read picture",
        () =>
          statements.file.get(name) as
            | { name: string; type: string; bytes: Uint8Array }
            | undefined,
      );
      return row
        ? ({
            name: row.name,
            type: row.type,
            bytes: new Uint8Array(row.bytes),
          } satisfies PictureFile)
        : null;
    },
  };
}
