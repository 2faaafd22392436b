/**
 * The schema of each database, under supabase/: supabase/migrations (Postgres: the Supabase CLI's
 * folder, which sees only its own files) and supabase/sqlite-migrations (the SQLite file of `npm
 * start`). Each holds `<version>_<name>.sql` files, applied once each, in order of version, each
 * recorded with the version it ran as. The files written by hand for each database stay as they
 * shipped; every newer change is one file of supabase/schema/, whose SQL for both is made by
 * `npm run migrations` (decision 0026).
 *
 * Postgres: `applyMigrations` runs the pending files in one transaction that first takes an
 * advisory lock (several servers starting at once: the others wait, then find nothing pending),
 * recorded in the Supabase CLI's own table (supabase_migrations.schema_migrations), so a database
 * is upgraded by whichever of `supabase db push` and `npm start` reaches it first, never twice.
 * Plain Postgres has none of Supabase's API roles, which the migrations revoke from and grant to;
 * they are created first (NOLOGIN, no privileges), so the same SQL means the same everywhere.
 *
 * SQLite: `applySqliteMigrations` runs each pending file in its own transaction and records it in
 * schema_migrations. A database made before that table existed counted its migrations in
 * PRAGMA user_version; those first files are recorded as applied, not run again.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import type postgres from "postgres";

export const postgresMigrationsDir = resolve(import.meta.dirname, "../../../supabase/migrations");
export const sqliteMigrationsDir = resolve(
  import.meta.dirname,
  "../../../supabase/sqlite-migrations",
);

export type Migration = { version: string; name: string; sql: string };

/** `<version>_<name>.sql` files of a folder, oldest first. */
export function readMigrations(folder = postgresMigrationsDir): Migration[] {
  return readdirSync(folder)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version = "", name = ""] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, sql: readFileSync(join(folder, file), "utf8") };
    });
}

/** Any constant shared by every copy of this program: the key of the migration lock. */
const migrationLockKey = 7_130_551_274_001;
const supabaseRoles = ["anon", "authenticated", "service_role"];

/** Applies the pending Postgres migrations; returns the versions applied (empty when up to date). */
export async function applyMigrations(
  sql: postgres.Sql,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${migrationLockKey})`;
    await tx`create schema if not exists supabase_migrations`;
    await tx`create table if not exists supabase_migrations.schema_migrations (
               version text not null primary key, statements text[], name text)`;
    const done = new Set(
      (
        await tx<{ version: string }[]>`select version from supabase_migrations.schema_migrations`
      ).map((row) => row.version),
    );
    const pending = migrations.filter((migration) => !done.has(migration.version));
    if (pending.length === 0) return [];

    const existing = new Set(
      (
        await tx<
          { rolname: string }[]
        >`select rolname from pg_roles where rolname in ${tx(supabaseRoles)}`
      ).map((row) => row.rolname),
    );
    for (const role of supabaseRoles.filter((name) => !existing.has(name))) {
      await tx.unsafe(`create role ${role} nologin`);
    }

    for (const migration of pending) {
      // Simple protocol: a migration file holds many statements.
      await tx.unsafe(migration.sql).simple();
      await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
               values (${migration.version}, ${migration.name}, ${[migration.sql]})`;
    }
    return pending.map((migration) => migration.version);
  });
}

/** Applies the pending SQLite migrations; returns the versions applied. */
export function applySqliteMigrations(
  db: DatabaseSync,
  migrations: Migration[] = readMigrations(sqliteMigrationsDir),
): string[] {
  const hasTable = db.prepare(
    "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'",
  );
  // Each step is checked again inside its transaction: another process (a second server, `npm
  // run leads`) may have done it a moment ago. Up to date, nothing takes the write lock.
  if (!hasTable.get())
    inTransaction(db, () => {
      if (hasTable.get()) return;
      db.exec(`CREATE TABLE schema_migrations (
                 version TEXT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`);
      const { user_version: counted } = db.prepare("PRAGMA user_version").get() as {
        user_version: number;
      };
      for (const migration of migrations.slice(0, counted)) record(db, migration, "user_version");
    });
  const recorded = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  const applied: string[] = [];
  for (const migration of migrations.filter((migration) => !recorded.get(migration.version))) {
    inTransaction(db, () => {
      if (recorded.get(migration.version)) return;
      db.exec(migration.sql);
      record(db, migration, new Date().toISOString());
      applied.push(migration.version);
    });
  }
  return applied;
}

function record(db: DatabaseSync, migration: Migration, appliedAt: string) {
  db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
    migration.version,
    migration.name,
    appliedAt,
  );
}

/** IMMEDIATE: a second process opening the same file waits instead of migrating alongside. */
function inTransaction(db: DatabaseSync, work: () => void) {
  db.exec("BEGIN IMMEDIATE");
  try {
    work();
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
