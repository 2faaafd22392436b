/**
 * Starts the real hosts as child processes: the Node server (server/start.ts) and the Supabase
 * entry under the real Deno runtime. Each prints "listening on <url>" when ready.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { createArrivals } from "./arrivals.ts";

export const projectRoot = resolve(import.meta.dirname, "../../..");

export type HostProcess = {
  url: string;
  child: ChildProcess;
  output(): string;
  /**
   * Resolves once the output contains `pattern`, checked as each chunk of it arrives; rejects
   * after `timeoutMs`, or when the process exits without printing it.
   */
  waitForOutput(pattern: RegExp | string, timeoutMs?: number, what?: string): Promise<void>;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
};

/** Only what a host needs from the parent's environment: tests set everything else. */
function baseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "SYSTEMROOT"];
  return Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  );
}

/** Any command that prints "listening on <url>" when ready (a host, or a wrapper around one). */
export async function launch(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended = false;
  const arrivals = createArrivals();
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    arrivals.arrived();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<number | null>((resolveExit) =>
    child.once("exit", (code) => resolveExit(code)),
  );
  // Its last words may arrive after the exit: a wait on them ends once both streams are closed.
  child.once("close", () => {
    ended = true;
    arrivals.arrived();
  });
  const shows = (pattern: RegExp | string) =>
    typeof pattern === "string" ? output.includes(pattern) : pattern.test(output);
  const waitForOutput = async (pattern: RegExp | string, timeoutMs = 30_000, what?: string) => {
    const waited = what ?? String(pattern);
    try {
      await arrivals.until(() => shows(pattern) || ended, timeoutMs, waited);
    } catch (error) {
      throw new Error(`${(error as Error).message}; its output:\n${output.slice(-2000)}`);
    }
    if (!shows(pattern))
      throw new Error(`the process ended without printing ${waited}:\n${output.slice(-2000)}`);
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`host did not start in 30 s:\n${output}`)),
      30_000,
    );
    const check = () => {
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    waitForOutput,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  } satisfies HostProcess;
}

/**
 * `node server/start.ts` with the given settings, run from `cwd` (a temp folder: no .env). The
 * owner's daily digest is off unless a test sets `DIGEST_TIME`: between 08:00 and 20:00 in the
 * business's time zone a fresh server sends the day's digest at start, one more e-mail that a test
 * counting e-mails would see at some hours of the day and not at others.
 */
export function startNodeServer(env: Record<string, string>, cwd: string): Promise<HostProcess> {
  return launch(
    process.execPath,
    [resolve(projectRoot, "server/start.ts")],
    { PORT: "0", DIGEST_TIME: "off", ...env },
    cwd,
  );
}

/** The Supabase entry under the project's Deno, offline: npm packages come from node_modules. */
export function startDenoEntry(env: Record<string, string>, cwd: string): Promise<HostProcess> {
  const deno = resolve(projectRoot, "node_modules/.bin/deno");
  return launch(
    deno,
    [
      "run",
      "--no-lock",
      "--cached-only",
      "--config",
      resolve(projectRoot, "tests/integration/deno-test.json"),
      "--allow-net=127.0.0.1",
      "--allow-env",
      resolve(projectRoot, "supabase/functions/send-contact-email/index.ts"),
    ],
    { PORT: "0", DENO_DIR: resolve(cwd, ".deno"), DENO_NO_UPDATE_CHECK: "1", ...env },
    cwd,
  );
}

/** `node scripts/leads.ts` on a data folder; resolves with its standard output. */
export function runLeads(
  dataDir: string,
  args: string[] = [],
  cwd = dataDir,
  env: Record<string, string> = {},
): Promise<string> {
  return runScript("scripts/leads.ts", dataDir, args, cwd, env);
}

/** Runs one of the project's scripts on a data folder; its output, or the error it printed. */
export function runScript(
  script: string,
  dataDir: string,
  args: string[] = [],
  cwd = dataDir,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolveOutput, reject) => {
    const child = spawn(process.execPath, [resolve(projectRoot, script), ...args], {
      cwd,
      env: { ...baseEnv(), DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("exit", (code) =>
      code === 0 ? resolveOutput(stdout) : reject(new Error(`${script} exited ${code}: ${stderr}`)),
    );
  });
}

/** `node server/dev.ts`: Vite in middleware mode with the function beside it. */
export function startDevServer(env: Record<string, string>, cwd: string): Promise<HostProcess> {
  return launch(
    process.execPath,
    [resolve(projectRoot, "server/dev.ts")],
    { PORT: "0", ...env },
    cwd,
  );
}
