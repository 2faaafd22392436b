/**
 * The owner's migration (20261124020000_owner_actions.sql) on a real Postgres, after every earlier
 * migration: set_contact_status records the first answer, notice keys are unique, and the public
 * roles can neither read nor call any of it. (Claiming notices is the store's: database/job-queue.ts.)
 * Skipped, saying so, where no Postgres server is installed.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unusedPort } from "../../tests/integration/support/ports.ts";
import { postgresReady } from "../../tests/integration/support/postgres.ts";

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const runningAsRoot = userInfo().uid === 0;
const canRun =
  ["initdb", "postgres", "psql", "pg_ctl"].every(has) && (!runningAsRoot || has("runuser"));

const migrations = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => join(import.meta.dirname, name));

describe.skipIf(!canRun)("owner actions migration on Postgres", () => {
  let folder = "";
  let port = 0;
  let stop: () => Promise<void> = async () => {};

  const asDbUser = (command: string, args: string[]) =>
    runningAsRoot
      ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const)
      : ([command, args] as const);

  function psql(sql: string, role?: string): string {
    const script = role ? `set role ${role};\n${sql}` : sql;
    return execFileSync(
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
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    ).trim();
  }

  function refused(sql: string, role: string): boolean {
    try {
      psql(sql, role);
      return false;
    } catch {
      return true;
    }
  }

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "pg-owner-"));
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
      "-c",
      "lc_messages=C",
    ]);
    const server = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    const ready = postgresReady(server);
    const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
    stop = async () => {
      const [stopCommand, stopArgs] = asDbUser("pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
      spawnSync(stopCommand, stopArgs, { stdio: "ignore" });
      await exited;
    };
    await ready;
    psql(
      "create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;",
    );
    for (const migration of migrations) {
      execFileSync(
        "psql",
        [
          "-h",
          folder,
          "-p",
          String(port),
          "-U",
          "postgres",
          "-X",
          "-q",
          "-v",
          "ON_ERROR_STOP=1",
          "-f",
          migration,
        ],
        { stdio: "pipe" },
      );
    }
  }, 60_000);

  afterAll(async () => {
    await stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const id = "11111111-2222-4333-8444-555555555555";
  const spamFirst = "11111111-2222-4333-8444-666666666666";

  function insert(requestId: string) {
    psql(
      `insert into public.contact_requests (id, created_at, name, email, phone, service, message,
         fingerprint, next_attempt_at)
       values ('${requestId}', '2026-11-24T12:00:00Z', 'Jane', 'jane@example.org', '(484) 555-0199',
         'carpet', 'Hi', 'fp-${requestId}', '2026-11-24T12:00:00Z')`,
    );
  }

  it("sets the status; the first answer records contacted_at, later ones keep it; spam is no answer", () => {
    insert(id);
    insert(spamFirst);
    const set = (requestId: string, status: string, at: string) =>
      psql(
        `select status || '|' || coalesce(to_char(contacted_at at time zone 'UTC', 'HH24:MI'), '-')
           from public.set_contact_status('${requestId}', '${status}', '${at}')`,
        "service_role",
      );
    expect(set(id, "contacted", "2026-11-24T13:30:00Z")).toBe("contacted|13:30");
    expect(set(id, "won", "2026-11-24T15:00:00Z")).toBe("won|13:30");
    expect(set(spamFirst, "spam", "2026-11-24T13:00:00Z")).toBe("spam|-");
    expect(set(spamFirst, "lost", "2026-11-24T14:00:00Z")).toBe("lost|14:00");
    expect(set("11111111-2222-4333-8444-000000000000", "won", "2026-11-24T14:00:00Z")).toBe("");
    expect(
      refused(`select public.set_contact_status('${id}', 'maybe', now())`, "service_role"),
    ).toBe(true);
  });

  it("keeps one notice per key", () => {
    const enqueue = (key: string) =>
      psql(
        `insert into public.owner_notices (key, channel, request_id, notice, created_at, next_attempt_at)
         values ('${key}', 'push', '${id}', '{"kind":"alert"}', '2026-11-24T12:00:00Z', '2026-11-24T12:00:00Z')
         on conflict (key) do nothing returning key`,
        "service_role",
      );
    expect(enqueue(`alert:${id}:push`)).toBe(`alert:${id}:push`);
    expect(enqueue(`alert:${id}:push`)).toBe("");
    expect(enqueue(`reminder:${id}:push`)).toBe(`reminder:${id}:push`);
  });

  it("gives the public roles nothing: no rows, no functions", () => {
    for (const role of ["anon", "authenticated"]) {
      expect(refused("select count(*) from public.owner_notices", role)).toBe(true);
      expect(refused(`select public.set_contact_status('${id}', 'won', now())`, role)).toBe(true);
    }
  });
});
