/**
 * The built site, indexed once at start: every file under the static folder with its type, its
 * ETag, brotli and gzip versions (made here, in memory, with node:zlib, so no build step or
 * folder write is needed; brotli quickly first, at its best quality after the server listens, see
 * refineCompression), and for pages their Content-Security-Policy. Requests are answered
 * from this index only; a URL is never joined to a file path, so no path can escape the folder.
 * A rebuilt site is picked up on restart.
 */
import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { pageChunks } from "../app/build/page-scripts.ts";
import { contentSecurityPolicy, findInlineSources, runtimeStyleHashes } from "./csp.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoded = { body: Buffer; etag: string };

export type StaticFile = {
  urlPath: string;
  filePath: string;
  contentType: string;
  size: number;
  etag: string;
  /** Held in memory; files too large for that are streamed from disk. */
  body: Buffer | null;
  br: Encoded | null;
  gzip: Encoded | null;
  /** Content-hashed build output under /assets/: cached for a year. */
  immutable: boolean;
  /** Pages only. */
  csp: string | null;
};

export type StaticSite = {
  root: string;
  files: Map<string, StaticFile>;
  /** The prerendered 404 page (/404/index.html), if the build has one. */
  notFound: StaticFile | null;
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".wasm": "application/wasm",
};

const compressible =
  /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm)|image\/(svg\+xml|x-icon))/;

/** Files at most this big stay in memory; larger ones are streamed. */
const memoryLimit = 8 * 1024 * 1024;
/** Compressing smaller files gains nothing over the headers it adds. */
const compressMin = 1024;

function etagOf(content: Buffer, suffix = ""): string {
  return `"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}${suffix}"`;
}

async function walk(root: string, folder: string, found: string[]) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    // Hidden files and symbolic links are never served.
    if (entry.name.startsWith(".")) continue;
    const path = join(folder, entry.name);
    const info = await lstat(path);
    if (info.isSymbolicLink()) continue;
    if (info.isDirectory()) await walk(root, path, found);
    else if (info.isFile()) found.push(path);
  }
}

/** Brotli quality used before the server listens: fast (the whole site in well under a second). */
export const quickBrotliQuality = 5;

function brotliAt(content: Buffer, quality: number) {
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  });
}

// Keep a version only when it is clearly smaller.
const worth = (encoded: Buffer, content: Buffer) => encoded.byteLength < content.byteLength * 0.95;

async function compress(content: Buffer, contentType: string) {
  if (content.byteLength < compressMin || !compressible.test(contentType)) {
    return { br: null, gzip: null };
  }
  const [br, gz] = await Promise.all([
    brotliAt(content, quickBrotliQuality),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    br: worth(br, content) ? { body: br, etag: etagOf(content, `-br${quickBrotliQuality}`) } : null,
    gzip: worth(gz, content) ? { body: gz, etag: etagOf(content, "-gz") } : null,
  };
}

/**
 * Replaces each file's quick brotli version with one at the best quality, one file at a time on
 * libuv's thread pool, while the server already answers. Quality 11 takes seconds for this site
 * (about 9 s of CPU on the 2-core benchmark machine): done before listening, it was downtime at
 * every start and after every crash. After each file it rests as long as that file took, so it
 * uses at most half a core next to the requests being served. Each file switches atomically (with
 * its own ETag); `signal` stops the work early (shutdown). Resolves with the files improved.
 */
export async function refineCompression(
  site: StaticSite,
  signal?: AbortSignal,
  { restRatio = 1 } = {},
): Promise<number> {
  let improved = 0;
  for (const file of site.files.values()) {
    if (signal?.aborted) break;
    if (!file.body || !file.br) continue;
    const started = performance.now();
    const best = await brotliAt(file.body, constants.BROTLI_MAX_QUALITY);
    if (best.byteLength < file.br.body.byteLength && worth(best, file.body)) {
      file.br = { body: best, etag: etagOf(file.body, "-br") };
      improved += 1;
    }
    const rest = (performance.now() - started) * restRatio;
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref());
  }
  return improved;
}

export type LoadOptions = { connectOrigins?: string[] };

export async function loadStaticSite(root: string, options: LoadOptions = {}): Promise<StaticSite> {
  const paths: string[] = [];
  await walk(root, root, paths);

  const contents = new Map<string, Buffer>();
  for (const path of paths) contents.set(path, await readFile(path));

  // A page allows the run-time styles of the libraries its own islands can load, no others.
  const runtimeStylesOf = (html: string) =>
    runtimeStyleHashes(
      pageChunks(root, html).map((chunk) =>
        (contents.get(join(root, "assets", chunk)) as Buffer).toString("utf8"),
      ),
    );

  const files = new Map<string, StaticFile>();
  await Promise.all(
    paths.map(async (filePath) => {
      const content = contents.get(filePath) as Buffer;
      const urlPath = `/${relative(root, filePath).split(sep).join("/")}`;
      const contentType = types[extname(filePath).toLowerCase()] ?? "application/octet-stream";
      const isHtml = contentType.startsWith("text/html");
      const inMemory = content.byteLength <= memoryLimit;
      const encoded = inMemory ? await compress(content, contentType) : { br: null, gzip: null };
      files.set(urlPath, {
        urlPath,
        filePath,
        contentType,
        size: content.byteLength,
        etag: etagOf(content),
        body: inMemory ? content : null,
        ...encoded,
        immutable: urlPath.startsWith("/assets/"),
        csp: isHtml
          ? contentSecurityPolicy(findInlineSources(content.toString("utf8")), {
              connectOrigins: options.connectOrigins,
              runtimeStyleHashes: runtimeStylesOf(content.toString("utf8")),
            })
          : null,
      });
    }),
  );

  return { root, files, notFound: files.get("/404/index.html") ?? null };
}
