/**
 * The embedded server's life around the data folder and signals, with the real process:
 * a data folder it cannot use (pages on, function 503, recovery), a second server on the same
 * folder (refused before it touches anything), and stopping with requests in flight (each one
 * answered), also when the signal goes to `npm start` alone or to the whole process group.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeSite } from "./support/fake-site.ts";
import { heldRequest } from "./support/held-request.ts";
import { unusedPort, waitUntil } from "./support/ports.ts";
import {
  type HostProcess,
  launch,
  projectRoot,
  runLeads,
  startNodeServer,
} from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

const key = "sb_publishable_lifecycle-key";
let folder = "";
let site = "";
const cleanups: Array<() => unknown> = [];

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "lifecycle-"));
  site = await createFakeSite(folder);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  chmodSync(folder, 0o700);
  rmSync(folder, { recursive: true, force: true });
});

function env(dataDir: string, extra: Record<string, string> = {}) {
  return {
    STATIC_DIR: site,
    DATA_DIR: dataDir,
    CONTACT_PUBLIC_KEY: key,
    RATE_LIMIT_DISABLED: "true",
    ...extra,
  };
}

async function serve(dataDir: string, extra: Record<string, string> = {}): Promise<HostProcess> {
  const started = await startNodeServer(env(dataDir, extra), folder);
  cleanups.push(() => started.stop("SIGKILL"));
  return started;
}

function submit(url: string) {
  return fetch(`${url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify(validRequest()),
  });
}

/** A raw POST whose body is held back after `sent` bytes until `finish()` is called. */
const canMakeReadOnly = userInfo().uid !== 0;

describe("a data folder the server cannot use", () => {
  it.skipIf(!canMakeReadOnly)(
    "serves the pages, answers the function 503, says why, and recovers when the folder is fixed",
    async () => {
      const dataDir = join(folder, "data");
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o500); // read-only: no database, no lock file
      const running = await serve(dataDir);
      expect((await fetch(`${running.url}/about`)).status).toBe(200);
      const refused = await submit(running.url);
      expect(refused.status).toBe(503);
      expect(running.output()).toMatch(/the data folder cannot be used/);
      chmodSync(dataDir, 0o700);
      await waitUntil(async () => (await submit(running.url)).status === 200, {
        timeoutMs: 20_000,
        what: "the store to open once the folder is writable",
      });
    },
    40_000,
  );

  // The same recovery where the test runs as root (CI), which no file mode keeps out: the
  // database file's path is taken by a folder, so SQLite cannot open it.
  it("serves the pages and answers 503 while the database cannot be opened, and recovers", async () => {
    const dataDir = join(folder, "data");
    const database = join(dataDir, "contact-requests.db");
    mkdirSync(database, { recursive: true });
    const running = await serve(dataDir);
    expect((await fetch(`${running.url}/about`)).status).toBe(200);
    expect((await submit(running.url)).status).toBe(503);
    rmSync(database, { recursive: true });
    await waitUntil(async () => (await submit(running.url)).status === 200, {
      timeoutMs: 20_000,
      what: "the store to open once the path is free",
    });
  }, 40_000);

  it("starts and serves pages when DATA_DIR is a file, not a folder", async () => {
    const dataDir = join(folder, "not-a-folder");
    writeFileSync(dataDir, "oops");
    const running = await serve(dataDir);
    expect((await fetch(`${running.url}/`)).status).toBe(200);
    expect((await submit(running.url)).status).toBe(503);
  });
});

describe("one data folder, one server", () => {
  it("a second server on the same folder exits with a clear message and touches nothing", {
    timeout: 60_000,
  }, async () => {
    const dataDir = join(folder, "data");
    const first = await serve(dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}`,
      // One attempt, then a retry far away: any change to the row would be the second server's.
      OUTBOX_RETRY_BASE_MS: "3600000",
      OUTBOX_RETRY_MAX_MS: "3600000",
    });
    expect((await submit(first.url)).status).toBe(200);
    await waitUntil(
      async () => (await runLeads(dataDir, ["--json"], folder)).includes('"attempts":1'),
      {
        what: "the first server's delivery attempt",
      },
    );
    const before = await runLeads(dataDir, ["--json"], folder);
    const second = startNodeServer(env(dataDir), folder);
    await expect(second).rejects.toThrow(
      /another server \(process \d+\) is already using the data folder/,
    );
    expect(existsSync(join(dataDir, "outbox"))).toBe(false);
    expect(await runLeads(dataDir, ["--json"], folder)).toBe(before);
    expect((await fetch(`${first.url}/`)).status).toBe(200);
  });

  it("a restart right after SIGKILL starts, while the killed server's process id still exists", {
    timeout: 60_000,
  }, async () => {
    const dataDir = join(folder, "data");
    // The first server runs under a parent that cannot reap it (stopped, as a busy supervisor or
    // a container's init might be): once killed it stays a zombie, its id still in use.
    const parent = await launch(
      process.execPath,
      [
        "-e",
        `const { spawn } = require("node:child_process");
         const server = spawn(process.execPath, [${JSON.stringify(join(projectRoot, "server/start.ts"))}], { stdio: "inherit" });
         console.log("server pid " + server.pid);`,
      ],
      { PORT: "0", DIGEST_TIME: "off", ...env(dataDir) },
      folder,
    );
    cleanups.push(() => {
      parent.child.kill("SIGCONT");
      parent.child.kill("SIGKILL");
    });
    expect((await submit(parent.url)).status).toBe(200);
    const pid = Number(/server pid (\d+)/.exec(parent.output())?.[1]);
    parent.child.kill("SIGSTOP");
    process.kill(pid, "SIGKILL");
    await waitUntil(() => readFileSync(`/proc/${pid}/stat`, "utf8").split(" ")[2] === "Z", {
      what: "the killed server to be a zombie",
    });

    const second = await serve(dataDir);
    expect((await submit(second.url)).status).toBe(200);
    expect((await runLeads(dataDir, ["--json"], folder)).trim().split("\n")).toHaveLength(2);
  });
});

describe("stopping", () => {
  async function inFlightThenStop(stop: (running: HostProcess) => void, running: HostProcess) {
    // 10 requests whose bodies are still arriving, and 10 sent whole at the moment of the signal.
    const held = Array.from({ length: 10 }, () => heldRequest(running.url, key, 30));
    const connected = Array.from({ length: 10 }, () => heldRequest(running.url, key, 0));
    const all = [...held, ...connected];
    for (const request of all) cleanups.push(() => request.destroy());
    // Each one in the server's hands: its handler runs, waiting for the body.
    await Promise.all(all.map((request) => request.inServer));
    for (const request of connected) request.finish();
    stop(running);
    // The held ones' bodies arrive once the server has taken the signal.
    await running.waitForOutput("shutting down", 10_000, "the server to take the signal");
    for (const request of held) request.finish();
    const answers = await Promise.all(all.map((request) => request.answered));
    return answers.map((answer) => Number(answer.slice(9, 12)));
  }

  it("SIGTERM to the process group: every request already on its way is answered", async () => {
    const dataDir = join(folder, "data");
    const running = await serve(dataDir);
    // What a terminal or a supervisor does to a group: the same signal twice, close together.
    const statuses = await inFlightThenStop((server) => {
      server.child.kill("SIGTERM");
      setTimeout(() => server.child.kill("SIGTERM"), 20);
    }, running);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await running.exited).toBe(0);
    const stored = (await runLeads(dataDir, ["--json"], folder)).trim().split("\n");
    expect(stored).toHaveLength(20);
  }, 40_000);

  it("SIGTERM to `npm start` alone reaches the server, which stops gracefully", async () => {
    const dataDir = join(folder, "data");
    const port = await unusedPort();
    const npm = await launch(
      "npm",
      ["start"],
      { ...env(dataDir), PORT: String(port), HOST: "127.0.0.1" },
      projectRoot,
    );
    cleanups.push(async () => {
      npm.child.kill("SIGKILL");
      // The server too, if the signal never reached it.
      await fetch(`http://127.0.0.1:${port}/`).catch(() => {});
    });
    npm.child.kill("SIGTERM");
    await npm.waitForOutput("stopped", 15_000, "the server to stop");
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 60_000);
});
