import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { narrowDataFolder } from "./data-folder.ts";

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the data folder's permissions at start", () => {
  it("narrows a folder other users can read to 0700, and leaves a private one alone", () => {
    const root = mkdtempSync(join(tmpdir(), "data-folder-"));
    made.push(root);
    const data = join(root, "data");
    mkdirSync(data);
    chmodSync(data, 0o755);
    expect(narrowDataFolder(data)).toBe("narrowed");
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(narrowDataFolder(data)).toBe("private");
    expect(narrowDataFolder(join(root, "none"))).toBe("missing");
  });
});
