/**
 * supabase/migrations on a real Postgres, prepared the way Supabase prepares a project: its API
 * roles (anon, authenticated, service_role) and its default privileges, which grant every new
 * table and function in `public` to all three, so each migration must take them back. Applied by
 * functions/send-contact-email/store/migrations.ts, the runner `npm start` uses.
 *
 * Security is checked as the attacker: SQL run under `set role anon` / `authenticated`, first with
 * what the migrations leave them, then with every table and function granted to them anyway (a
 * careless later grant): row level security must still show zero rows and refuse every insert.
 *
 * pg_cron, pg_net and Supabase Vault are Supabase's extensions, not Debian's: stand-ins with the
 * same names and signatures (created here only) record what the drain schedule asks of them. What
 * that cannot prove is listed in docs/decisions/0009-postgres-store.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../functions/send-contact-email/index.ts";
import { applyMigrations } from "../../functions/send-contact-email/node.ts";
import { serviceOptions } from "../../shared/contact-fields.ts";
import {
  type LocalPostgres,
  postgresRuns,
  startLocalPostgres,
} from "../../tests/integration/support/postgres.ts";

const supabaseSetup = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

/** Stand-ins for pg_cron, pg_net and Vault: same schemas, names and signatures; they only record. */
const extensionStandIns = `
  create schema cron;
  create table cron.job (jobid bigserial primary key, jobname text unique, schedule text, command text);
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
    language sql as $$
      insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
      on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
      returning jobid $$;
  create schema net;
  create table net.requests (id bigserial primary key, url text, body jsonb, headers jsonb,
    timeout_milliseconds integer);
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
    language sql as $$
      insert into net.requests (url, body, headers, timeout_milliseconds)
      values (url, body, headers, timeout_milliseconds) returning id $$;
  create schema vault;
  create table vault.secrets (name text primary key, secret text);
  create view vault.decrypted_secrets as select name, secret as decrypted_secret from vault.secrets;
`;

describe.skipIf(!postgresRuns)("supabase/migrations on Postgres", () => {
  let pg: LocalPostgres;
  const db = "project";
  const psql = (sql: string, role?: string) => pg.psql(sql, { role, database: db });
  const psqlError = (sql: string, role: string) => pg.psqlError(sql, { role, database: db });

  beforeAll(async () => {
    pg = await startLocalPostgres();
    const url = pg.createDatabase(db);
    psql(supabaseSetup + extensionStandIns);
    const migrator = openPostgresStore({ url, maxConnections: 1 });
    try {
      await applyMigrations(migrator.sql);
    } finally {
      await migrator.close();
    }
  });

  afterAll(async () => {
    await pg?.stop();
  });

  const submit = (id: string, fingerprint: string, now: string, role = "service_role") =>
    psql(
      `select id, duplicate from public.submit_contact_request('${id}', 'Jane Doe', 'jane@example.org',
        '(484) 555-0199', 'carpet', '', 'Two rooms', '${fingerprint}', '${now}', 600000)`,
      role,
    );

  describe("as the function (service_role)", () => {
    it("stores a request and finds its repeat", () => {
      const first = "11111111-1111-4111-8111-111111111111";
      expect(submit(first, "f1", "2025-05-01T12:00:00Z")).toBe(`${first}|f`);
      expect(submit("22222222-2222-4222-8222-222222222222", "f1", "2025-05-01T12:05:00Z")).toBe(
        `${first}|t`,
      );
      const later = "33333333-3333-4333-8333-333333333333";
      expect(submit(later, "f1", "2025-05-01T12:11:00Z")).toBe(`${later}|f`);
      expect(psql("select count(*) from public.contact_requests where fingerprint = 'f1'")).toBe(
        "2",
      );
    });

    it("takes every service the form offers, residential included", () => {
      for (const { value } of serviceOptions) {
        expect(
          psql(
            `select duplicate from public.submit_contact_request(gen_random_uuid(), 'Jane', 'a@b.c',
              '4845550199', '${value}', '', 'x', 'f-service-${value}', now(), 0)`,
            "service_role",
          ),
        ).toBe("f");
      }
    });

    it("refuses invalid rows at the database too", () => {
      for (const [name, service] of [
        ["", "carpet"],
        ["A", "windows"],
      ]) {
        expect(
          psqlError(
            `select public.submit_contact_request(gen_random_uuid(), '${name}', 'a@b.c', '4845550199',
              '${service}', '', 'x', 'f-bad', now(), 0)`,
            "service_role",
          ),
        ).toMatch(/check constraint/);
      }
    });

    it("leaves claiming to the stores: the per-queue claim functions are gone", () => {
      // functions/send-contact-email/database/job-queue.ts claims every queue table; the store
      // contract tests (postgres-store.test.ts) hold its rules on this schema.
      for (const fn of [
        "claim_contact_deliveries(timestamptz, integer, integer)",
        "next_contact_delivery_due(integer)",
        "claim_owner_notices(timestamptz, integer, integer)",
      ])
        expect(psql(`select to_regprocedure('public.${fn}') is null`)).toBe("t");
    });

    it("counts the rate limit per key and window", () => {
      const consume = (now: string) =>
        psql(
          `select allowed, retry_after_seconds
             from public.consume_contact_rate_limit('203.0.113.5', 2, 60000, '${now}')`,
          "service_role",
        );
      expect(consume("2025-05-01T12:00:00Z")).toBe("t|60");
      expect(consume("2025-05-01T12:00:10Z")).toBe("t|50");
      expect(consume("2025-05-01T12:00:20Z")).toBe("f|40");
      expect(consume("2025-05-01T12:01:00Z")).toBe("t|60");
    });

    it("counts e-mails per hour and gives each hour's digest to the first caller only", () => {
      const call = (query: string) => psql(query, "service_role");
      expect(call("select public.count_contact_mail(480000)")).toBe("1");
      expect(call("select public.count_contact_mail(480000)")).toBe("2");
      expect(call("select public.claim_contact_mail_digest(480000)")).toBe("t");
      expect(call("select public.claim_contact_mail_digest(480000)")).toBe("f");
      // Hours before the last are swept when a new hour is counted.
      expect(call("select public.count_contact_mail(480002)")).toBe("1");
      expect(call("select count(*) from public.contact_mail_hours where hour = 480000")).toBe("0");
    });
  });

  describe("as the attacker (the public key's anon role, a signed-in user)", () => {
    const attackers = ["anon", "authenticated"];
    const tables = () =>
      psql("select tablename from pg_tables where schemaname = 'public' order by 1").split("\n");
    const functions = () =>
      psql(
        `select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' order by 1`,
      ).split("\n");

    it("covers every table and function the migrations made", () => {
      expect(tables()).toEqual(
        expect.arrayContaining([
          "contact_requests",
          "contact_rate_limits",
          "owner_notices",
          "contact_mail_hours",
          "site_counts",
          "follow_ups",
          "email_opt_outs",
          "lead_statuses",
          "visitor_emails",
          "request_events",
          "content_versions",
          "content_pictures",
          "content_picture_files",
          "content_host_calls",
        ]),
      );
      expect(functions().length).toBeGreaterThanOrEqual(5);
    });

    it("has row level security on every table, with no policy", () => {
      for (const table of tables()) {
        expect(
          psql(`select relrowsecurity from pg_class where oid = 'public.${table}'::regclass`),
        ).toBe("t");
      }
      expect(psql("select count(*) from pg_policies where schemaname = 'public'")).toBe("0");
    });

    it("may neither read nor write any table (privileges revoked)", () => {
      for (const role of attackers) {
        for (const table of tables()) {
          expect(psqlError(`select * from public.${table}`, role)).toMatch(/permission denied/);
          expect(psqlError(`delete from public.${table}`, role)).toMatch(/permission denied/);
        }
        expect(
          psqlError(
            `insert into public.contact_requests (id, name, email, phone, service, message, fingerprint)
             values (gen_random_uuid(), 'A', 'a@b.c', '4845550199', 'carpet', 'x', 'f')`,
            role,
          ),
        ).toMatch(/permission denied/);
      }
    });

    it("may call none of the SQL functions", () => {
      for (const role of attackers) {
        for (const fn of functions()) {
          expect(psql(`select has_function_privilege('${role}', '${fn}', 'execute')`)).toBe("f");
        }
        expect(
          psqlError(
            `select public.submit_contact_request(gen_random_uuid(), 'A', 'a@b.c', '4845550199',
              'carpet', '', 'x', 'f-anon', now(), 0)`,
            role,
          ),
        ).toMatch(/permission denied/);
        expect(
          psqlError("select public.consume_contact_rate_limit('x', 1, 1000, now())", role),
        ).toMatch(/permission denied/);
        expect(psqlError("select public.request_contact_outbox_drain()", role)).toMatch(
          /permission denied/,
        );
      }
    });

    /** An assignment for each table, for the update attempt (a new table must be added here). */
    const updatable: Record<string, string> = {
      contact_requests: "name = 'x'",
      contact_rate_limits: "client_key = 'x'",
      owner_notices: "last_error = 'x'",
      contact_mail_hours: "sent = 0",
      site_counts: "count = 0",
      follow_ups: "last_error = 'x'",
      email_opt_outs: "opted_out_at = now()",
      lead_statuses: "status = 'x'",
      visitor_emails: "last_error = 'x'",
      request_events: "kind = 'x'",
      content_versions: "changes = '[]'",
      content_pictures: "width = 1",
      content_picture_files: "type = 'image/jpeg'",
      content_host_calls: "ok = true",
    };

    it("still sees zero rows and may insert nothing when granted everything (RLS holds)", () => {
      psql(
        `grant all on all tables in schema public to anon, authenticated;
         grant execute on all functions in schema public to anon, authenticated;`,
      );
      try {
        expect(Number(psql("select count(*) from public.contact_requests"))).toBeGreaterThan(0);
        // Every table read and updated in one statement per role: a psql per table and role was
        // eighty processes, too slow for the test's limit on a loaded machine.
        const every = tables();
        const none = every.map((table) => `${table}=0`);
        const counts = every
          .map((table) => `select '${table}=' || count(*) from public.${table}`)
          .join(" union all ");
        const updates = `with ${every
          .map(
            (table, index) =>
              `u${index} as (update public.${table} set ${updatable[table] ?? "unknown_table = 'x'"} returning 1)`,
          )
          .join(", ")} ${every
          .map((table, index) => `select '${table}=' || count(*) from u${index}`)
          .join(" union all ")}`;
        for (const role of attackers) {
          expect(psql(counts, role).split("\n"), `${role} reads`).toEqual(none);
          expect(psql(updates, role).split("\n"), `${role} updates`).toEqual(none);
          expect(
            psqlError(
              `insert into public.contact_requests (id, name, email, phone, service, message, fingerprint)
               values (gen_random_uuid(), 'A', 'a@b.c', '4845550199', 'carpet', 'x', 'f')`,
              role,
            ),
          ).toMatch(/row-level security/);
          // The functions run with the caller's rights, so RLS stops them too.
          expect(
            psqlError(
              `select public.submit_contact_request(gen_random_uuid(), 'A', 'a@b.c', '4845550199',
                'carpet', '', 'x', 'f-granted', now(), 0)`,
              role,
            ),
          ).toMatch(/row-level security/);
        }
      } finally {
        psql(
          `revoke all on all tables in schema public from anon, authenticated;
           revoke execute on all functions in schema public from anon, authenticated;`,
        );
      }
    });
  });

  describe("the outbox drain schedule (pg_cron + pg_net + Vault stand-ins)", () => {
    const job = () =>
      psql(
        "select schedule || '|' || command from cron.job where jobname = 'contact-outbox-drain'",
      );

    it("is scheduled every 5 minutes, with no secret in the job", () => {
      expect(job()).toBe("*/5 * * * *|select public.request_contact_outbox_drain()");
    });

    it("requests nothing until Vault holds the URL and the secret", () => {
      const command = job().split("|")[1] as string;
      expect(psql(command)).toBe("");
      expect(psql("select count(*) from net.requests")).toBe("0");
    });

    it("posts to the function's drain route with the secret read from Vault at run time", () => {
      psql(`insert into vault.secrets values
              ('project_url', 'https://abcd.supabase.co/'),
              ('contact_outbox_drain_secret', 'secret-from-vault')`);
      const command = job().split("|")[1] as string;
      expect(psql(command)).toMatch(/^\d+$/);
      expect(
        psql(
          `select url || '|' || (headers->>'Authorization') || '|' || timeout_milliseconds
             from net.requests order by id desc limit 1`,
        ),
      ).toBe(
        "https://abcd.supabase.co/functions/v1/send-contact-email/drain|Bearer secret-from-vault|30000",
      );
      expect(job()).not.toContain("secret-from-vault");
    });
  });

  describe("on a Postgres without Supabase's extensions (the Node server's DATABASE_URL)", () => {
    it("applies every migration and schedules nothing", async () => {
      const url = pg.createDatabase("plain");
      const migrator = openPostgresStore({ url, maxConnections: 1 });
      try {
        expect((await applyMigrations(migrator.sql)).length).toBeGreaterThanOrEqual(3);
      } finally {
        await migrator.close();
      }
      expect(pg.psql("select to_regnamespace('cron') is null", { database: "plain" })).toBe("t");
      expect(
        pg.psql("select count(*) from pg_proc where proname = 'request_contact_outbox_drain'", {
          database: "plain",
        }),
      ).toBe("1");
    });
  });
});
