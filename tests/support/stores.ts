/**
 * The stores unit tests run against: the real SQLite store in memory (so there is no second,
 * memory-only store to keep in step with the schema), committing each write at once so that fake
 * timers see every write done; and the same store closed, whose every call fails as an unusable
 * database does (StoreUnavailableError). Integration tests use files, group commit and a real
 * Postgres (sqlite-store.test.ts, postgres-store.test.ts).
 */
import {
  openSqliteStore,
  type SqliteStore,
} from "../../functions/send-contact-email/database/sqlite-store.ts";

export function testStore(): SqliteStore {
  return openSqliteStore(":memory:", { groupCommit: false });
}

export async function brokenStore(): Promise<SqliteStore> {
  const store = testStore();
  await store.close();
  return store;
}
