/**
 * A copy of the data folder's database that can be restored as it is (docs/deploying.md,
 * "Backups"), made while the server runs: SQLite's `VACUUM INTO` reads the database in one read
 * transaction, so the copy is the database as one moment left it, whole, never half a write;
 * in WAL mode that reader blocks no writer, and the server goes on storing requests meanwhile.
 * The copy is compact and readable by the owner only, like the database (0600, its folder 0700).
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

/** Where `npm run backup` puts its copies by default, beside the data folder; never committed. */
export const backupFolder = "backups";

export type Backup = { file: string; bytes: number; requests: number };

export function backupDatabase(database: string, file: string, busyTimeoutMs = 5000): Backup {
  statSync(database); // missing: ENOENT, before SQLite would create an empty one
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Created private and empty first (VACUUM INTO writes into an empty file); never overwritten.
  writeFileSync(file, "", { flag: "wx", mode: 0o600 });
  const source = new DatabaseSync(database, { timeout: busyTimeoutMs });
  try {
    source.prepare("VACUUM INTO ?").run(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const { integrity_check: check } = copy.prepare("PRAGMA integrity_check").get() as {
      integrity_check: string;
    };
    if (check !== "ok") throw new Error(`the copy ${file} is damaged: ${check}`);
    const { n } = copy.prepare("SELECT count(*) AS n FROM contact_requests").get() as { n: number };
    return { file, bytes: statSync(file).size, requests: Number(n) };
  } finally {
    copy.close();
  }
}
