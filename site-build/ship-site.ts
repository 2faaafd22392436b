/**
 * The build's last step (react-router.config.ts, after finish-html.ts): what build/client ships,
 * and with which headers, decided once here instead of by a server at every start
 * (docs/decisions/0010-the-build-decides-what-is-served.md).
 * - Only what a page can load is shipped: React Router's route chunks, the stylesheet (every page
 *   inlines its rules), the SPA fallback and the `.data` files are for a hydrated app, which the
 *   pages are not, and are removed.
 * - Every HTML file gets a Content-Security-Policy that allows exactly its own inline scripts and
 *   styles and the run-time styles of the scripts it can load (csp.ts).
 * - Every compressible file of 1 KB or more gets `.br` (best quality) and `.gz` siblings, kept
 *   only when clearly smaller.
 * - `_headers.json` lists every file to serve with its headers and encodings, for `npm start`
 *   (server/static-site.ts); `_headers` says the same to static hosts that read that format
 *   (Netlify, Cloudflare Pages), so pages on a CDN get the CSP they get from `npm start`.
 */
import { createHash } from "node:crypto";
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import {
  lockedDownPolicy,
  securityHeaders,
  strictTransportSecurity,
} from "../shared/security-headers.ts";
import { type ServedFile, type SiteIndex, siteIndexFile } from "../shared/site-index.ts";
import { contentSecurityPolicy, findInlineSources, runtimeStyleHashes } from "./csp.ts";
import { type ChunkGraph, pageChunks } from "./page-scripts.ts";

const hostHeadersFile = "_headers";
const notFoundPage = "/404/index.html";
/** Cloudflare Pages reads at most 100 rules from _headers. */
const maxHostRules = 100;

export type ShipReport = { removed: number; compressed: number; files: number };

export async function shipSite(
  clientDir: string,
  graph: ChunkGraph,
  { functionOrigins = [], reuseFrom }: { functionOrigins?: string[]; reuseFrom?: string } = {},
): Promise<ShipReport> {
  const removed = await removeUnshipped(clientDir, graph);
  const index = await writeServingFiles(clientDir, {
    functionOrigins,
    reuseFrom,
    runtimeStyles: async (html) =>
      runtimeStyleHashes(
        await Promise.all(
          pageChunks(graph, html).map((file) => readFile(path.join(clientDir, file), "utf8")),
        ),
      ),
  });
  const compressed = Object.values(index.files).filter((file) => file.encodings.br).length;
  return { removed: removed.length, compressed, files: Object.keys(index.files).length };
}

/**
 * Removes what no page loads: files under assets/ that are neither reachable from the island
 * loader (Vite's manifest) nor named by a page; the SPA fallback; React Router's `.data` files.
 * Returns the removed paths (relative to `clientDir`).
 */
export async function removeUnshipped(clientDir: string, graph: ChunkGraph): Promise<string[]> {
  const files = await filesUnder(clientDir);
  const pages = await Promise.all(
    files.filter((file) => file.endsWith(".html")).map((file) => readText(clientDir, file)),
  );
  const namedByPage = (file: string) => pages.some((html) => html.includes(`/${file}`));
  const unshipped = files.filter((file) =>
    file.startsWith("assets/")
      ? !graph.reachable.has(file) && !namedByPage(file)
      : file === "__spa-fallback.html" || file.endsWith(".data"),
  );
  await Promise.all(unshipped.map((file) => rm(path.join(clientDir, file))));
  return unshipped;
}

export type ServingOptions = {
  /** Origins the pages may fetch from besides their own (the Supabase project, when one is used). */
  functionOrigins?: string[];
  /** CSP hashes of the styles the scripts a page can load insert at run time. */
  runtimeStyles?: (html: string) => Promise<string[]>;
  /**
   * A site already shipped (the build's own, when the server makes the pages again): a file with
   * the same bytes there takes its compressed versions from it instead of compressing again,
   * which is most of the time a render takes. The result is the same, byte for byte.
   */
  reuseFrom?: string;
};

/** Writes the encodings, _headers.json and _headers for every file under `clientDir`. */
export async function writeServingFiles(
  clientDir: string,
  options: ServingOptions = {},
): Promise<SiteIndex> {
  const files = (await filesUnder(clientDir)).filter(
    (file) => !/\.(br|gz)$/.test(file) && file !== siteIndexFile && file !== hostHeadersFile,
  );
  const index: SiteIndex = { notFound: null, files: {} };
  const shipped = options.reuseFrom
    ? await readFile(path.join(options.reuseFrom, siteIndexFile), "utf8")
        .then((text) => JSON.parse(text) as SiteIndex)
        .catch(() => null)
    : null;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(path.join(clientDir, file));
      const urlPath = `/${file}`;
      const type = contentType(file);
      const csp = type.startsWith("text/html")
        ? contentSecurityPolicy(findInlineSources(content.toString("utf8")), {
            functionOrigins: options.functionOrigins,
            runtimeStyleHashes: await options.runtimeStyles?.(content.toString("utf8")),
          })
        : lockedDownPolicy;
      index.files[urlPath] = {
        headers: {
          "Content-Type": type,
          "Cache-Control": isHashedAsset(urlPath)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
          "Content-Security-Policy": csp,
          ETag: etagOf(content),
        },
        encodings:
          (options.reuseFrom &&
            (await reusedEncodings(options.reuseFrom, shipped, clientDir, file, content))) ||
          (await writeEncodings(clientDir, file, content, type)),
      };
    }),
  );
  index.files = Object.fromEntries(
    Object.entries(index.files).sort(([a], [b]) => a.localeCompare(b)),
  );
  index.notFound = notFoundPage in index.files ? notFoundPage : null;
  await writeFile(path.join(clientDir, siteIndexFile), `${JSON.stringify(index, null, 1)}\n`);
  await writeFile(path.join(clientDir, hostHeadersFile), hostHeaders(index));
  return index;
}

/** Content-hashed build output: cached for a year. */
const isHashedAsset = (urlPath: string) => urlPath.startsWith("/assets/");

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
};

export function contentType(file: string): string {
  return types[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

const compressible = /^(text\/|application\/(json|manifest\+json|xml)|image\/(svg\+xml|x-icon))/;
/** Compressing smaller files gains nothing over the headers it adds. */
const compressMin = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function writeEncodings(
  clientDir: string,
  file: string,
  content: Buffer,
  type: string,
): Promise<ServedFile["encodings"]> {
  if (content.byteLength < compressMin || !compressible.test(type)) return {};
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // Keep a version only when it is clearly smaller.
  const worth = (encoded: Buffer) => encoded.byteLength < content.byteLength * 0.95;
  const encodings: ServedFile["encodings"] = {};
  for (const [name, body, suffix] of [
    ["br", br, ".br"],
    ["gzip", gz, ".gz"],
  ] as const) {
    if (!worth(body)) continue;
    await writeFile(path.join(clientDir, `${file}${suffix}`), body);
    encodings[name] = { file: `/${file}${suffix}`, etag: etagOf(content, `-${suffix.slice(1)}`) };
  }
  return encodings;
}

/** The compressed versions of `file` copied from a shipped site where it has the same bytes. */
async function reusedEncodings(
  fromDir: string,
  shipped: SiteIndex | null,
  clientDir: string,
  file: string,
  content: Buffer,
): Promise<ServedFile["encodings"] | null> {
  const before = shipped?.files[`/${file}`];
  if (!before || before.headers.ETag !== etagOf(content)) return null;
  try {
    for (const encoding of Object.values(before.encodings)) {
      const relative = encoding.file.slice(1);
      await copyFile(path.join(fromDir, relative), path.join(clientDir, relative));
    }
  } catch {
    return null;
  }
  return before.encodings;
}

/** Strong, from the content: a rebuild that changes nothing keeps every ETag. */
function etagOf(content: Buffer, suffix = ""): string {
  return `"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}${suffix}"`;
}

/**
 * The same headers in the format Netlify and Cloudflare Pages read. Such hosts join the headers of
 * every rule a path matches, so the Content-Security-Policy is given per path, never under `/*`
 * (two policies would both apply). Pages are named as hosts address them, with and without the
 * trailing slash; their ETags and encodings are the host's own.
 */
export function hostHeaders(index: SiteIndex): string {
  const rules: [string, Record<string, string>][] = [
    ["/*", { ...securityHeaders(), ...strictTransportSecurity }],
    [
      "/assets/*",
      {
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Security-Policy": lockedDownPolicy,
      },
    ],
  ];
  for (const [urlPath, file] of Object.entries(index.files)) {
    if (isHashedAsset(urlPath)) continue;
    const { "Cache-Control": cache = "no-cache", "Content-Security-Policy": csp = "" } =
      file.headers;
    const headers = { "Cache-Control": cache, "Content-Security-Policy": csp };
    const folder = /^(.*\/)index\.html$/.exec(urlPath)?.[1];
    if (folder === undefined) rules.push([urlPath, headers]);
    else if (folder === "/") rules.push(["/", headers]);
    else rules.push([folder.slice(0, -1), headers], [folder, headers]);
  }
  if (rules.length > maxHostRules)
    throw new Error(`_headers would have ${rules.length} rules; static hosts read ${maxHostRules}`);
  return `${rules
    .map(
      ([rule, headers]) =>
        `${rule}\n${Object.entries(headers)
          .map(([name, value]) => `  ${name}: ${value}`)
          .join("\n")}`,
    )
    .join("\n")}\n`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .filter((file) => !file.split("/").some((part) => part.startsWith(".")))
    .sort();
}

const readText = (dir: string, file: string) => readFile(path.join(dir, file), "utf8");
