/**
 * Part of the build (react-router.config.ts runs it after prerendering): turns React Router's
 * prerendered documents into the pages we ship (docs/decisions/0005-first-paint.md,
 * docs/decisions/0008-islands.md).
 * - React Router's scripts (its context, route modules, modulepreload hints) are removed: pages are
 *   not hydrated. A page with island marks gets one module script instead, which imports the
 *   island loader (app/entry.client.tsx) after the first contentful paint;
 * - the stylesheet is inlined as a <style> element, so the first paint waits for no request, with
 *   only the rules the page or its islands' scripts can use (page-css.ts);
 * - the page's main illustration (the SVG marked fetchpriority="high") and the SVG favicon are
 *   inlined as data: URLs, so nothing is fetched while the page paints.
 * Only data blocks (JSON-LD, the islands' content) and the loader remain as scripts; ship-site.ts
 * then hashes the loader into the page's Content-Security-Policy (data blocks are not executed).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { blockForIslands } from "../shared/content/page-content.ts";
import { classesIn, pageCss, tagsIn } from "./page-css.ts";
import { type ChunkGraph, islandsIn, pageChunks } from "./page-scripts.ts";

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/?>/g;
const imagePreload = /<link rel="preload" as="image" href="([^"]+)"[^>]*>/g;
const priorityImage = /<img src="(\/assets\/[^"]+\.svg)"([^>]*fetchPriority="high")/g;
const svgIcon = /<link rel="icon" href="(\/[^"]+\.svg)"/g;
const script = /<script\b([^>]*)>[\s\S]*?<\/script>/g;

export type FinishReport = {
  files: number;
  removedScripts: number;
  pagesWithIslands: number;
  inlinedImages: number;
};

export async function finishHtml(clientDir: string, graph: ChunkGraph): Promise<FinishReport> {
  const report: FinishReport = {
    files: 0,
    removedScripts: 0,
    pagesWithIslands: 0,
    inlinedImages: 0,
  };
  const files = await htmlFiles(clientDir);
  const finisher = await pageFinisher(clientDir, graph);
  for (const file of files) {
    const html = await readFile(file, "utf8");
    if (!html.includes("<html")) continue;
    const finished = await finisher.finish(html, report);
    if (finished.includes("data-island=")) report.pagesWithIslands += 1;
    await writeFile(file, finished);
    report.files += 1;
  }
  return report;
}

export type PageFinisher = {
  /**
   * One prerendered document as it ships. `islands: false` (the owner's preview, which runs no
   * script) leaves the island loader out; the CSS the islands need stays, so the page looks
   * the same.
   */
  finish(html: string, report?: FinishReport, options?: { islands?: boolean }): Promise<string>;
};

/**
 * What finishing a page needs from the prerender's output (`clientDir`: the stylesheet, the SVGs
 * it inlines, the fragments' classes, the islands' scripts), read once for all pages.
 */
export async function pageFinisher(clientDir: string, graph: ChunkGraph): Promise<PageFinisher> {
  // File contents (CSS, or an SVG as a data: URL) by asset path, read once for all pages.
  const inlined = new Map<string, string>();
  const read = async (asset: string, as: (text: string) => string) => {
    if (!inlined.has(asset))
      inlined.set(asset, as(await readFile(path.join(clientDir, asset), "utf8")));
    return inlined.get(asset) as string;
  };
  const svgData = (svg: string) => `data:image/svg+xml,${svgForUrl(svg)}`;

  // Fragments (no <html>, e.g. welcome-offer.html) join pages at run time: every page keeps
  // the CSS they need.
  const fragments = (
    await Promise.all((await htmlFiles(clientDir)).map((file) => readFile(file, "utf8")))
  ).filter((html) => !html.includes("<html"));
  const fragmentClasses = classesIn(fragments.join(""));
  const fragmentTags = tagsIn(fragments.join(""));

  const finish: PageFinisher["finish"] = async (
    page,
    report = { files: 0, removedScripts: 0, pagesWithIslands: 0, inlinedImages: 0 },
    { islands = true } = {},
  ) => {
    let html = page.replace(script, (element, attributes: string) => {
      if (attributes.includes('type="application/ld+json"')) return element;
      // The islands' content (app/root.tsx): data, not a script to run.
      if (attributes.includes('type="application/json"')) return element;
      report.removedScripts += 1;
      return "";
    });
    html = blockForIslands(html, islandsIn(html));
    html = html.replace(modulePreload, "");
    // Bytes no browser reads: lucide's own class names (no rule uses them) and the SVG namespace,
    // which the HTML parser implies.
    html = html.replace(/ class="lucide lucide-[\w-]+ ?/g, ' class="').replace(/ class=""/g, "");
    html = html.replace(/(<svg[^>]*?) xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, "$1");
    html = withoutTextSeparators(html);

    const classes = classesIn(html);
    const scriptWords = wordsIn(await scriptsText(clientDir, pageChunks(graph, html)));
    const tags = tagsIn(html);
    const used = {
      className: (name: string) =>
        classes.has(name) || fragmentClasses.has(name) || scriptWords.has(name),
      tag: (name: string) => tags.has(name) || fragmentTags.has(name) || scriptWords.has(name),
    };
    for (const href of new Set(
      [...html.matchAll(stylesheetLink)].map((match) => match[1] as string),
    )) {
      // A stylesheet can't end the <style> element early; escape a stray closing tag anyway.
      const css = pageCss(await read(href, (text) => text), used).replaceAll(
        "</style",
        "<\\/style",
      );
      html = html.replace(`<link rel="stylesheet" href="${href}"/>`, () => `<style>${css}</style>`);
    }
    for (const [, href] of [...html.matchAll(svgIcon)]) {
      const data = await read(href as string, svgData);
      html = html.replace(
        `<link rel="icon" href="${href}"`,
        () => `<link rel="icon" href="${data}"`,
      );
    }
    const inlinedImages = new Set<string>();
    for (const [, src] of [...html.matchAll(priorityImage)]) inlinedImages.add(src as string);
    for (const src of inlinedImages) await read(src, svgData);
    html = html.replace(priorityImage, (_image, src: string, rest: string) => {
      report.inlinedImages += 1;
      return `<img src="${inlined.get(src)}"${rest}`;
    });
    // React preloads high-priority images in the head; an inlined one must not be fetched anyway.
    html = html.replace(imagePreload, (link, href: string) =>
      inlinedImages.has(href) ? "" : link,
    );

    if (islands && html.includes("data-island="))
      html = html.replace("</body>", () => `${islandLoader(graph.loader)}</body>`);
    return html;
  };
  return { finish };
}

/**
 * The one script a page runs: it imports the island loader once the browser reports the first
 * contentful paint, so no script competes with it. A hidden tab starts at once; a browser that
 * never reports paints starts after a second. Written small, as it is in every page's first round
 * trip; read out:
 *
 *   await new Promise((painted) => {
 *     setTimeout(painted, 1000);
 *     if (document.hidden || !window.PerformanceObserver) painted();
 *     else new PerformanceObserver((paints) => {
 *       if (paints.getEntriesByName("first-contentful-paint").length > 0) painted();
 *     }).observe({ type: "paint", buffered: true });
 *   });
 *   import(src);
 */
export function islandLoader(src: string): string {
  return `<script type="module">await new Promise(p=>{setTimeout(p,1e3);document.hidden||!window.PerformanceObserver?p():new PerformanceObserver(e=>{e.getEntriesByName("first-contentful-paint").length&&p()}).observe({type:"paint",buffered:!0})});import(${JSON.stringify(src)})</script>`;
}

/** Islands that React hydrates: their markup must stay exactly as React wrote it. */
const hydratedIslands = ["contact-form"];

/**
 * React writes `<!-- -->` between adjacent text nodes ("Call {phone}") so that hydration can find
 * each one again. Pages are not hydrated, so the separators are bytes no one reads, except inside
 * an island React hydrates, where they stay.
 */
export function withoutTextSeparators(html: string): string {
  const kept: [number, number][] = [];
  for (const name of hydratedIslands) {
    const start = html.indexOf(`<div data-island="${name}"`);
    if (start >= 0) kept.push([start, closingDivEnd(html, start)]);
  }
  return html.replace(/<!-- -->/g, (separator, at: number) =>
    kept.some(([start, end]) => at > start && at < end) ? separator : "",
  );
}

/** Where the <div> opened at `start` closes (just past its `</div>`). */
function closingDivEnd(html: string, start: number): number {
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === "</div>" ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  throw new Error(`<div> at ${start} never closes`);
}

/**
 * The words of a script's string literals as class lists or tag names appear in them
 * (`className:"mt-2 hidden"`, `jsx("dialog", ...)`, `"<p class=...>"`): split at quotes and white
 * space, plus the names after a `<`. A plain substring test would keep `.filter` and `pre` for
 * every `.filter(` and `preventDefault`.
 */
export function wordsIn(script: string): Set<string> {
  const words = new Set(script.split(/[\s"'`]+/));
  for (const tag of tagsIn(script)) words.add(tag);
  return words;
}

/** The code of every script the page can run, to keep the CSS classes it names. */
async function scriptsText(clientDir: string, files: string[]) {
  const texts = await Promise.all(
    files.map((file) => readFile(path.join(clientDir, file), "utf8")),
  );
  return texts.join("\n");
}

/**
 * An SVG as the data of a data: URL, escaped only where a URL or the attribute needs it: double
 * quotes become single ones, and `%`, `#`, `<`, `>`, `{`, `}` and line breaks are encoded.
 */
export function svgForUrl(svg: string): string {
  return svg
    .trim()
    .replace(/\s+/g, " ")
    .replace(/> </g, "><")
    .replace(/"/g, "'")
    .replace(/[%#<>{}]/g, (char) => encodeURIComponent(char));
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
