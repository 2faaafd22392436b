/**
 * Which built scripts a prerendered page can run, read from Vite's manifest (`build.manifest`,
 * vite.config.ts): the island loader (app/entry.client.tsx) with its static imports, and for each
 * island the page marks, that island's module with everything it imports then or later. Used by
 * the build (the CSS rules a page's scripts may need, finish-html.ts; the files worth shipping and
 * each page's CSP, ship-site.ts) and by what measures pages (page-weight.spec.ts, bench:bundle).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** One entry of Vite's manifest (vite/types/manifest); `file` is relative to build/client. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
export type ViteManifest = Record<string, ManifestChunk>;

/** The island loader's source, the client entry React Router builds. */
export const loaderSource = "app/entry.client.tsx";
/** An island named `x` is app/islands/x.ts (or .tsx), as app/islands/registry.ts asks. */
const islandSource = /^app\/islands\/([\w-]+)\.tsx?$/;
const islandMark = /\bdata-island="([\w-]+)"/g;

/** Where the build keeps Vite's manifest: beside build/client, never shipped. */
export function manifestFile(clientDir: string): string {
  return path.join(clientDir, "..", "vite-manifest.json");
}

export type ChunkGraph = {
  /** The loader's URL, e.g. /assets/entry.client-abc.js. */
  loader: string;
  /** The loader and its static imports (files under build/client): what every page starts with. */
  loaderFiles: string[];
  /** Per island name: its chunk and everything it loads then or later, minus the loader's files. */
  islands: Map<string, string[]>;
  /** Every file some page can load: the above with their CSS and assets. */
  reachable: Set<string>;
};

export function readChunkGraph(clientDir: string): ChunkGraph {
  return chunkGraph(JSON.parse(readFileSync(manifestFile(clientDir), "utf8")) as ViteManifest);
}

export function chunkGraph(manifest: ViteManifest): ChunkGraph {
  const entry = manifest[loaderSource];
  if (!entry) throw new Error(`Vite's manifest has no entry for ${loaderSource}`);
  const loaderKeys = closure(manifest, [loaderSource], ["imports"]);
  const files = (keys: Iterable<string>) => [...keys].map((key) => chunkOf(manifest, key).file);
  const islands = new Map<string, string[]>();
  for (const key of entry.dynamicImports ?? []) {
    const name = islandSource.exec(key)?.[1];
    if (name)
      islands.set(name, files(closure(manifest, [key], ["imports", "dynamicImports"], loaderKeys)));
  }
  const reachable = new Set<string>();
  for (const key of closure(manifest, [loaderSource], ["imports", "dynamicImports"])) {
    const chunk = chunkOf(manifest, key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
      reachable.add(file);
  }
  return { loader: `/${entry.file}`, loaderFiles: files(loaderKeys), islands, reachable };
}

function chunkOf(manifest: ViteManifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest names ${key} but has no entry for it`);
  return chunk;
}

/** The keys reachable from `start` along `edges`, not entering `known` ones. */
function closure(
  manifest: ViteManifest,
  start: string[],
  edges: ("imports" | "dynamicImports")[],
  known: Set<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || known.has(key)) return;
    seen.add(key);
    const chunk = chunkOf(manifest, key);
    for (const edge of edges) for (const next of chunk[edge] ?? []) visit(next);
  };
  for (const key of start) visit(key);
  return seen;
}

/** The islands marked in a page, in order of appearance, each named once. */
export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(islandMark)].map((match) => match[1] as string))];
}

/**
 * What a page with island marks can run, per island (files under build/client). A page without
 * marks runs nothing; a mark the loader has no module for is a build error.
 */
export function pageIslands(graph: ChunkGraph, html: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const name of islandsIn(html)) {
    const files = graph.islands.get(name);
    if (!files) throw new Error(`The island loader has no module for island "${name}"`);
    found.set(name, files);
  }
  return found;
}

/** Every file a page can run: the loader's when it marks an island, and each island's. */
export function pageChunks(graph: ChunkGraph, html: string): string[] {
  const islands = pageIslands(graph, html);
  if (islands.size === 0) return [];
  return [...new Set([...graph.loaderFiles, ...[...islands.values()].flat()])];
}
