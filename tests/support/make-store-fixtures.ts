/**
 * Makes the fixtures of store-fixture.ts: `node tests/support/make-store-fixtures.ts`. Run once
 * with the stores of commit 47f394d (before decision 0026) to keep what they wrote and read;
 * running it again with a later store would make fixtures of that store instead.
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { openPostgresStore } from "../../functions/send-contact-email/postgres/postgres-store.ts";
import { openSqliteStore } from "../../functions/send-contact-email/sqlite/sqlite-store.ts";
import { applyMigrations } from "../../functions/send-contact-email/store/migrations.ts";
import { postgresBin, startLocalPostgres } from "../integration/support/postgres.ts";
import { fillStore, readStore } from "./store-fixture.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const file = join(fixtures, "store-before-0026.db");
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
const sqlite = openSqliteStore(file);
await fillStore(sqlite);
const fromSqlite = await readStore(sqlite);
await sqlite.close();
writeFileSync(join(fixtures, "store-before-0026.json"), `${JSON.stringify(fromSqlite, null, 2)}\n`);

const pg = await startLocalPostgres();
try {
  const url = pg.createDatabase("fixture");
  const store = openPostgresStore({ url });
  await applyMigrations(store.sql);
  await fillStore(store);
  const fromPostgres = await readStore(store);
  await store.close();
  if (!isDeepStrictEqual(fromPostgres, fromSqlite)) {
    writeFileSync("/tmp/store-before-0026.pg.json", JSON.stringify(fromPostgres, null, 2));
    throw new Error("Postgres read otherwise than SQLite: /tmp/store-before-0026.pg.json");
  }
  const dump = execFileSync(
    join(postgresBin as string, "pg_dump"),
    [url, "--data-only", "--inserts", "--schema=public", "--no-owner", "--disable-triggers"],
    { encoding: "utf8" },
  );
  // psql's own commands (\restrict) out: the rows are plain SQL for any client to run.
  const rows = dump
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
  writeFileSync(join(fixtures, "store-before-0026.pg.sql"), rows);
} finally {
  await pg.stop();
}
