import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  finishHtml,
  islandLoader,
  svgForUrl,
  withoutTextSeparators,
  wordsIn,
} from "./finish-html.ts";
import { chunkGraph } from "./page-scripts.ts";

let dir: string;

// Vite's manifest of that build: the loader and the modules of two islands.
const graph = chunkGraph({
  "app/entry.client.tsx": {
    file: "assets/entry.client-4.js",
    isEntry: true,
    dynamicImports: ["app/islands/menu.ts", "app/islands/carousel.ts"],
  },
  "app/islands/menu.ts": { file: "assets/menu-5.js", isDynamicEntry: true },
  "app/islands/carousel.ts": { file: "assets/carousel-6.js", isDynamicEntry: true },
});

// What React Router 8 writes at the end of every prerendered page: its context, a module script
// that imports the route modules and then the client entry, and a streaming helper.
const routerScripts = `<script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-4.js");</script><script>$RC("B:0","S:0")</script>`;

const jsonLd = '<script type="application/ld+json">{"@type":"LocalBusiness"}</script>';

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "finish-html-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, "about"));
  await writeFile(
    path.join(dir, "assets/root-abc.css"),
    ".used{color:red}.unused{color:blue}.in-script{color:green}.in-fragment{color:gold}",
  );
  await writeFile(path.join(dir, "assets/entry.client-4.js"), "startIslands(islands)");
  await writeFile(path.join(dir, "assets/menu-5.js"), 'el.classList.add("in-script")');
  await writeFile(path.join(dir, "assets/carousel-6.js"), 'el.classList.add("unused")');
  await writeFile(
    path.join(dir, "favicon.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" id="i"/>',
  );
  await writeFile(
    path.join(dir, "assets/hero-abc.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  );
  await writeFile(path.join(dir, "offer.html"), '<dialog class="in-fragment"></dialog>');
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/root-abc.css"/><link rel="preload" as="image" href="/assets/hero-abc.svg" fetchPriority="high"/>${jsonLd}</head><body>${body}<img src="/assets/hero-abc.svg" alt="Hero" fetchPriority="high" class="used"/><img src="/assets/hero-abc.svg" alt="Lazy" loading="lazy"/>${routerScripts}</body></html>`;
  await writeFile(path.join(dir, "index.html"), page('<nav data-island="menu"></nav>'));
  await writeFile(path.join(dir, "about/index.html"), page("<p>No islands</p>"));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

const read = (file: string) => readFile(path.join(dir, file), "utf8");

describe("finishHtml", () => {
  it("removes React Router's scripts and hints, keeping JSON-LD", async () => {
    const report = await finishHtml(dir, graph);
    for (const file of ["index.html", "about/index.html"]) {
      const html = await read(file);
      expect(html).not.toMatch(/__reactRouter|\$RC|modulepreload|manifest-1/);
      expect(html).toContain(jsonLd);
    }
    expect(report).toEqual({ files: 2, removedScripts: 6, pagesWithIslands: 1, inlinedImages: 2 });
  });

  it("gives a page with islands the loader, imported after the first paint, and no other script", async () => {
    await finishHtml(dir, graph);
    const html = await read("index.html");
    expect(html).toContain(`${islandLoader("/assets/entry.client-4.js")}</body>`);
    expect(islandLoader("/x.js")).toMatch(/first-contentful-paint[\s\S]*import\("\/x\.js"\)/);
    expect(html.match(/<script\b(?![^>]*ld\+json)/g)).toHaveLength(1);
    expect(await read("about/index.html")).not.toMatch(/<script\b(?![^>]*ld\+json)/);
  });

  it("inlines the CSS the page, its islands' scripts and fragments use, and no link", async () => {
    await finishHtml(dir, graph);
    const withIslands = await read("index.html");
    expect(withIslands).toContain(
      "<style>.used{color:red}.in-script{color:green}.in-fragment{color:gold}</style>",
    );
    expect(withIslands).not.toContain('rel="stylesheet"');
    // The carousel island is not marked on the page: its class is not kept.
    expect(await read("about/index.html")).toContain(
      "<style>.used{color:red}.in-fragment{color:gold}</style>",
    );
    expect(await read("offer.html")).toBe('<dialog class="in-fragment"></dialog>');
  });

  it("inlines the priority illustration and the SVG favicon, and leaves lazy images alone", async () => {
    await finishHtml(dir, graph);
    const html = await read("index.html");
    expect(html).toContain(
      `<img src="data:image/svg+xml,${svgForUrl('<svg xmlns="http://www.w3.org/2000/svg"/>')}" alt="Hero"`,
    );
    expect(html).toContain('<img src="/assets/hero-abc.svg" alt="Lazy"');
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain(
      `<link rel="icon" href="data:image/svg+xml,${svgForUrl('<svg xmlns="http://www.w3.org/2000/svg" id="i"/>')}"`,
    );
  });

  it("fails the build when a page marks an island the loader has no module for", async () => {
    await writeFile(
      path.join(dir, "about/index.html"),
      '<html><body><p data-island="counters"></p></body></html>',
    );
    await expect(finishHtml(dir, graph)).rejects.toThrow(/no module for island "counters"/);
  });
});

describe("svgForUrl", () => {
  it("escapes only what a data: URL in an attribute needs", () => {
    expect(svgForUrl('<svg a="1">\n  <path d="M0 0"/># 50%</svg>\n')).toBe(
      "%3Csvg a='1'%3E%3Cpath d='M0 0'/%3E%23 50%25%3C/svg%3E",
    );
  });
});

describe("wordsIn", () => {
  it("finds the classes and tags a script names, not words inside its identifiers", () => {
    const words = wordsIn(
      'e.filter(Boolean);jsx(`pre`,{className:`sm:grid-cols-2 hidden`});h="<small class=\\"x\\">"',
    );
    for (const word of ["pre", "sm:grid-cols-2", "hidden", "small"]) expect(words).toContain(word);
    for (const word of ["filter", "grid-cols-2", "Boolean"]) expect(words).not.toContain(word);
  });
});

describe("withoutTextSeparators", () => {
  it("drops React's text separators, except inside an island React hydrates", () => {
    const form = '<div data-island="contact-form"><div><p>Send<!-- --> 2</p></div><!-- --></div>';
    expect(withoutTextSeparators(`<p>Call<!-- --> <!-- -->555</p>${form}<b>a<!-- -->b</b>`)).toBe(
      `<p>Call 555</p>${form}<b>ab</b>`,
    );
  });
});
