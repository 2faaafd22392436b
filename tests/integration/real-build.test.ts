/**
 * The embedded server on the real prerendered site (build/client, made by `npm run build`):
 * every page of the sitemap answers 200 with a CSP that covers each of its inline scripts, unknown
 * paths get the 404 page, and the scripts a page loads are served as immutable assets.
 * Skipped when there is no build; SITE_BUILD_DIR may point at another build folder.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandContent, pageContentGroups } from "../../shared/content/page-content.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { findInlineSources } from "../../site-build/csp.ts";
import { islandsIn } from "../../site-build/page-scripts.ts";
import { type HostProcess, projectRoot, startNodeServer } from "./support/processes.ts";

const buildDir = process.env.SITE_BUILD_DIR ?? join(projectRoot, "build", "client");
const hasBuild =
  existsSync(join(buildDir, "index.html")) && existsSync(join(buildDir, "sitemap.xml"));

describe.skipIf(!hasBuild)("the real build on the embedded server", () => {
  let folder = "";
  let server: HostProcess;
  let paths: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "real-build-"));
    server = await startNodeServer(
      { STATIC_DIR: buildDir, DATA_DIR: join(folder, "data") },
      folder,
    );
    const sitemap = readFileSync(join(buildDir, "sitemap.xml"), "utf8");
    paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] as string).pathname,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("lists pages in its sitemap", () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
    expect(paths).toContain("/");
    expect(paths).toContain("/contact");
  });

  it("serves every page with a CSP allowing exactly its inline scripts and styles", async () => {
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toContain("unsafe-inline");
      const scriptSources = /script-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
      const { scripts } = findInlineSources(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
        expect(scriptSources, `${path}: ${script.slice(0, 60)}`).toContain(hash);
      }
      expect(scriptSources).toHaveLength(scripts.length + 1);
      const styleSources = /style-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
      for (const style of findInlineSources(html).styles) {
        const hash = `'sha256-${createHash("sha256").update(style).digest("base64")}'`;
        expect(styleSources, `${path}: inline style`).toContain(hash);
      }
    }
  });

  it("answers unknown paths with the prerendered 404 page and status 404", async () => {
    const response = await fetch(`${server.url}/this-page-does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404");
  });

  it("serves the modules a page imports as immutable assets", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    // Static or dynamic imports (the build makes React Router's script import after the first paint).
    const modules = [...html.matchAll(/(?:import\(?|href=)\s*"(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    expect(modules.length).toBeGreaterThan(0);
    for (const path of new Set(modules)) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("carries the islands' content in each page, and none compiled into the scripts", async () => {
    const document = repositoryContent as SiteContent;
    for (const path of paths) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const blocks = [
        ...html.matchAll(/<script type="application\/json" id="site-content">([^<]*)<\/script>/g),
      ];
      const needed = pageContentGroups.filter((group) =>
        islandsIn(html).some((name) => islandContent[name]?.includes(group)),
      );
      expect(blocks, path).toHaveLength(needed.length > 0 ? 1 : 0);
      if (needed.length === 0) continue;
      expect(JSON.parse(blocks[0]?.[1] ?? ""), path).toEqual(
        Object.fromEntries(needed.map((group) => [group, document[group]])),
      );
    }
    // The islands are built once and serve every published version (decision 0023).
    const facts = [
      document.prices.version,
      document.offer.terms,
      document.contact.phone,
      document.business.tagline,
      ...document.reviews.map((review) => review.text),
      ...document.hours.holidays.map((holiday) => holiday.name),
    ];
    const assets = join(buildDir, "assets");
    const compiledIn = readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .flatMap((name) => {
        const code = readFileSync(join(assets, name), "utf8");
        return facts.filter((fact) => code.includes(fact)).map((fact) => `${name}: ${fact}`);
      });
    expect(compiledIn).toEqual([]);
  });
});
