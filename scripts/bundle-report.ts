/**
 * `npm run bench:bundle`: the JavaScript each prerendered page loads, read from build/client.
 * For every route: the chunks its module script imports, statically and transitively (what the
 * browser fetches before the page runs), with raw, gzip and brotli sizes; what it may load later
 * (dynamic imports); then the largest chunks with a guess at what each holds.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { guessContents, type SourceMap, topModules } from "./bench/bundle/contents.ts";
import { htmlModuleImports, loadGraph, modulePreloads } from "./bench/bundle/imports.ts";
import { addSizes, type Sizes, sizesOf } from "./bench/bundle/sizes.ts";
import { fmt, formatTable } from "./bench/table.ts";

const usage = `Usage: npm run bench:bundle [-- options]

  --dir PATH   the built client (default build/client)
  --top N      how many of the largest chunks to describe (default 12)
  --full       list every chunk of every route (default: the shared ones once, then each route's own)
  --json       print the whole report as JSON instead

For a module-by-module breakdown of each chunk, build once with source maps:
  npx react-router build --sourcemapClient hidden && npm run bench:bundle
(then rebuild without them: the .map files would otherwise be served with the site).
`;

type Page = {
  route: string;
  html: Sizes;
  firstLoad: string[];
  lazy: string[];
  missing: string[];
  preloads: string[];
  js: Sizes;
  lazyJs: Sizes;
};

type ManifestEntry = { file: string; name?: string; src?: string; isEntry?: boolean };

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith(".")),
    );
}

function routeOf(dir: string, file: string): string {
  const folder = path.relative(dir, path.dirname(file)).split(path.sep).join("/");
  if (folder === "") return "/";
  return folder === "404" ? "404 page" : `/${folder}`;
}

function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", default: "build/client" },
      top: { type: "string", default: "12" },
      full: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const dir = path.resolve(values.dir);
  if (!existsSync(path.join(dir, "index.html")))
    throw new Error(`no built site in ${dir}: run npm run build first`);

  const codeCache = new Map<string, string | null>();
  const read = (sitePath: string) => {
    if (!codeCache.has(sitePath)) {
      const file = path.join(dir, ...sitePath.split("/"));
      codeCache.set(sitePath, existsSync(file) ? readFileSync(file, "utf8") : null);
    }
    return codeCache.get(sitePath) ?? null;
  };
  const sizeCache = new Map<string, Sizes>();
  const sizes = (sitePath: string) => {
    let found = sizeCache.get(sitePath);
    if (!found) {
      found = sizesOf(read(sitePath) ?? "");
      sizeCache.set(sitePath, found);
    }
    return found;
  };

  const pages: Page[] = htmlFiles(dir)
    .map((file) => {
      const html = readFileSync(file, "utf8");
      const route = routeOf(dir, file);
      const sitePath = route === "/" ? "/" : `/${path.relative(dir, path.dirname(file))}`;
      const graph = loadGraph(htmlModuleImports(html), sitePath, read);
      return {
        route,
        html: sizesOf(html),
        ...graph,
        preloads: modulePreloads(html),
        js: addSizes(graph.firstLoad.map(sizes)),
        lazyJs: addSizes(graph.lazy.map(sizes)),
      };
    })
    .sort((a, b) => order(a.route) - order(b.route) || a.route.localeCompare(b.route));

  const manifest = readManifest(dir);
  const holds = (sitePath: string) => describeChunk(dir, sitePath, read(sitePath) ?? "", manifest);
  const shared = pages.length
    ? (pages[0] as Page).firstLoad.filter((file) =>
        pages.every((page) => page.firstLoad.includes(file)),
      )
    : [];
  const chunks = [...new Set(pages.flatMap((page) => [...page.firstLoad, ...page.lazy]))];
  const top = Number(values.top) || 12;
  const largest = chunks.sort((a, b) => sizes(b).raw - sizes(a).raw).slice(0, top);

  if (values.json) {
    console.log(
      JSON.stringify(
        {
          dir,
          pages,
          shared,
          chunks: Object.fromEntries(
            chunks.map((file) => [file, { ...sizes(file), holds: holds(file) }]),
          ),
        },
        null,
        2,
      ),
    );
    return 0;
  }

  const out: string[] = [];
  out.push(
    `JavaScript loaded by each prerendered page of ${path.relative(process.cwd(), dir) || dir}`,
    "First load: the module script at the end of <body> and every static import it leads to.",
    "Later: chunks imported dynamically (the welcome popup, toasts, the backend client...).",
    "KB of 1024 bytes; gzip level 9 and brotli quality 11, as the embedded server compresses.",
    manifest
      ? "Vite manifest: read from .vite/manifest.json."
      : "Vite manifest: not emitted (build.manifest is off); chunk names and imports come from the files.",
    "",
    formatTable(
      [
        { title: "Route" },
        { title: "JS files", align: "right" },
        { title: "JS raw", align: "right" },
        { title: "JS gzip", align: "right" },
        { title: "JS br", align: "right" },
        { title: "Later files", align: "right" },
        { title: "Later br", align: "right" },
        { title: "HTML raw", align: "right" },
        { title: "HTML br", align: "right" },
        { title: "Preload hints", align: "right" },
      ],
      pages.map((page) => [
        page.route,
        String(page.firstLoad.length),
        fmt.kb(page.js.raw),
        fmt.kb(page.js.gzip),
        fmt.kb(page.js.brotli),
        String(page.lazy.length),
        fmt.kb(page.lazyJs.brotli),
        fmt.kb(page.html.raw),
        fmt.kb(page.html.brotli),
        String(page.preloads.length),
      ]),
    ),
  );

  const fileTable = (files: readonly string[]) =>
    formatTable(
      [
        { title: "Chunk" },
        { title: "raw", align: "right" },
        { title: "gzip", align: "right" },
        { title: "br", align: "right" },
      ],
      [
        ...files.map((file) => [
          path.posix.basename(file),
          fmt.kb(sizes(file).raw),
          fmt.kb(sizes(file).gzip),
          fmt.kb(sizes(file).brotli),
        ]),
        ...(files.length > 1 ? [["total", ...totals(files.map(sizes))]] : []),
      ],
    );

  if (values.full) {
    for (const page of pages) {
      out.push("", `${page.route}: first load`, fileTable(page.firstLoad));
      if (page.lazy.length) out.push(`${page.route}: later`, fileTable(page.lazy));
    }
  } else {
    out.push("", `First-load chunks shared by every page (${shared.length}):`, fileTable(shared));
    for (const page of pages) {
      const own = page.firstLoad.filter((file) => !shared.includes(file));
      const ownSizes = addSizes(own.map(sizes));
      out.push(
        "",
        `${page.route}: + ${own.length} own chunks, ${fmt.kb(ownSizes.raw)} KB raw / ${fmt.kb(ownSizes.brotli)} KB br; total first load ${fmt.kb(page.js.raw)} KB raw / ${fmt.kb(page.js.gzip)} KB gzip / ${fmt.kb(page.js.brotli)} KB br`,
        ...own.map(
          (file) =>
            `    ${path.posix.basename(file).padEnd(36)} ${fmt.kb(sizes(file).raw).padStart(7)} raw ${fmt.kb(sizes(file).brotli).padStart(6)} br`,
        ),
        `  later: ${page.lazy.map((file) => path.posix.basename(file)).join(", ") || "nothing"}`,
      );
      if (page.missing.length) out.push(`  MISSING: ${page.missing.join(", ")}`);
    }
  }

  out.push(
    "",
    `The ${largest.length} largest chunks (first load on how many of the ${pages.length} pages; "later" when only imported dynamically):`,
    formatTable(
      [
        { title: "Chunk" },
        { title: "raw", align: "right" },
        { title: "gzip", align: "right" },
        { title: "br", align: "right" },
        { title: "Pages", align: "right" },
        { title: "Holds (guess)" },
      ],
      largest.map((file) => {
        const firstOn = pages.filter((page) => page.firstLoad.includes(file)).length;
        return [
          path.posix.basename(file),
          fmt.kb(sizes(file).raw),
          fmt.kb(sizes(file).gzip),
          fmt.kb(sizes(file).brotli),
          firstOn ? String(firstOn) : "later",
          holds(file),
        ];
      }),
    ),
  );
  console.log(out.join("\n"));
  return 0;
}

function totals(list: Sizes[]): string[] {
  const sum = addSizes(list);
  return [fmt.kb(sum.raw), fmt.kb(sum.gzip), fmt.kb(sum.brotli)];
}

function order(route: string): number {
  return route === "/" ? 0 : route === "404 page" ? 2 : 1;
}

function readManifest(dir: string): Map<string, ManifestEntry> | null {
  const file = path.join(dir, ".vite", "manifest.json");
  if (!existsSync(file)) return null;
  const entries = Object.values(
    JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestEntry>,
  );
  return new Map(entries.map((entry) => [`/${entry.file}`, entry]));
}

function describeChunk(
  dir: string,
  sitePath: string,
  code: string,
  manifest: Map<string, ManifestEntry> | null,
): string {
  const mapFile = path.join(dir, `${sitePath}.map`);
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, "utf8")) as SourceMap;
    const modules = topModules(code, map, 4);
    const total = code.length || 1;
    return modules
      .map((module) => `${module.name} ${Math.round((module.bytes / total) * 100)}%`)
      .join(", ");
  }
  const entry = manifest?.get(sitePath);
  const source = entry?.src ? [`from ${entry.src}`] : [];
  const guesses = guessContents(code);
  const name = path.posix.basename(sitePath).replace(/-[\w-]{8}\.js$/, "");
  return [...source, ...guesses].join("; ") || `named after its first module: ${name}`;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`bench:bundle: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
