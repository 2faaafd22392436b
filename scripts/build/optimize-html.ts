/**
 * Post-processes the prerendered HTML for a fast first paint on slow phones
 * (docs/decisions/0005-first-paint.md):
 * - the site's stylesheet is inlined as a <style> element, so the first paint waits for no
 *   second request;
 * - React Router's <link rel="modulepreload"> hints are removed: they competed with the first
 *   paint on slow networks, and the module script at the end of <body> still loads every chunk;
 * - the page's main illustration (the SVG marked fetchpriority="high") is inlined as a data: URL,
 *   so the largest paint needs no second request. Only the HTML carries it, not the JavaScript;
 * - the SVG favicon is inlined as a data: URL too: browsers fetch it while the page is painting, and
 *   a slow network has better things to carry then (search engines use the apple-touch-icon);
 * - React Router's module script waits for the first paint before it imports anything: its static
 *   imports otherwise start every chunk's download while the page is still being painted.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/?>/g;
const imagePreload = /<link rel="preload" as="image" href="([^"]+)"[^>]*>/g;
const priorityImage = /<img src="(\/assets\/[^"]+\.svg)"([^>]*fetchPriority="high")/g;
const svgIcon = /<link rel="icon" href="(\/[^"]+\.svg)"/g;
const moduleScript = /(<script type="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const staticImport = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"]+");?\s*$/gm;

export type OptimizeReport = {
  files: number;
  inlinedBytes: number;
  removedPreloads: number;
  inlinedImages: number;
  inlinedIcons: number;
  deferredScripts: number;
};

export async function optimizeHtml(clientDir: string): Promise<OptimizeReport> {
  const report: OptimizeReport = {
    files: 0,
    inlinedBytes: 0,
    removedPreloads: 0,
    inlinedImages: 0,
    inlinedIcons: 0,
    deferredScripts: 0,
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
    for (const [, src] of [...html.matchAll(priorityImage), ...html.matchAll(svgIcon)]) {
      if (!inlined.has(src as string)) {
        const svg = await readFile(path.join(clientDir, src as string), "utf8");
        inlined.set(src as string, `data:image/svg+xml,${encodeURIComponent(svg.trim())}`);
      }
    }
    html = html.replace(svgIcon, (_link, href: string) => {
      report.inlinedIcons += 1;
      return `<link rel="icon" href="${inlined.get(href)}"`;
    });
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
    html = html.replace(moduleScript, (script, open: string, body: string, close: string) => {
      const deferred = importAfterFirstPaint(body);
      if (deferred === body) return script;
      report.deferredScripts += 1;
      return `${open}${deferred}${close}`;
    });
    await writeFile(file, html);
    report.files += 1;
  }
  return report;
}

/**
 * Resolves once the browser reports the first contentful paint (not the first paint, which can be
 * a bare background), which it reports after the frame is on screen. A hidden tab paints nothing and starts at once; a browser that never reports paints
 * starts after a second.
 */
export const firstPaintWait = [
  "await new Promise((painted) => {",
  "  setTimeout(painted, 1000);",
  "  if (document.hidden || !window.PerformanceObserver) painted();",
  "  else new PerformanceObserver((paints) => {",
  '    if (paints.getEntriesByName("first-contentful-paint").length > 0) painted();',
  '  }).observe({ type: "paint", buffered: true });',
  "});",
].join("\n");

/**
 * Turns a module script's static imports into dynamic ones that start after the first paint. The imports still load in parallel and the rest of
 * the script runs after them, as before; a script without static imports is returned unchanged.
 */
export function importAfterFirstPaint(body: string): string {
  const imports = [...body.matchAll(staticImport)];
  if (imports.length === 0) return body;
  // A side-effect import leaves a hole in the destructuring.
  const bindings = imports.map(([, name]) => name ?? "").join(", ");
  const loads = imports.map(([, , specifier]) => `import(${specifier})`).join(", ");
  const rest = body.replace(staticImport, "").trim();
  return [firstPaintWait, `const [${bindings}] = await Promise.all([${loads}]);`, rest].join("\n");
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
