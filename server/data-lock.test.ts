import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderBusyError, lockDataFolder } from "./data-lock.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder() {
  const path = mkdtempSync(join(tmpdir(), "data-lock-"));
  folders.push(path);
  return path;
}

describe("data folder lock", () => {
  it("refuses a second owner while the first one runs", async () => {
    const dataDir = folder();
    // Another live process holds it (a child that sleeps).
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dataDir, "server.lock"), `${other.pid}\nhost\n`);
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderBusyError);
      expect(() => lockDataFolder(dataDir)).toThrow(/another server \(process \d+\)/);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, "server.lock"), "999999999\nhost\n");
    const lock = lockDataFolder(dataDir);
    expect(existsSync(lock.path)).toBe(true);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });
});
