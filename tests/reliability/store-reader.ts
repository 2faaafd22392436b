/**
 * Reads the server's SQLite file read-only, beside the running server (WAL lets a reader in at any
 * time), to check the invariants against what is really on disk.
 */
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { dataPaths } from "../../server/settings.ts";

export type StoredRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  otherService: string;
  message: string;
  status: string;
  deliveryStatus: string;
  attempts: number;
  lastError: string | null;
};

export function readStore(dataDir: string): StoredRow[] {
  const path = dataPaths(dataDir).database;
  if (!existsSync(path)) return [];
  const db = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  try {
    return db
      .prepare(
        `SELECT id, name, email, phone, service, other_service AS otherService, message,
           status, delivery_status AS deliveryStatus, attempts, last_error AS lastError
         FROM contact_requests`,
      )
      .all() as StoredRow[];
  } finally {
    db.close();
  }
}

/** How many rows each id has (a primary key should make every count 1). */
export function rowCounts(rows: readonly StoredRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
  return counts;
}

export type VisitorEmailRow = { key: string; status: string; attempts: number };

/** The visitor e-mail queue (visitor_emails), read beside the running server. */
export function readVisitorEmails(dataDir: string): VisitorEmailRow[] {
  const path = dataPaths(dataDir).database;
  if (!existsSync(path)) return [];
  const db = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  try {
    return db
      .prepare("SELECT key, status, attempts FROM visitor_emails")
      .all() as VisitorEmailRow[];
  } finally {
    db.close();
  }
}
