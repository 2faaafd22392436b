/**
 * A real, throwaway Postgres server for tests and benchmarks: `initdb` in a temporary folder, the
 * server on a free loopback port (trust authentication, loopback only), removed again on stop.
 *
 * The server binaries are found through PG_BIN, `pg_config --bindir`, or Debian's
 * /usr/lib/postgresql/<version>/bin (not on PATH there). Postgres refuses to run as root: when the
 * tests run as root the cluster is made and run as the `postgres` system user via `runuser`.
 *
 * Where no Postgres is installed, tests skip saying so, except under CI (CI=true), where a missing
 * Postgres fails the run: .ci/run installs it, so its absence is a broken machine, not a choice.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unusedPort } from "./ports.ts";

const serverTools = ["initdb", "postgres", "pg_ctl", "psql"];

function hasTools(folder: string): boolean {
  return serverTools.every((tool) => existsSync(join(folder, tool)));
}

/** The folder holding initdb, postgres, pg_ctl and psql, or null when Postgres is not installed. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PG_BIN) return hasTools(env.PG_BIN) ? env.PG_BIN : null;
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const configured = fromConfig.status === 0 ? fromConfig.stdout.trim() : "";
  if (configured && hasTools(configured)) return configured;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const newestFirst = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of newestFirst) {
      const folder = join(debian, version, "bin");
      if (hasTools(folder)) return folder;
    }
  }
  return null;
}

export const postgresBin = findPostgresBin();

/**
 * Whether suites that need Postgres run: when it is installed, and under CI always (so that a
 * missing Postgres fails there instead of skipping).
 */
export function postgresSuitesRun(bin: string | null, env: NodeJS.ProcessEnv): boolean {
  return bin !== null || env.CI === "true" || env.CI === "1";
}

/** Use with describe.skipIf(!postgresRuns). */
export const postgresRuns = postgresSuitesRun(postgresBin, process.env);
if (!postgresRuns) {
  process.stderr.write(
    "Postgres server binaries not found (set PG_BIN, or apt-get install postgresql): " +
      "the Postgres tests are skipped here. Under CI they fail instead.\n",
  );
}

/**
 * Resolves when the server says it takes connections (its log line on stderr, in English:
 * start it with `-c lc_messages=C`), rejects when it exits first or is not ready in time.
 */
export function postgresReady(server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    const done = (error?: Error) => {
      clearTimeout(timer);
      server.stderr?.off("data", read);
      server.off("exit", exited);
      if (error) reject(error);
      else resolve();
    };
    const read = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      if (/ready to accept connections/.test(log)) done();
    };
    const exited = (code: number | null) => done(new Error(`Postgres exited (${code}):\n${log}`));
    const timer = setTimeout(
      () => done(new Error(`Postgres not ready in ${timeoutMs / 1000} s:\n${log}`)),
      timeoutMs,
    );
    server.stderr?.on("data", read);
    server.once("exit", exited);
  });
}

export type LocalPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (superuser, trust authentication). */
  url: string;
  port: number;
  /** The same server, another database. */
  urlFor(database: string, user?: string): string;
  /** Runs SQL through psql as the superuser (optionally `set role` first); returns unaligned rows. */
  psql(sql: string, options?: { role?: string; database?: string }): string;
  /** Like psql, but returns the error text ("" when the statement succeeded). */
  psqlError(sql: string, options?: { role?: string; database?: string }): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): string;
  stop(): Promise<void>;
};

const runningAsRoot = process.getuid?.() === 0;

function asDbUser(command: string, args: string[]): [string, string[]] {
  return runningAsRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export type LocalPostgresOptions = {
  /**
   * Commit to disk as a production server does (fsync on, synchronous commit), for benchmarks that
   * compare durable writes. Off by default: tests check behaviour, not power cuts.
   */
  durable?: boolean;
  /** A port chosen beforehand (a server told of it before Postgres is up); default: a free one. */
  port?: number;
};

export async function startLocalPostgres(
  options: LocalPostgresOptions = {},
): Promise<LocalPostgres> {
  const bin = postgresBin;
  if (!bin) {
    throw new Error(
      "Postgres is required here (CI=true) but its server binaries were not found: install " +
        "Debian's postgresql package (.ci/run does) or set PG_BIN.",
    );
  }
  const folder = mkdtempSync(join(tmpdir(), "pg-"));
  if (runningAsRoot) {
    const id = (flag: string) =>
      Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    chownSync(folder, id("-u"), id("-g"));
  }
  const data = join(folder, "data");
  const [initCommand, initArgs] = asDbUser(join(bin, "initdb"), [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  execFileSync(initCommand, initArgs, { stdio: "pipe" });

  const port = options.port ?? (await unusedPort());
  const [command, args] = asDbUser(join(bin, "postgres"), [
    "-D",
    data,
    "-k",
    folder,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    ...(options.durable
      ? []
      : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    "-c",
    "max_connections=200",
    "-c",
    "lc_messages=C",
  ]);
  const server = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
  const ready = postgresReady(server);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string, user = "postgres") =>
    `postgres://${user}@127.0.0.1:${port}/${database}`;

  function psql(
    sql: string,
    { role, database = "postgres" }: { role?: string; database?: string } = {},
  ) {
    const script = role ? `set role ${role};\n${sql}` : sql;
    return execFileSync(
      join(bin as string, "psql"),
      [urlFor(database), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", script],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    ).trim();
  }

  function psqlError(sql: string, options?: { role?: string; database?: string }) {
    try {
      psql(sql, options);
      return "";
    } catch (error) {
      return String((error as { stderr?: string }).stderr ?? error);
    }
  }

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (server.exitCode === null) {
      // -W: pg_ctl does not wait (its own wait is up to a minute, with this process blocked in
      // spawnSync, past a test hook's limit on a loaded machine); the server's exit is awaited
      // below, and forced after 10 s.
      const [stopCommand, stopArgs] = asDbUser(join(bin as string, "pg_ctl"), [
        "stop",
        "-D",
        data,
        "-m",
        "immediate",
        "-W",
      ]);
      spawnSync(stopCommand, stopArgs, { stdio: "ignore", timeout: 10_000 });
      const killed = setTimeout(() => server.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(folder, { recursive: true, force: true });
  }

  try {
    await ready;
  } catch (error) {
    await stop();
    throw new Error(`Postgres did not start: ${(error as Error).message}`);
  }

  return {
    url,
    port,
    urlFor,
    psql,
    psqlError,
    createDatabase(name) {
      psql(`create database ${name}`);
      return urlFor(name);
    },
    stop,
  };
}
