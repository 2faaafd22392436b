import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderBusyError, lockDataFolder } from "./data-lock.ts";

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder() {
  const path = mkdtempSync(join(tmpdir(), "data-lock-"));
  folders.push(path);
  return path;
}

/** Some other program that runs (its process id is in use) and holds no lock. */
function otherProgram(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"]);
  children.push(child);
  return child;
}

/** Another process that takes the lock (this module, as the server does) and keeps it. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const module = resolve(import.meta.dirname, "data-lock.ts");
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { lockDataFolder } from ${JSON.stringify(module)};
       await lockDataFolder(${JSON.stringify(dataDir)});
       console.log("held");
       setInterval(() => {}, 60_000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  await new Promise<void>((resolveHeld, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("held")) resolveHeld();
    });
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe("data folder lock", () => {
  it("refuses a second server while the first one runs, naming its process", async () => {
    const dataDir = folder();
    const other = await holder(dataDir);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(DataFolderBusyError);
    await expect(lockDataFolder(dataDir, { waitMs: 200 })).rejects.toThrow(
      `another server (process ${other.pid}) is already using the data folder`,
    );
  });

  it("is taken at once after the holder is killed, before its process is even reaped", async () => {
    const dataDir = folder();
    const other = await holder(dataDir);
    // Synchronously after SIGKILL: this process has not reaped its child, whose id still exists
    // (dying, then a zombie). The kernel has dropped, or is about to drop, its lock.
    other.kill("SIGKILL");
    const lock = await lockDataFolder(dataDir, { waitMs: 5000 });
    expect(readFileSync(join(dataDir, "server.pid"), "utf8").split("\n")[0]).toBe(
      String(process.pid),
    );
    lock.release();
  });

  it("ignores a process id left by a server that is gone, even if another program has it now", async () => {
    const dataDir = folder();
    // After a reboot, the id in server.pid may belong to any running program (here: this one's
    // child). Only the kernel's lock counts.
    const unrelated = otherProgram();
    writeFileSync(join(dataDir, "server.pid"), `${unrelated.pid}\nhost\n`);
    const lock = await lockDataFolder(dataDir);
    lock.release();
  });

  it("holds against a second lock in the same process, and is free again once released", async () => {
    const dataDir = folder();
    const lock = await lockDataFolder(dataDir);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(DataFolderBusyError);
    lock.release();
    expect(existsSync(join(dataDir, "server.pid"))).toBe(false);
    (await lockDataFolder(dataDir)).release();
  });

  it("waits for a holder that lets go within the wait, and says it is waiting", async () => {
    const dataDir = folder();
    const first = await lockDataFolder(dataDir);
    const waited: Array<number | null> = [];
    let waiting: () => void = () => {};
    const saidWaiting = new Promise<void>((resolveWaiting) => {
      waiting = resolveWaiting;
    });
    const second = lockDataFolder(dataDir, {
      waitMs: 10_000,
      onWait: (pid) => {
        waited.push(pid);
        waiting();
      },
    });
    // The second says it is waiting; then the first lets go.
    await saidWaiting;
    first.release();
    (await second).release();
    expect(waited).toEqual([process.pid]);
  });

  it("replaces a lock file of the previous versions (a process id) whose process is gone", async () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, "server.lock"), "999999999\nhost\n");
    const lock = await lockDataFolder(dataDir);
    lock.release();
  });

  it("refuses while a server of the previous versions still runs", async () => {
    const dataDir = folder();
    const old = otherProgram();
    writeFileSync(join(dataDir, "server.lock"), `${old.pid}\nhost\n`);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(`process ${old.pid}`);
  });
});
