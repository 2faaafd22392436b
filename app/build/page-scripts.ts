/**
 * Which built scripts a prerendered page can run, read from the built files themselves: the
 * island loader, and for each island marked in the page, that island's chunk. Used by the build
 * (a page keeps the CSS rules its scripts may need, finish-html.ts) and by the tests that hold
 * each page to its JavaScript budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const loaderImport = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/;
const islandMark = /\bdata-island="([\w-]+)"/g;
// `import{a as b}from"./x.js"` or `import"./x.js"`: imports that load with the chunk itself.
const staticImport = /\bimport\s*(?!\()(?:[^"'`;()]*?\bfrom\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g;
// Any chunk a chunk names, including those it imports later with import().
const anyReference = /["'`]\.\/([\w.-]+\.js)["'`]/g;

export type PageScripts = {
  /** The loader's script path (e.g. /assets/entry.client-abc.js), or null for a page without islands. */
  loader: string | null;
  /** The islands marked in the page, in order of appearance, each named once. */
  islands: string[];
  /** Chunk file per island: the one the loader imports for it. */
  islandChunks: Map<string, string>;
};

export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(islandMark)].map((match) => match[1] as string))];
}

/** The island chunk the loader imports for each name (`import("./<name>-<hash>.js")`). */
export function islandChunks(loaderCode: string, names: string[]): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const name of names) {
    const pattern = new RegExp(`import\\(["'\`]\\./(${name}-[\\w-]+\\.js)["'\`]\\)`);
    const chunk = pattern.exec(loaderCode)?.[1];
    if (!chunk) throw new Error(`The island loader imports no chunk for island "${name}"`);
    chunks.set(name, chunk);
  }
  return chunks;
}

/** `file` and every chunk it imports statically, transitively (file names in `assetsDir`). */
export function staticClosure(assetsDir: string, file: string): string[] {
  return closure(assetsDir, file, staticImport);
}

/**
 * `file` and every chunk it names, static or dynamic, transitively, without entering `known`
 * chunks (the loader: island chunks import from it, and it names every island).
 */
export function fullClosure(
  assetsDir: string,
  file: string,
  known: Iterable<string> = [],
): string[] {
  return closure(assetsDir, file, anyReference, new Set(known));
}

function closure(assetsDir: string, file: string, pattern: RegExp, known = new Set<string>()) {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || known.has(name)) return;
    seen.add(name);
    const code = readFileSync(path.join(assetsDir, name), "utf8");
    for (const match of code.matchAll(pattern)) visit(match[1] as string);
  };
  visit(file);
  return [...seen];
}

/**
 * Every chunk a page can run: the loader with its static imports, and each marked island's chunk
 * with everything that chunk imports, now or later.
 */
export function pageChunks(clientDir: string, html: string, loader = loaderIn(html)): string[] {
  const { islandChunks: chunks } = pageScripts(clientDir, html, loader);
  if (!loader) return [];
  const assets = path.join(clientDir, "assets");
  const start = staticClosure(assets, path.basename(loader));
  return [
    ...new Set([
      ...start,
      ...[...chunks.values()].flatMap((chunk) => fullClosure(assets, chunk, start)),
    ]),
  ];
}

/** What a page can run: its loader and the chunk of each island it marks. */
export function pageScripts(clientDir: string, html: string, loader = loaderIn(html)): PageScripts {
  const islands = islandsIn(html);
  if (!loader) return { loader: null, islands, islandChunks: new Map() };
  const loaderCode = readFileSync(path.join(clientDir, loader), "utf8");
  return { loader, islands, islandChunks: islandChunks(loaderCode, islands) };
}

/** The loader a finished page imports (finish-html.ts adds a dynamic import of /assets/entry.client-….js). */
export function loaderIn(html: string): string | null {
  return loaderImport.exec(html)?.[1] ?? null;
}
