/**
 * `npm ci --omit=dev && npm start` must work: the Node runtime and every package `npm start`
 * imports at run time are production dependencies, and an older Node is told which one it needs.
 * Publishing included: the pages are made again from the server build with what such an install
 * has, tried in a copy of the project whose node_modules holds the production packages only.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./settings.ts";
import {
  buildDir,
  changedDocument,
  changedPhone,
  hasRenderableBuild,
  pagesOf,
} from "./site-render/render-fixtures.ts";

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

  it("needs no dev dependency to make the pages again (the render's process, the server build)", () => {
    const entries = [join(projectRoot, "server", "site-render", "render-child.ts")];
    if (hasRenderableBuild) entries.push(join(buildDir, "server", "index.js"));
    for (const entry of entries) {
      const used = runtimePackages(entry);
      expect(used.size, entry).toBeGreaterThan(0);
      expect(
        [...used].filter((name) => !(name in manifest.dependencies)),
        entry,
      ).toEqual([]);
    }
  });

  it.skipIf(!hasRenderableBuild)(
    "makes the site again from a changed document with production packages only",
    () => {
      const copy = mkdtempSync(join(tmpdir(), "production-install-"));
      try {
        for (const folder of ["server", "shared", "functions", "site-build", "content"])
          cpSync(join(projectRoot, folder), join(copy, folder), { recursive: true });
        cpSync(join(projectRoot, "package.json"), join(copy, "package.json"));
        cpSync(buildDir, join(copy, "build"), { recursive: true });
        // What `npm ci --omit=dev` installs: the lock's packages not marked dev, linked (not
        // copied: the Node package alone is ~100 MB).
        const lock = JSON.parse(readFileSync(join(projectRoot, "package-lock.json"), "utf8")) as {
          packages: Record<string, { dev?: boolean; optional?: boolean }>;
        };
        const installed: string[] = [];
        for (const [key, entry] of Object.entries(lock.packages)) {
          if (!key.startsWith("node_modules/") || key.lastIndexOf("node_modules/") !== 0) continue;
          if (entry.dev) continue;
          // An optional package for another system (sharp's binaries for macOS, Windows, ...):
          // npm skips it on this one too.
          if (entry.optional && !existsSync(join(projectRoot, key))) continue;
          const target = join(copy, key);
          mkdirSync(dirname(target), { recursive: true });
          execFileSync("cp", ["-al", join(projectRoot, key), target]);
          installed.push(key.slice("node_modules/".length));
        }
        expect(installed).toContain("react-router");
        expect(readdirSync(join(copy, "node_modules"))).not.toContain("vite");
        expect(existsSync(join(copy, "node_modules", "@react-router", "dev"))).toBe(false);

        writeFileSync(join(copy, "document.json"), JSON.stringify(changedDocument()));
        writeFileSync(
          join(copy, "render.ts"),
          `import { readFileSync } from "node:fs";
import { renderSite } from "./server/site-render/render-site.ts";
const document = JSON.parse(readFileSync("document.json", "utf8"));
// A shared, loaded machine may take longer than the server would wait; this is not about time.
const made = await renderSite({
  document,
  version: 2,
  buildDir: "build",
  outDir: "site-v2",
  timeoutMs: 160_000,
});
console.log(JSON.stringify(made));
`,
        );
        const run = spawnSync(process.execPath, ["render.ts"], {
          cwd: copy,
          encoding: "utf8",
          timeout: 170_000,
        });
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        expect(JSON.parse(run.stdout).files).toBeGreaterThan(40);
        const site = join(copy, "site-v2");
        expect(readFileSync(join(site, "welcome-offer.html"), "utf8")).toContain("35% Off");
        const pages = pagesOf(site);
        expect(pages.size).toBeGreaterThanOrEqual(17);
        // Every page shows the new phone once the pages are made from the live version (handed to
        // them through React Router's context, app/content/page-facts.ts); none may show a mix.
        const showing = [...pages.values()].filter((html) => html.includes(changedPhone.display));
        expect([0, pages.size]).toContain(showing.length);
        if (showing.length > 0)
          for (const [urlPath, html] of pages) {
            expect(html, urlPath).toContain(`href="tel:${changedPhone.e164}"`);
            expect(html, urlPath).not.toContain("555-0142");
          }
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
    180_000,
  );

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
