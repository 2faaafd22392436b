import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasBuild, reactRouterCli } from "./build-site.ts";

describe("building on start", () => {
  it("finds the React Router CLI that `npm start` runs when there is no build", () => {
    expect(existsSync(reactRouterCli())).toBe(true);
  });

  it("counts a folder as a build only when the build finished it (_headers.json)", () => {
    const folder = mkdtempSync(join(tmpdir(), "build-"));
    mkdirSync(join(folder, "assets"));
    writeFileSync(join(folder, "index.html"), "<!doctype html>");
    expect(hasBuild(folder)).toBe(false);
    writeFileSync(join(folder, "_headers.json"), '{"notFound":null,"files":{}}');
    expect(hasBuild(folder)).toBe(true);
    rmSync(folder, { recursive: true, force: true });
  });
});
