/**
 * `npm ci --omit=dev && npm start` must work: the Node runtime and every package `npm start`
 * imports at run time are production dependencies, and an older Node is told which one it needs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./settings.ts";

const manifest = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
  engines?: { node?: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** Packages imported (statically or not) by `file` and every project file it imports. */
function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/g;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? "";
      if (/^import\s+type\s/.test(match[0].trim())) continue;
      if (specifier.startsWith(".")) {
        const target = resolve(dirname(file), specifier);
        if (existsSync(target)) pending.push(target);
      } else if (!specifier.startsWith("node:") && !builtinModules.includes(specifier)) {
        const parts = specifier.split("/");
        packages.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? ""));
      }
    }
  }
  return packages;
}

describe("a production install", () => {
  it("has the project's Node among the production dependencies, and says which Node it needs", () => {
    expect(manifest.dependencies.node).toMatch(/^\^?24\./);
    expect(manifest.engines?.node).toBe(">=24");
  });

  it("needs no dev dependency at run time for npm start", () => {
    const used = runtimePackages(join(projectRoot, "server", "start.ts"));
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter((name) => !(name in manifest.dependencies));
    expect(missing).toEqual([]);
  });

  it("tells an older Node which version it needs, before any TypeScript is read", () => {
    expect(manifest.scripts.start).toMatch(/^node server\/check-node\.js && exec node /);
    const old = spawnSync(
      process.execPath,
      [
        "-e",
        `Object.defineProperty(process.versions, "node", { value: "20.11.1" }); import("./server/check-node.js")`,
      ],
      { cwd: projectRoot, encoding: "utf8" },
    );
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(/needs Node 24 or newer, and this is Node 20\.11\.1/);
  });
});
