/**
 * Post-processes the prerendered HTML for a fast first paint on slow phones (issue 4,
 * docs/decisions/0005-first-paint.md):
 * - the site's stylesheet is inlined as a <style> element, so the first paint waits for no
 *   second request;
 * - React Router's <link rel="modulepreload"> hints are removed: they competed with the first
 *   paint on slow networks, and the module script at the end of <body> still loads every chunk;
 * - the page's main illustration (the SVG marked fetchpriority="high") is inlined as a data: URL,
 *   so the largest paint needs no second request. Only the HTML carries it, not the JavaScript.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/?>/g;
const imagePreload = /<link rel="preload" as="image" href="([^"]+)"[^>]*>/g;
const priorityImage = /<img src="(\/assets\/[^"]+\.svg)"([^>]*fetchPriority="high")/g;

export type OptimizeReport = {
  files: number;
  inlinedBytes: number;
  removedPreloads: number;
  inlinedImages: number;
};

export async function optimizeHtml(clientDir: string): Promise<OptimizeReport> {
  const report: OptimizeReport = {
    files: 0,
    inlinedBytes: 0,
    removedPreloads: 0,
    inlinedImages: 0,
  };
  // File contents (CSS, or an SVG as a data: URL) by asset path, read once for all pages.
  const inlined = new Map<string, string>();
  for (const file of await htmlFiles(clientDir)) {
    let html = await readFile(file, "utf8");
    const hrefs = [...html.matchAll(stylesheetLink)].map((match) => match[1] as string);
    for (const href of hrefs) {
      if (!inlined.has(href)) {
        inlined.set(href, await readFile(path.join(clientDir, href), "utf8"));
      }
    }
    html = html.replace(stylesheetLink, (_link, href: string) => {
      const css = inlined.get(href) ?? "";
      report.inlinedBytes += css.length;
      // A stylesheet can't end the <style> element early; escape a stray closing tag anyway.
      // The <link> stays, disabled (never fetched), so React hydrates the head it rendered.
      return `<style>${css.replaceAll("</style", "<\\/style")}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
    });
    html = html.replace(modulePreload, () => {
      report.removedPreloads += 1;
      return "";
    });
    for (const [, src] of html.matchAll(priorityImage)) {
      if (!inlined.has(src as string)) {
        const svg = await readFile(path.join(clientDir, src as string), "utf8");
        inlined.set(src as string, `data:image/svg+xml,${encodeURIComponent(svg.trim())}`);
      }
    }
    const inlinedSources = new Set<string>();
    html = html.replace(priorityImage, (_image, src: string, rest: string) => {
      report.inlinedImages += 1;
      inlinedSources.add(src);
      return `<img src="${inlined.get(src)}"${rest}`;
    });
    // React preloads high-priority images in the head; an inlined one must not be fetched anyway.
    html = html.replace(imagePreload, (link, href: string) =>
      inlinedSources.has(href) ? "" : link,
    );
    await writeFile(file, html);
    report.files += 1;
  }
  return report;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
