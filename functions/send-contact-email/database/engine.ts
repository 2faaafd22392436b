/**
 * What each database gives the one store (sql-store.ts), and all it gives: a Kysely over its
 * driver, how a write runs (SQLite: in the group commit, sqlite-store.ts; Postgres: a
 * transaction, retried after a transient failure, postgres-store.ts), a lock for the rules that
 * must hold across servers, and how a JSON value or a list is written. Every query of the store is
 * written once, over this, as a Kysely `sql` template: placeholders and identifiers are compiled
 * for each database, the SQL itself is what both speak.
 */
import type { Kysely, RawBuilder } from "kysely";
import { StoreUnavailableError } from "../store/store.ts";

/** A Kysely over either database; the store's queries are its `sql` templates. */
export type Db = Kysely<object>;

/** A value made for its column by the engine (`json`, `list`), ready to bind. */
export type Encoded = { readonly encoded: unique symbol };

export type Engine = {
  /** Reads; a failure is StoreUnavailableError. */
  read<T>(action: string, work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * A write that commits whole or not at all, and resolves once committed. `retry`: a failure that
   * says nothing about the write (a deadlock's victim, a dropped connection) is tried again.
   * `alone`: the work is one statement, whole by itself (Postgres: no BEGIN and COMMIT around it).
   */
  write<T>(
    action: string,
    work: (tx: Db) => Promise<T>,
    options?: { retry?: boolean; alone?: boolean },
  ): Promise<T>;
  /**
   * Holds `key` until the write ends, against every server on the database (Postgres: an advisory
   * lock). SQLite has one writer at a time already.
   */
  lock(tx: Db, key: string): Promise<void>;
  /** Rows a claim takes are skipped by other claimers until it commits (FOR UPDATE SKIP LOCKED). */
  skipLocked: boolean;
  /** A JSON value as its column takes it: text for SQLite, the value for postgres.js. */
  json(value: unknown): Encoded;
  /** A list of text: JSON text for SQLite, text[] for Postgres. */
  list(values: string[]): Encoded;
  /** Orders rows of equal time as they were inserted (SQLite's rowid; Postgres has none: the key). */
  insertionOrder: "rowid" | "id";
  close(): Promise<void>;
};

export function unavailable(name: string, action: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`${name} ${action} failed: ${detail}`, { cause: error });
}

/** An id that is not a uuid (a hand-edited link) matches no row, rather than failing the query. */
export const idOrNone = (id: string) =>
  /^[0-9a-f-]{36}$/i.test(id) ? id : "00000000-0000-0000-0000-000000000000";

/** The rows of one query. */
export const rows = async <Row>(db: Db, query: RawBuilder<Row>) => (await query.execute(db)).rows;

/** The rows of one read, as the engine reads. */
export const select = <Row>(engine: Engine, query: RawBuilder<Row>) =>
  engine.read("read", (db) => rows(db, query));

/** Reads rows made into what the function sees, each by `to` (store/store-row.ts). */
export const reader =
  <Row, T>(engine: Engine, to: (row: Row) => T) =>
  async (query: RawBuilder<unknown>) =>
    (await select(engine, query)).map((row) => to(row as Row));

/** A statement that writes alone, as the engine writes (`action`: for errors); its rows. */
export const writer =
  (engine: Engine, action: string) =>
  <Row>(query: RawBuilder<Row>) =>
    engine.write(action, (tx) => rows(tx, query), { alone: true });

/** ISO-8601 UTC text of a time read from either database. */
export const iso = (value: Date | string) => new Date(value).toISOString();
