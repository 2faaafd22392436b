/**
 * Builds the site and runs the real embedded server (server/start.ts) on a free loopback port,
 * with a temporary data folder, serving a private copy of the build so that a rebuild by someone
 * else during a long benchmark cannot change the files under it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const clientDir = path.join(projectRoot, "build", "client");

/** `react-router build` with this same Node binary, output shown; fails after `timeoutMs`. */
export async function buildSite(timeoutMs = 5 * 60_000): Promise<void> {
  const manifest = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  const cli = path.join(path.dirname(manifest), "bin.cjs");
  const child = spawn(process.execPath, [cli, "build"], { cwd: projectRoot, stdio: "inherit" });
  const forget = onCleanup("the build", () => stop(child));
  try {
    const code = await exitCode(child, timeoutMs);
    if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
  } finally {
    forget();
  }
}

export type RunningSite = { url: string; stop: () => Promise<void> };

/** Starts server/start.ts on 127.0.0.1 and a free port; resolves once it logs its URL. */
export async function startSite({ timeoutMs = 60_000 } = {}): Promise<RunningSite> {
  const workDir = await mkdtemp(path.join(tmpdir(), "bench-pages-"));
  const removeWorkDir = () => rm(workDir, { recursive: true, force: true });
  const forgetWorkDir = onCleanup("the temporary folder", removeWorkDir);
  const staticDir = path.join(workDir, "site");
  await cp(clientDir, staticDir, { recursive: true });

  const child = spawn(process.execPath, [path.join(projectRoot, "server", "start.ts")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(workDir, "data"),
      STATIC_DIR: staticDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stopAll = async () => {
    await stop(child);
    await removeWorkDir();
  };
  const forgetServer = onCleanup("the server", stopAll);

  const log: string[] = [];
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        log.push(text);
        const match = /listening on (http:\/\/\S+)/.exec(log.join(""));
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (code ${code}) before listening`));
      });
    });
    // Keep draining its output so that a chatty server never blocks on a full pipe.
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      url,
      stop: async () => {
        forgetServer();
        forgetWorkDir();
        await stopAll();
      },
    };
  } catch (error) {
    forgetServer();
    forgetWorkDir();
    await stopAll();
    throw new Error(`${(error as Error).message}\n${log.join("").trim()}`);
  }
}

function exitCode(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`timed out after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** SIGTERM, then SIGKILL if it is still running 5 s later. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
