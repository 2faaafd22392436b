/**
 * `npm run bench:bundle`: what each prerendered page can run, from build/client and the build's
 * chunk graph (Vite's manifest, site-build/page-scripts.ts): the island loader with its static
 * imports (the first JavaScript), and each island the page marks, with everything that island
 * loads then or later. Brotli bytes at the quality the build writes them.
 *
 * Each figure is compared with scripts/bundle-baseline.json (the build before the quote form's
 * estimator, ZIP check and preferred times): no route's first JavaScript may grow by more than
 * 5 KB, and the script fails when one does. `--save-baseline` writes the current figures there.
 * The table goes to docs/figures.md too. It builds the site first (figures of the sources as they
 * are); `--no-build` reads build/client as it stands.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
import { pageIslands, readChunkGraph } from "../site-build/page-scripts.ts";
import { buildSite } from "../tools/built-site.ts";
import { markdownTable, provenance, writeFigures } from "../tools/figures.ts";

const { values: options } = parseArgs({
  allowNegative: true,
  options: {
    build: { type: "boolean", default: true },
    "save-baseline": { type: "boolean", default: false },
  },
});
if (options.build) await buildSite();

const clientDir = path.resolve(import.meta.dirname, "../build/client");
const graph = readChunkGraph(clientDir);
const sizes = new Map<string, number>();
const brotli = (chunk: string) => {
  if (!sizes.has(chunk)) {
    const content = readFileSync(path.join(clientDir, chunk));
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
const names = (chunks: string[]) => chunks.map((chunk) => path.basename(chunk)).join(", ");
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
  const islands = pageIslands(graph, readFileSync(file, "utf8"));
  if (islands.size === 0) {
    console.log(`${route}: no JavaScript`);
    continue;
  }
  const first = graph.loaderFiles;
  const before = baseline[route];
  const figures = { first: bytes(first), islands: {} as Record<string, number> };
  current[route] = figures;
  console.log(
    `${route}: loader ${kb(figures.first)} ${change(figures.first, before?.first)} (${names(first)})`,
  );
  if (before && figures.first - before.first > firstJsGrowthLimit) grown.push(route);
  for (const [island, chunks] of islands) {
    figures.islands[island] = bytes(chunks);
    console.log(
      `  ${island.padEnd(16)} ${kb(figures.islands[island]).padStart(8)} ${change(figures.islands[island], before?.islands[island])}  ${names(chunks)}`,
    );
  }
}

await writeFigures(
  "bundle",
  [
    provenance("bench:bundle", [
      "Brotli at quality 11. Every page with islands starts with the loader; each island loads when",
      "its element needs it (docs/decisions/0008-islands.md).",
    ]),
    "",
    markdownTable(
      ["route", "loader KB", "islands (KB each, with everything they load)"],
      Object.entries(current).map(([route, { first, islands }]) => [
        route,
        (first / 1024).toFixed(1),
        Object.entries(islands)
          .map(([island, size]) => `${island} ${(size / 1024).toFixed(1)}`)
          .join(", "),
      ]),
    ),
  ].join("\n"),
);

if (options["save-baseline"]) {
  writeFileSync(baselineFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Saved the baseline to ${path.relative(process.cwd(), baselineFile)}.`);
} else if (grown.length > 0) {
  console.error(`First JavaScript grew by more than 5 KB on: ${grown.join(", ")}`);
  process.exitCode = 1;
}
