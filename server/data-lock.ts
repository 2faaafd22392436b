/**
 * One data folder, one server: `npm start` takes `DATA_DIR/server.lock` before it touches
 * anything in the folder. A second server on the same folder finds the lock held and exits
 * without releasing its claims or sending its e-mails (which would send them twice).
 *
 * The lock is the kernel's, held for the life of the process: an exclusive SQLite lock
 * (node:sqlite, a POSIX record lock underneath) on an empty database that this process keeps open.
 * The kernel drops it the moment the process is gone, however it ends, so a restart right after a
 * crash or SIGKILL is never refused because a process id still exists (a process being torn down,
 * a zombie not yet reaped, an id reused by another program after a reboot). A holder that is going
 * away is waited for a few seconds. Why not a pid file, flock or the database itself:
 * docs/decisions/0012-hardening.md.
 *
 * POSIX record locks belong to the process and are dropped when it closes *any* descriptor of the
 * file, so nothing in this process may open server.lock but SQLite (which keeps its descriptors
 * open while it holds a lock). The holder's process id, for the message a second server prints,
 * is in server.pid beside it; it decides nothing.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

export class DataFolderBusyError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number | null;
  constructor(dataDir: string, ownerPid: number | null) {
    super(
      `another server${ownerPid ? ` (process ${ownerPid})` : ""} is already using the data folder ${dataDir}; ` +
        "stop it first, or give this one its own DATA_DIR",
    );
    this.name = "DataFolderBusyError";
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export type DataLock = { path: string; release(): void };

export type LockOptions = {
  /** How long to wait for a holder that is going away (a server just killed); 0: not at all. */
  waitMs?: number;
  /** Told once when the lock is held and we start waiting. */
  onWait?: (ownerPid: number | null) => void;
};

const sqliteBusy = 5;
const sqliteNotADatabase = 26;
const pollMs = 50;

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

function pidIn(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The exclusive lock on `path`, or null while another process (or connection) holds it. */
function tryLock(path: string): DatabaseSync | null {
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    // Exclusive locking mode keeps the lock until the connection closes; no journal, no writes:
    // the file stays empty.
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("PRAGMA journal_mode = OFF");
    db.exec("BEGIN EXCLUSIVE");
    return db;
  } catch (error) {
    db.close();
    if ((error as { errcode?: number }).errcode === sqliteBusy) return null;
    throw error;
  }
}

/**
 * Takes the lock, waiting up to `waitMs` for a holder that is going away, or throws
 * DataFolderBusyError; other errors (a read-only folder) pass through.
 */
export async function lockDataFolder(
  dataDir: string,
  { waitMs = 0, onWait }: LockOptions = {},
): Promise<DataLock> {
  const path = join(dataDir, "server.lock");
  const pidPath = join(dataDir, "server.pid");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const deadline = performance.now() + waitMs;
  let told = false;
  for (;;) {
    let db: DatabaseSync | null;
    try {
      db = tryLock(path);
    } catch (error) {
      if ((error as { errcode?: number }).errcode !== sqliteNotADatabase) throw error;
      // A lock file of the versions before this one: the process id of a server that may still
      // run (an upgrade while the old one is up). Gone, its file is left over: replace it.
      const pid = pidIn(path);
      if (pid !== null && isRunning(pid)) throw new DataFolderBusyError(dataDir, pid);
      rmSync(path, { force: true });
      continue;
    }
    if (db) {
      chmodSync(path, 0o600);
      writeFileSync(pidPath, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`, {
        mode: 0o600,
      });
      const held = db;
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(pidPath, { force: true });
          // The lock file stays: a server waiting on it holds it open, and deleting it would let a
          // third one lock a new file beside the waiter's.
          held.close();
        },
      };
    }
    const owner = pidIn(pidPath);
    if (performance.now() >= deadline) throw new DataFolderBusyError(dataDir, owner);
    if (!told) {
      told = true;
      onWait?.(owner);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
