/**
 * Applies supabase/migrations to a Postgres database: the same files, in the same order, recorded
 * in the same table as the Supabase CLI (supabase_migrations.schema_migrations), so a database is
 * upgraded by whichever of `supabase db push` and `npm start` reaches it first, never twice.
 *
 * Safe when several servers start at once: everything runs in one transaction that first takes a
 * transaction-level advisory lock (also correct behind a transaction-mode pooler). The others wait
 * on the lock, then find nothing pending. A failing migration rolls back whole, and the server
 * does not start.
 *
 * Plain Postgres has none of Supabase's API roles, which the migrations revoke from and grant to;
 * they are created first (NOLOGIN, no privileges), so the same SQL means the same everywhere.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type postgres from "postgres";

export const migrationsDir = resolve(import.meta.dirname, "../supabase/migrations");

/** Any constant shared by every copy of this program: the key of the migration lock. */
const migrationLockKey = 7_130_551_274_001;

export type Migration = { version: string; name: string; sql: string };

/** supabase/migrations/<version>_<name>.sql, oldest first. */
export function readMigrations(folder = migrationsDir): Migration[] {
  return readdirSync(folder)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version = "", name = ""] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, sql: readFileSync(join(folder, file), "utf8") };
    });
}

const supabaseRoles = ["anon", "authenticated", "service_role"];

/** Applies the pending migrations; returns the versions it applied (empty when up to date). */
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
