/**
 * The data folder holds every request, the outbox's e-mails and the kept link secret: only the
 * server's own user should read it. The server makes it 0700, but a folder made by hand, by a
 * backup restore or by an older version may be readable by every user of the machine: narrowed
 * at start, or, when this user cannot (another owner), warned about with the command that fixes it.
 */
import { chmodSync, statSync } from "node:fs";

export type FolderCheck = "missing" | "private" | "narrowed" | "open";

export function narrowDataFolder(dataDir: string): FolderCheck {
  if (process.platform === "win32") return "private";
  let mode: number;
  try {
    mode = statSync(dataDir).mode;
  } catch {
    return "missing";
  }
  if ((mode & 0o077) === 0) return "private";
  try {
    chmodSync(dataDir, 0o700);
    return "narrowed";
  } catch {
    return "open";
  }
}
