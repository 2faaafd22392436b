import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { firstPaintWait, importAfterFirstPaint, optimizeHtml } from "./optimize-html";

let dir: string;

// The module script React Router 8 writes at the end of every prerendered page.
const routerModuleScript = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");`;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "optimize-html-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, "about"));
  await writeFile(path.join(dir, "assets/root-abc.css"), "h1{color:red}");
  await writeFile(
    path.join(dir, "favicon.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" id="i"/>',
  );
  await writeFile(
    path.join(dir, "assets/hero-abc.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  );
  const page = (title: string) =>
    `<html><head><title>${title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/root-abc.css"/><link rel="modulepreload" href="/assets/b.js"/><link rel="preload" as="image" href="/assets/hero-abc.svg" fetchPriority="high"/><link rel="preload" as="image" href="/assets/other.png"/></head><body><img src="/assets/hero-abc.svg" width="640" height="480" alt="Hero" loading="eager" fetchPriority="high" class="h"/><img src="/assets/hero-abc.svg" width="640" height="480" alt="Lazy" loading="lazy" fetchPriority="auto"/><script type="module" async="">${routerModuleScript}</script></body></html>`;
  await writeFile(path.join(dir, "index.html"), page("Home"));
  await writeFile(path.join(dir, "about/index.html"), page("About"));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe("optimizeHtml", () => {
  it("inlines the stylesheet and keeps a disabled link for React to hydrate", async () => {
    await optimizeHtml(dir);
    const html = await readFile(path.join(dir, "about/index.html"), "utf8");
    expect(html).toContain("<style>h1{color:red}</style>");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-abc.css" disabled=""/>');
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
  });

  it("removes modulepreload hints but leaves the module script", async () => {
    const report = await optimizeHtml(dir);
    const html = await readFile(path.join(dir, "index.html"), "utf8");
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('import("/assets/entry.client-4.js")');
    expect(report).toEqual({
      files: 2,
      inlinedBytes: 26,
      removedPreloads: 4,
      inlinedImages: 2,
      inlinedIcons: 2,
      deferredScripts: 2,
    });
  });

  it("inlines the page's priority illustration as a data: URL and leaves lazy images alone", async () => {
    await optimizeHtml(dir);
    const html = await readFile(path.join(dir, "index.html"), "utf8");
    const svg = encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(html).toContain(
      `<img src="data:image/svg+xml,${svg}" width="640" height="480" alt="Hero"`,
    );
    expect(html).toContain('<img src="/assets/hero-abc.svg" width="640" height="480" alt="Lazy"');
    expect(html).not.toContain('<link rel="preload" as="image" href="/assets/hero-abc.svg"');
    expect(html).toContain('<link rel="preload" as="image" href="/assets/other.png"/>');
  });

  it("inlines the SVG favicon, so the browser fetches nothing while it paints", async () => {
    await optimizeHtml(dir);
    const html = await readFile(path.join(dir, "about/index.html"), "utf8");
    const svg = encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" id="i"/>');
    expect(html).toContain(
      `<link rel="icon" href="data:image/svg+xml,${svg}" type="image/svg+xml"/>`,
    );
    expect(html).not.toContain('href="/favicon.svg"');
  });

  it("makes the module script import its chunks after the first paint", async () => {
    await optimizeHtml(dir);
    const html = await readFile(path.join(dir, "index.html"), "utf8");
    expect(html).toContain(
      `<script type="module" async="">${importAfterFirstPaint(routerModuleScript)}</script>`,
    );
    expect(html).not.toMatch(/^import "/m);
  });
});

describe("importAfterFirstPaint", () => {
  it("waits for the first paint, then imports every module in parallel and runs the rest in order", async () => {
    const body = importAfterFirstPaint(routerModuleScript);
    expect(body).toBe(
      [
        firstPaintWait,
        'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/home-3.js")]);',
        'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
        "",
        'import("/assets/entry.client-4.js");',
      ].join("\n"),
    );
  });

  it("runs the rewritten script: the bindings reach the code after the imports", async () => {
    const loaded: string[] = [];
    const scope = {
      document: { hidden: true },
      setTimeout: () => 0,
      load: async (specifier: string) => {
        loaded.push(specifier);
        return { specifier };
      },
      window: {} as Record<string, unknown>,
    };
    // Module syntax can't be evaluated directly here: run the same text as an async function,
    // with import() routed to a recorder.
    const text = importAfterFirstPaint(routerModuleScript).replaceAll("import(", "load(");
    const run = new Function(
      "document",
      "setTimeout",
      "load",
      "window",
      `return (async () => { ${text} })();`,
    );
    // A hidden page starts at once: no timer needed, no paint observed.
    await run(scope.document, scope.setTimeout, scope.load, scope.window);
    expect(loaded).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-2.js",
      "/assets/home-3.js",
      "/assets/entry.client-4.js",
    ]);
    expect(scope.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-2.js" },
      "routes/home": { specifier: "/assets/home-3.js" },
    });
  });

  it("leaves a script without static imports alone", () => {
    expect(importAfterFirstPaint('import("/assets/a.js")')).toBe('import("/assets/a.js")');
  });
});
