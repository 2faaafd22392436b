/**
 * `npm run bench:bundle`: what each prerendered page can run, read from build/client: the island
 * loader with its static imports (the first JavaScript), and each island the page marks, with
 * everything that island loads then or later. Brotli bytes, as the server sends them.
 */
import { readdirSync, readFileSync } from "node:fs";
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
const kb = (chunks: string[]) =>
  `${(chunks.reduce((sum, chunk) => sum + brotli(chunk), 0) / 1024).toFixed(1)} KB`;

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
  console.log(`${route}: loader ${kb(first)} (${first.join(", ")})`);
  for (const [island, chunk] of pageScripts(clientDir, html, loader).islandChunks) {
    const chunks = fullClosure(assets, chunk, first);
    console.log(`  ${island.padEnd(16)} ${kb(chunks).padStart(8)}  ${chunks.join(", ")}`);
  }
}
