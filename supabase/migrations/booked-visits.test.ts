/**
 * 20261126020000_booked_visits.sql upgrading a database made by the earlier migrations, with
 * requests in every status already in it: each keeps its status, `booked` is now allowed and
 * anything outside lead_statuses is refused, and a visit must end after it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../functions/send-contact-email/index.ts";
import { applyMigrations, readMigrations } from "../../functions/send-contact-email/node.ts";
import {
  type LocalPostgres,
  postgresRuns,
  startLocalPostgres,
} from "../../tests/integration/support/postgres.ts";

const upgrade = "20261126020000";

describe.skipIf(!postgresRuns)(
  "the booked-visits migration on an existing Postgres database",
  () => {
    let pg: LocalPostgres;
    const sql = (query: string) => pg.psql(query, { database: "existing" });

    beforeAll(async () => {
      pg = await startLocalPostgres();
      const url = pg.createDatabase("existing");
      const store = openPostgresStore({ url, maxConnections: 1 });
      try {
        const all = readMigrations();
        await applyMigrations(
          store.sql,
          all.filter((migration) => migration.version < upgrade),
        );
        for (const [index, status] of ["new", "contacted", "won", "lost", "spam"].entries())
          sql(`insert into public.contact_requests (id, name, email, phone, service, message,
               fingerprint, status)
             values ('00000000-0000-4000-8000-00000000000${index}', 'A', 'a@b.c', '4845550199',
               'carpet', 'x', 'f${index}', '${status}')`);
        await applyMigrations(store.sql, all);
      } finally {
        await store.close();
      }
    });

    afterAll(async () => {
      await pg?.stop();
    });

    it("keeps every request's status and allows booked", () => {
      expect(sql("select string_agg(status, ',' order by id) from public.contact_requests")).toBe(
        "new,contacted,won,lost,spam",
      );
      sql("update public.contact_requests set status = 'booked' where status = 'contacted'");
      expect(sql("select count(*) from public.contact_requests where status = 'booked'")).toBe("1");
    });

    it("refuses a status outside lead_statuses, and a visit that ends before it starts", () => {
      expect(
        pg.psqlError("update public.contact_requests set status = 'archived'", {
          database: "existing",
        }),
      ).toMatch(/foreign key/);
      expect(
        pg.psqlError(
          `update public.contact_requests set visit_start = now(), visit_end = now() - interval '1 hour'`,
          { database: "existing" },
        ),
      ).toMatch(/contact_requests_visit_check/);
      expect(sql("select visit_sequence from public.contact_requests limit 1")).toBe("0");
    });
  },
);
