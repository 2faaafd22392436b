/** The PictureStore on SQLite (store/picture-store.ts); the tables: 0011_content_pictures.sql. */
import type { DatabaseSync } from "node:sqlite";
import type { PictureFile, PictureStore, StoredPicture } from "../store/picture-store.ts";

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
    picture: db.prepare(
      "SELECT id, width, height, created_at AS storedAt FROM content_pictures WHERE id = ?",
    ),
    pictures: db.prepare(
      "SELECT id, width, height, created_at AS storedAt FROM content_pictures ORDER BY created_at, id",
    ),
    deleteFiles: db.prepare("DELETE FROM content_picture_files WHERE picture_id = ?"),
    delete: db.prepare("DELETE FROM content_pictures WHERE id = ?"),
  };
  const stored = (row: unknown): StoredPicture => {
    const { id, width, height, storedAt } = row as StoredPicture;
    return { id, width: Number(width), height: Number(height), storedAt };
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
    async storedPicture(id) {
      const row = run("read picture", () => statements.picture.get(id));
      return row ? stored(row) : null;
    },
    async storedPictures() {
      return run("list pictures", () => statements.pictures.all()).map(stored);
    },
    deletePicture(id) {
      // One write: the files and their picture go together, or neither does.
      return write("delete picture", () => {
        statements.deleteFiles.run(id);
        return Number(statements.delete.run(id).changes) > 0;
      });
    },
  };
}
