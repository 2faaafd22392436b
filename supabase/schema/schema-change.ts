/**
 * One source for the schema of both databases (decision 0026). A change is a file here,
 * `<version>_<name>.ts` (the version: a UTC timestamp, YYYYMMDDhhmmss, as the Supabase CLI wants),
 * that says what changes with Kysely's schema builder, once; `npm run migrations` compiles it for
 * each database and writes its SQL beside the history: supabase/migrations/<version>_<name>.sql
 * (Postgres: the Supabase CLI applies it, and so does `npm start` with DATABASE_URL) and
 * supabase/sqlite-migrations/<version>_<name>.sql (applied when the SQLite store opens). Both
 * runners are store/migrations.ts; schema.test.ts holds the committed SQL to what the changes
 * make. Earlier files, written by hand for each database, stay as they shipped.
 *
 * What differs between the two is said here once: the names of the types (`types`), SQLite's
 * STRICT tables, and on Postgres each new table closed to the API roles like every table before
 * (row level security on, no policy, only the service role: decision 0009).
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type SchemaModule,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";

export type Dialect = "postgres" | "sqlite";

/** A column's type in each database: times and JSON as SQLite keeps them (ISO text, JSON text). */
const typeNames = {
  postgres: {
    text: "text",
    integer: "integer",
    time: "timestamptz",
    json: "jsonb",
    id: "uuid",
    bytes: "bytea",
  },
  sqlite: {
    text: "text",
    integer: "integer",
    time: "text",
    json: "text",
    id: "text",
    bytes: "blob",
  },
} as const;

export type SchemaTools = {
  schema: SchemaModule;
  types: { [Name in keyof (typeof typeNames)["sqlite"]]: ReturnType<typeof sql.raw> };
  /** A new table: STRICT on SQLite; on Postgres closed to the API roles by the generator. */
  table(name: string): ReturnType<SchemaModule["createTable"]>;
  dialect: Dialect;
};

export type SchemaChange = {
  /** What changes and why, in words: the SQL files' head comment. */
  about: string;
  up(tools: SchemaTools): Compilable[];
};

/** Compiles without a database: Kysely's own compiler for each dialect over a driver that runs nothing. */
function compiler(dialect: Dialect) {
  const postgres = dialect === "postgres";
  const db = new Kysely<object>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
      createQueryCompiler: () =>
        postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
  });
  // The Postgres history names every table public.<name>; the same here.
  return postgres ? db.withSchema("public") : db;
}

/** The tables a statement creates, for Postgres's access rules. */
function createdTable(statement: Compilable): string | null {
  const node = (
    statement as {
      toOperationNode?: () => { kind: string; table?: { table: { identifier: { name: string } } } };
    }
  ).toOperationNode?.();
  return node?.kind === "CreateTableNode" && node.table ? node.table.table.identifier.name : null;
}

export const changesDir = import.meta.dirname;

/** `<version>_<name>.ts` files here, oldest first. */
export function changeFiles(folder = changesDir): string[] {
  return readdirSync(folder)
    .filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file))
    .sort();
}

/** The SQL file of one change for one database, as `npm run migrations` writes it. */
export function compileChange(file: string, change: SchemaChange, dialect: Dialect): string {
  const db = compiler(dialect);
  const types = Object.fromEntries(
    Object.entries(typeNames[dialect]).map(([name, type]) => [name, sql.raw(type)]),
  ) as SchemaTools["types"];
  const table = (name: string) => {
    const created = db.schema.createTable(name);
    return dialect === "sqlite" ? created.modifyEnd(sql`strict`) : created;
  };
  const statements = change.up({ schema: db.schema, types, table, dialect });
  const lines = statements.flatMap((statement) => {
    const compiled = statement.compile();
    if (compiled.parameters.length > 0)
      throw new Error(`${file}: a schema change holds no parameters (${compiled.sql})`);
    const created = dialect === "postgres" ? createdTable(statement) : null;
    return [
      `${compiled.sql};`,
      ...(created
        ? [
            `alter table public.${created} enable row level security;`,
            `revoke all on table public.${created} from public, anon, authenticated;`,
            `grant select, insert, update, delete on table public.${created} to service_role;`,
          ]
        : []),
    ];
  });
  const about = change.about
    .trim()
    .split("\n")
    .map((line) => `-- ${line.trim()}`.trimEnd());
  return [
    `-- Made by \`npm run migrations\` from supabase/schema/${basename(file)}: change that file, not this one.`,
    ...about,
    "",
    ...lines,
    "",
  ].join("\n");
}

export async function loadChange(file: string, folder = changesDir): Promise<SchemaChange> {
  const module = (await import(pathToFileURL(join(folder, file)).href)) as {
    default: SchemaChange;
  };
  return module.default;
}

/** Where a change's SQL goes for each database. */
export function sqlFileOf(file: string, dialect: Dialect, supabase = join(changesDir, "..")) {
  const folder = dialect === "postgres" ? "migrations" : "sqlite-migrations";
  return join(supabase, folder, basename(file).replace(/\.ts$/, ".sql"));
}
