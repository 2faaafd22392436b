/**
 * The statuses a request may have live in one list (functions/send-contact-email/base/lead-status.ts);
 * each schema keeps the same list in its lead_statuses table, which the status column is checked
 * against. Both SQL folders must insert exactly that list, and a status outside it is refused.
 */

import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { leadStatuses } from "../functions/send-contact-email/index.ts";
import {
  postgresMigrationsDir,
  readMigrations,
  sqliteMigrationsDir,
} from "../functions/send-contact-email/node.ts";

/** Every status inserted into lead_statuses by the migrations of a folder, in order. */
function insertedStatuses(folder: string): string[] {
  const statuses: string[] = [];
  for (const { sql } of readMigrations(folder)) {
    for (const [, values = ""] of sql.matchAll(
      /insert into (?:public\.)?lead_statuses \(status\)\s*values\s*([^;]+);/gi,
    ))
      for (const [, status] of values.matchAll(/\('([a-z-]+)'\)/g)) statuses.push(status as string);
  }
  return statuses;
}

describe("lead statuses", () => {
  it.each([
    ["supabase/migrations", postgresMigrationsDir],
    ["supabase/sqlite-migrations", sqliteMigrationsDir],
  ])("%s inserts exactly the statuses of lead-status.ts", (_name, folder) => {
    expect(insertedStatuses(folder).sort()).toEqual([...leadStatuses].sort());
  });

  it("SQLite refuses a status outside lead_statuses, on insert and on update", async () => {
    const db = new DatabaseSync(":memory:");
    // A fresh schema from the same files the store applies.
    for (const { sql } of readMigrations(sqliteMigrationsDir)) db.exec(sql);
    const insert = (status: string) =>
      db.exec(`INSERT INTO contact_requests (id, created_at, name, email, phone, service, message,
        fingerprint, next_attempt_at, status) VALUES ('${status}', '2026-01-01', 'A', 'a@b.c',
        '4845550199', 'carpet', 'x', 'f', '2026-01-01', '${status}')`);
    insert("booked");
    expect(() => insert("archived")).toThrow(/unknown lead status/);
    expect(() => db.exec("UPDATE contact_requests SET status = 'archived'")).toThrow(
      /unknown lead status/,
    );
    db.close();
  });
});
