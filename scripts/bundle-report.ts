/**
 * `npm run bench:bundle`: what each prerendered page can run, read from build/client: the island
 * loader with its static imports (the first JavaScript), and each island the page marks, with
 * everything that island loads then or later. Brotli bytes, as the server sends them.
 *
 * Each figure is compared with scripts/bundle-baseline.json (the build before the quote form's
 * estimator, ZIP check and preferred times): no route's first JavaScript may grow by more than
 * 5 KB, and the script fails when one does. `--save-baseline` writes the current figures there.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { fullClosure, loaderIn, pageScripts, staticClosure } from "../app/build/page-scripts.ts";

const clientDir = path.resolve(import.meta.dirname, "../build/client");
const assets = path.join(clientDir, "assets");
const sizes = new Map<string, number>();
const brotli = (chunk: string) => {
  if (!sizes.has(chunk)) {
    const content = readFileSync(path.join(assets, chunk));
    sizes.set(
      chunk,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }).length,
    );
  }
  return sizes.get(chunk) as number;
};
const bytes = (chunks: string[]) => chunks.reduce((sum, chunk) => sum + brotli(chunk), 0);
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
const baselineFile = path.resolve(import.meta.dirname, "bundle-baseline.json");
const firstJsGrowthLimit = 5 * 1024;
type Figures = Record<string, { first: number; islands: Record<string, number> }>;
const baseline: Figures = JSON.parse(readFileSync(baselineFile, "utf8"));
const current: Figures = {};
const change = (now: number, before: number | undefined) => {
  if (before === undefined) return "(new)";
  const delta = now - before;
  return `(${delta >= 0 ? "+" : "-"}${kb(Math.abs(delta))} against the baseline)`;
};
const grown: string[] = [];

const pages = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.name === "index.html")
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

for (const file of pages) {
  const route = `/${path.relative(clientDir, path.dirname(file))}`.replace(/^\/404$/, "404 page");
  const html = readFileSync(file, "utf8");
  const loader = loaderIn(html);
  if (!loader) {
    console.log(`${route}: no JavaScript`);
    continue;
  }
  const first = staticClosure(assets, path.basename(loader));
  const before = baseline[route];
  const figures = { first: bytes(first), islands: {} as Record<string, number> };
  current[route] = figures;
  console.log(
    `${route}: loader ${kb(figures.first)} ${change(figures.first, before?.first)} (${first.join(", ")})`,
  );
  if (before && figures.first - before.first > firstJsGrowthLimit) grown.push(route);
  for (const [island, chunk] of pageScripts(clientDir, html, loader).islandChunks) {
    const chunks = fullClosure(assets, chunk, first);
    figures.islands[island] = bytes(chunks);
    console.log(
      `  ${island.padEnd(16)} ${kb(figures.islands[island]).padStart(8)} ${change(figures.islands[island], before?.islands[island])}  ${chunks.join(", ")}`,
    );
  }
}

if (process.argv.includes("--save-baseline")) {
  writeFileSync(baselineFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Saved the baseline to ${path.relative(process.cwd(), baselineFile)}.`);
} else if (grown.length > 0) {
  console.error(`First JavaScript grew by more than 5 KB on: ${grown.join(", ")}`);
  process.exitCode = 1;
}
