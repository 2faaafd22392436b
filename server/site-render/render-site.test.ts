/**
 * The site made again from the server build (`npm run build` first; skipped without a build):
 * with the repository's content it is the build's own site byte for byte; with another document
 * every page shows the new facts; a broken build folder or a render that takes too long leaves
 * nothing behind.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { findInlineSources } from "../../site-build/csp.ts";
import { projectRoot } from "../settings.ts";
import { loadStaticSite } from "../static-site.ts";
import {
  buildDir,
  changedDocument,
  hasRenderableBuild,
  markedUpName,
  pagesOf,
  readIndex,
} from "./render-fixtures.ts";
import {
  isRendered,
  renderedMarker,
  renderPreview,
  renderSite as renderSiteWithin,
} from "./render-site.ts";

/** Time is not what these tests hold: a loaded machine gets longer than the server's limit. */
const renderSite = (options: Parameters<typeof renderSiteWithin>[0]) =>
  renderSiteWithin({ timeoutMs: 170_000, ...options });

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe.skipIf(!hasRenderableBuild)("rendering the site from the server build", () => {
  let folder = "";
  let changed = "";

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "render-site-"));
    changed = join(folder, "changed");
    await renderSite({ document: changedDocument(), version: 7, buildDir, outDir: changed });
  }, 180_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("makes exactly the build's own site from the repository's content", async () => {
    const same = join(folder, "same");
    const made = await renderSite({
      document: repositoryContent,
      version: null,
      buildDir,
      outDir: same,
    });
    const built = readIndex(join(buildDir, "client"));
    expect(made.files).toBe(Object.keys(built.files).length);
    // The same files with the same ETags: every page, header and compressed version alike.
    expect(readIndex(same)).toEqual(built);
    for (const urlPath of Object.keys(built.files))
      expect(readFileSync(join(same, urlPath)), urlPath).toEqual(
        readFileSync(join(buildDir, "client", urlPath)),
      );
    expect(await isRendered(same, null, buildDir)).toBe(true);
    expect(await isRendered(same, 1, buildDir)).toBe(false);
  }, 180_000);

  it("makes every page the build prerendered, with an index the server loads", () => {
    const index = readIndex(changed);
    expect(Object.keys(index.files).sort()).toEqual(
      Object.keys(readIndex(join(buildDir, "client")).files).sort(),
    );
    expect(index.notFound).toBe("/404/index.html");
    const site = loadStaticSite(changed);
    expect(site.files.size).toBe(Object.keys(index.files).length);
    expect(site.notFound).toBe(site.files.get("/404/index.html"));
    for (const [urlPath, file] of site.files) {
      expect(file.headers.ETag, urlPath).toMatch(/^"[\w-]{27}"$/);
      for (const encoding of Object.values(file.encodings))
        expect(encoding.etag, urlPath).toMatch(/^"[\w-]{27}-(br|gz)"$/);
    }
    expect(readFileSync(join(changed, "_headers"), "utf8")).toContain("Content-Security-Policy");
  });

  it("writes compressed versions that are the files themselves", () => {
    const index = readIndex(changed);
    let checked = 0;
    for (const [urlPath, file] of Object.entries(index.files)) {
      const content = readFileSync(join(changed, urlPath));
      if (file.encodings.br) {
        expect(
          brotliDecompressSync(readFileSync(join(changed, file.encodings.br.file))),
          urlPath,
        ).toEqual(content);
        checked += 1;
      }
      if (file.encodings.gzip)
        expect(gunzipSync(readFileSync(join(changed, file.encodings.gzip.file))), urlPath).toEqual(
          content,
        );
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("shows the new welcome offer in the popup, never the old one", () => {
    const popup = readFileSync(join(changed, "welcome-offer.html"), "utf8");
    expect(popup).toContain("35% Off Your First Cleaning");
    expect(popup).not.toContain("20% Off");
  });

  it("shows the new main phone on every page: text, tel: links and JSON-LD", () => {
    const pages = pagesOf(changed);
    expect(pages.size).toBeGreaterThanOrEqual(17);
    for (const [urlPath, html] of pages) {
      expect(html, urlPath).toContain("(610) 555-0199");
      expect(html, urlPath).toContain('href="tel:+16105550199"');
      const jsonLd = [
        ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
      ];
      expect(jsonLd.length, urlPath).toBeGreaterThan(0);
      expect(
        jsonLd.some((block) => (block[1] ?? "").includes('"telephone":"+16105550199"')),
        urlPath,
      ).toBe(true);
      expect(html, urlPath).not.toMatch(/555-0142|5550142/);
    }
  });

  it("keeps markup the owner typed as text: in the pages and in their JSON-LD", () => {
    let named = 0;
    for (const [urlPath, html] of pagesOf(changed)) {
      expect(html, urlPath).not.toContain("<img src=x");
      expect(html, urlPath).not.toContain("</script><img");
      for (const [, block] of html.matchAll(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
      )) {
        const data = JSON.parse(block ?? "") as { name?: string };
        if (!data.name?.includes("Keystone")) continue;
        expect(data.name, urlPath).toBe(markedUpName);
        named += 1;
      }
    }
    expect(named).toBeGreaterThanOrEqual(17);
  });

  it("gives every page a CSP allowing exactly its inline scripts and styles", () => {
    const index = readIndex(changed);
    for (const [urlPath, html] of pagesOf(changed)) {
      const csp = index.files[urlPath]?.headers["Content-Security-Policy"] ?? "";
      expect(csp, urlPath).not.toContain("unsafe-inline");
      const scriptSources = /script-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
      const { scripts, styles } = findInlineSources(html);
      expect(scripts.length, urlPath).toBeGreaterThan(0);
      for (const script of scripts) expect(scriptSources, urlPath).toContain(sha(script));
      expect(scriptSources).toHaveLength(scripts.length + 1);
      const styleSources = /style-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
      for (const style of styles) expect(styleSources, urlPath).toContain(sha(style));
    }
  });

  it("refuses a broken build folder with a reason, leaving nothing behind", async () => {
    // Inside the project, so that the copy's imports find the installed packages.
    mkdirSync(join(projectRoot, "node_modules", ".cache"), { recursive: true });
    const broken = mkdtempSync(join(projectRoot, "node_modules", ".cache", "broken-build-"));
    onTestFinished(() => rmSync(broken, { recursive: true, force: true }));
    await cp(buildDir, broken, {
      recursive: true,
      filter: (source) => !source.startsWith(join(buildDir, "client")),
    });
    // A server build whose route modules throw when the pages are rendered.
    const entry = join(broken, "server", "index.js");
    const source = readFileSync(entry, "utf8");
    writeFileSync(
      entry,
      `${source}\nfor (const route of Object.values(routes)) if (route.path === "exton") route.module = { ...route.module, default: () => { throw new Error("no exton today"); } };\n`,
    );
    const outDir = join(folder, "from-broken");
    await expect(
      renderSite({ document: changedDocument(), version: 8, buildDir: broken, outDir }),
    ).rejects.toThrow(/the page \/exton could not be made: .*no exton today/);
    expect(existsSync(outDir)).toBe(false);
    expect(readdirSync(folder).filter((name) => name.includes("rendering"))).toEqual([]);

    await rm(join(broken, "server"), { recursive: true });
    await expect(
      renderSite({ document: changedDocument(), version: 8, buildDir: broken, outDir }),
    ).rejects.toThrow(/has no server build \(server\/index\.js\)/);
    expect(existsSync(outDir)).toBe(false);
  }, 120_000);

  it("stops a render that takes too long, leaving nothing behind", async () => {
    const outDir = join(folder, "too-slow");
    await expect(
      renderSite({ document: changedDocument(), version: 9, buildDir, outDir, timeoutMs: 50 }),
    ).rejects.toThrow("the site was not made within 0.05 s and was stopped");
    expect(existsSync(outDir)).toBe(false);
    expect(readdirSync(folder).filter((name) => name.includes("rendering"))).toEqual([]);
  });

  it("previews one page with the document: no script, styled, never indexed", async () => {
    const html = await renderPreview({ document: changedDocument(), path: "/exton", buildDir });
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script\b/i);
    expect(html).toMatch(/<style>[\s\S]{1000,}<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain("Exton");
    await expect(
      renderPreview({ document: changedDocument(), path: "/no-such-page", buildDir }),
    ).rejects.toThrow("there is no page /no-such-page");
    await expect(
      renderPreview({ document: changedDocument(), path: "/sitemap.xml", buildDir }),
    ).rejects.toThrow("there is no page /sitemap.xml");
  }, 60_000);

  it("marks a whole render last", () => {
    const mark = JSON.parse(readFileSync(join(changed, renderedMarker), "utf8"));
    expect(mark).toMatchObject({ version: 7, files: Object.keys(readIndex(changed).files).length });
  });
});
