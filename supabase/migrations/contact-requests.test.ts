/**
 * The migration on a real Postgres (the server binaries this machine has): the table, its row
 * level security, and the SQL functions the Edge Function calls through the REST API. Supabase's
 * API roles (anon, authenticated, service_role) are created first, as Supabase has them.
 * Skipped, saying so, where no Postgres server is installed.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unusedPort } from "../../tests/integration/support/ports.ts";

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const available = has("initdb") && has("postgres") && has("psql") && has("pg_ctl");
const runningAsRoot = userInfo().uid === 0;
const canRun = available && (!runningAsRoot || has("runuser"));

/** Every migration, in the order Supabase applies them (by name). */
const migrations = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => join(import.meta.dirname, name));

describe.skipIf(!canRun)("contact_requests migration on Postgres", () => {
  let folder = "";
  let port = 0;
  let stop: () => Promise<void> = async () => {};

  /** Runs a command as the postgres user when we are root (Postgres refuses to run as root). */
  const asDbUser = (command: string, args: string[]) =>
    runningAsRoot
      ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const)
      : ([command, args] as const);

  function psql(sql: string, { role }: { role?: string } = {}): string {
    const script = role ? `set role ${role};\n${sql}` : sql;
    // psql itself may run as anyone: the server trusts local connections for user postgres.
    const [command, args] = [
      "psql",
      [
        "-h",
        folder,
        "-p",
        String(port),
        "-U",
        "postgres",
        "-d",
        "postgres",
        "-X",
        "-q",
        "-t",
        "-A",
        "-v",
        "ON_ERROR_STOP=1",
        "-c",
        script,
      ],
    ] as const;
    return execFileSync(command, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  }

  function psqlError(sql: string, role: string): string {
    try {
      psql(sql, { role });
      return "";
    } catch (error) {
      return String((error as { stderr?: string }).stderr ?? error);
    }
  }

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "pg-"));
    if (runningAsRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
      chownSync(folder, uid, gid);
    }
    const data = join(folder, "data");
    const [initCommand, initArgs] = asDbUser("initdb", [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
    ]);
    execFileSync(initCommand, initArgs, { stdio: "ignore" });
    port = await unusedPort();
    const [command, args] = asDbUser("postgres", [
      "-D",
      data,
      "-k",
      folder,
      "-p",
      String(port),
      "-c",
      "listen_addresses=",
      "-c",
      "fsync=off",
    ]);
    const server = spawn(command, args, { stdio: "ignore" });
    const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
    stop = async () => {
      const [stopCommand, stopArgs] = asDbUser("pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
      spawnSync(stopCommand, stopArgs, { stdio: "ignore" });
      await exited;
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        psql("select 1");
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    psql(
      "create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;",
    );
    for (const migration of migrations) {
      const args = ["-h", folder, "-p", String(port), "-U", "postgres", "-X", "-q"];
      execFileSync("psql", [...args, "-v", "ON_ERROR_STOP=1", "-f", migration], { stdio: "pipe" });
    }
  }, 60_000);

  afterAll(async () => {
    await stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const submit = (id: string, fingerprint: string, now: string, role = "service_role") =>
    psql(
      `select id, duplicate from public.submit_contact_request('${id}', 'Jane Doe', 'jane@example.org',
        '(484) 555-0199', 'carpet', '', 'Two rooms', '${fingerprint}', '${now}', 600000)`,
      { role },
    );

  it("stores a request for the service role and finds its repeat", () => {
    const first = "11111111-1111-4111-8111-111111111111";
    expect(submit(first, "f1", "2025-05-01T12:00:00Z")).toBe(`${first}|f`);
    expect(submit("22222222-2222-4222-8222-222222222222", "f1", "2025-05-01T12:05:00Z")).toBe(
      `${first}|t`,
    );
    const later = "33333333-3333-4333-8333-333333333333";
    expect(submit(later, "f1", "2025-05-01T12:11:00Z")).toBe(`${later}|f`);
    expect(psql("select count(*) from public.contact_requests where fingerprint = 'f1'")).toBe("2");
  });

  it("refuses invalid rows at the database too", () => {
    expect(
      psqlError(
        `select public.submit_contact_request(gen_random_uuid(), '', 'a@b.c', '4845550199', 'carpet',
          '', 'x', 'f-bad', now(), 0)`,
        "service_role",
      ),
    ).toMatch(/check constraint/);
    expect(
      psqlError(
        `select public.submit_contact_request(gen_random_uuid(), 'A', 'a@b.c', '4845550199', 'windows',
          '', 'x', 'f-bad2', now(), 0)`,
        "service_role",
      ),
    ).toMatch(/check constraint/);
  });

  it("claims due requests once, honours the lease, and reports the next due time", () => {
    submit("44444444-4444-4444-8444-444444444444", "f-claim", "2025-06-01T00:00:00Z");
    const claim = (now: string) =>
      psql(
        `select id, attempts from public.claim_contact_deliveries('${now}', 10, 120000)
          where fingerprint = 'f-claim'`,
        { role: "service_role" },
      );
    expect(claim("2025-06-01T00:00:01Z")).toBe("44444444-4444-4444-8444-444444444444|1");
    expect(claim("2025-06-01T00:00:02Z")).toBe("");
    expect(
      psql("select public.next_contact_delivery_due(120000) at time zone 'UTC'", {
        role: "service_role",
      }),
    ).toMatch(/^2025-0[56]-/);
    expect(claim("2025-06-01T00:02:01Z")).toBe("44444444-4444-4444-8444-444444444444|2");
  });

  it("never claims spam, and claims never-attempted requests before retries", () => {
    psql("update public.contact_requests set delivery_status = 'sent'");
    const spam = "55555555-5555-4555-8555-555555555555";
    psql(
      `select public.submit_contact_request('${spam}', 'Bot', 'bot@example.org', '4845550199',
        'carpet', '', 'x', 'f-spam', '2025-07-01T00:00:00Z', 0, 'spam')`,
      { role: "service_role" },
    );
    const retry = "66666666-6666-4666-8666-666666666666";
    const fresh = "77777777-7777-4777-8777-777777777777";
    submit(retry, "f-retry", "2025-07-01T00:00:00Z");
    psql(`update public.contact_requests set attempts = 3 where id = '${retry}'`);
    submit(fresh, "f-fresh", "2025-07-01T00:00:05Z");
    const claimOne = () =>
      psql(
        `select id from public.claim_contact_deliveries('2025-07-01T00:01:00Z', 1, 120000)
          where fingerprint in ('f-spam', 'f-retry', 'f-fresh')`,
        { role: "service_role" },
      );
    expect(claimOne()).toBe(fresh);
    expect(claimOne()).toBe(retry);
    expect(claimOne()).toBe("");
    expect(
      psql(`select status, delivery_status from public.contact_requests where id = '${spam}'`),
    ).toBe("spam|pending");
    psql(`update public.contact_requests set delivery_status = 'failed' where id = '${retry}'`);
  });

  it("keeps the table closed to the public key and to signed-in users", () => {
    for (const role of ["anon", "authenticated"]) {
      expect(psqlError("select * from public.contact_requests", role)).toMatch(/permission denied/);
      expect(
        psqlError(
          `insert into public.contact_requests (id, name, email, phone, service, message, fingerprint)
           values (gen_random_uuid(), 'A', 'a@b.c', '4845550199', 'carpet', 'x', 'f')`,
          role,
        ),
      ).toMatch(/permission denied/);
      expect(
        psqlError(
          `select ${"public.submit_contact_request"}(gen_random_uuid(), 'A', 'a@b.c',
        '4845550199', 'carpet', '', 'x', 'f-anon', now(), 0)`,
          role,
        ),
      ).toMatch(/permission denied/);
      expect(psqlError("select public.claim_contact_deliveries(now(), 10, 1000)", role)).toMatch(
        /permission denied/,
      );
    }
  });

  it("has row level security on, with no policy", () => {
    expect(
      psql("select relrowsecurity from pg_class where oid = 'public.contact_requests'::regclass"),
    ).toBe("t");
    expect(psql("select count(*) from pg_policies where tablename = 'contact_requests'")).toBe("0");
  });
});
