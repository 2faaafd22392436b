/**
 * One data folder, one server: `npm start` takes `DATA_DIR/server.lock` before it touches
 * anything in the folder. A second server on the same folder finds the lock held by a live process
 * and exits without releasing its claims or sending its e-mails (which would send them twice).
 * The lock file holds the owner's process id; a lock left by a process that no longer runs (a
 * crash, SIGKILL) is taken over. Created with O_EXCL, so two servers starting together cannot
 * both win.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataFolderBusyError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number;
  constructor(dataDir: string, ownerPid: number) {
    super(
      `another server (process ${ownerPid}) is already using the data folder ${dataDir}; ` +
        "stop it first, or give this one its own DATA_DIR",
    );
    this.name = "DataFolderBusyError";
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export type DataLock = { path: string; release(): void };

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DataFolderBusyError; other errors (a read-only folder) pass through. */
export function lockDataFolder(dataDir: string): DataLock {
  const path = join(dataDir, "server.lock");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, `${process.pid}\n${hostname()}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(path, "utf8").split("\n")[0]);
    } catch {
      continue; // Removed meanwhile: try again.
    }
    if (isRunning(owner)) throw new DataFolderBusyError(dataDir, owner);
    rmSync(path, { force: true }); // Left by a process that is gone.
  }
  throw new Error(`could not take the lock ${path}`);
}
