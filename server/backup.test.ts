import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../functions/send-contact-email/node.ts";
import { storeSample } from "../tests/support/samples.ts";
import { backupDatabase, backupFolder } from "./backup.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("a backup of the data folder's database", () => {
  it("holds what was committed, not a write in progress, and does not wait for it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "backup-unit-"));
    folders.push(folder);
    const database = join(folder, "data", "contact-requests.db");
    const store = openSqliteStore(database);
    const kept = await storeSample(store, new Date(), { name: "Committed Carla" });
    // Another connection is in the middle of a write (the server's next request).
    const writer = new DatabaseSync(database);
    writer.exec("BEGIN IMMEDIATE");
    writer.exec("UPDATE contact_requests SET name = 'Half Written'");
    const started = Date.now();
    const backup = backupDatabase(database, join(folder, "backups", "copy.db"), 200);
    expect(Date.now() - started).toBeLessThan(200);
    writer.exec("ROLLBACK");
    writer.close();
    await store.close();
    expect(backup.requests).toBe(1);
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, "backups")).mode & 0o777).toBe(0o700);
    const copy = openSqliteStore(backup.file);
    expect((await copy.get(kept))?.name).toBe("Committed Carla");
    await copy.close();
  });

  it("never writes over a file, nor makes a database where there was none", () => {
    const folder = mkdtempSync(join(tmpdir(), "backup-unit-"));
    folders.push(folder);
    expect(() => backupDatabase(join(folder, "none.db"), join(folder, "copy.db"))).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
    expect(() => statSync(join(folder, "none.db"))).toThrow();
    const database = join(folder, "contact-requests.db");
    new DatabaseSync(database).exec("CREATE TABLE contact_requests (id TEXT)");
    backupDatabase(database, join(folder, "copy.db"));
    expect(() => backupDatabase(database, join(folder, "copy.db"))).toThrow(
      expect.objectContaining({ code: "EEXIST" }),
    );
  });

  it("keeps the copies of the default folder out of git: they hold every request", () => {
    const ignored = readFileSync(join(import.meta.dirname, "../.gitignore"), "utf8").split("\n");
    expect(ignored).toContain(`/${backupFolder}/`);
  });
});
