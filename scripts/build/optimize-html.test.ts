import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { optimizeHtml } from "./optimize-html";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "optimize-html-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, "about"));
  await writeFile(path.join(dir, "assets/root-abc.css"), "h1{color:red}");
  await writeFile(
    path.join(dir, "assets/hero-abc.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  );
  const page = (title: string) =>
    `<html><head><title>${title}</title><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/root-abc.css"/><link rel="modulepreload" href="/assets/b.js"/><link rel="preload" as="image" href="/assets/hero-abc.svg" fetchPriority="high"/><link rel="preload" as="image" href="/assets/other.png"/></head><body><img src="/assets/hero-abc.svg" width="640" height="480" alt="Hero" loading="eager" fetchPriority="high" class="h"/><img src="/assets/hero-abc.svg" width="640" height="480" alt="Lazy" loading="lazy" fetchPriority="auto"/><script type="module">import("/assets/a.js")</script></body></html>`;
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
    expect(html).toContain('import("/assets/a.js")');
    expect(report).toEqual({ files: 2, inlinedBytes: 26, removedPreloads: 4, inlinedImages: 2 });
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
});
