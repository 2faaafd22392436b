/**
 * The built site as the build described it (site-build/ship-site.ts): `_headers.json` lists every
 * file to serve with its headers (type, caching, Content-Security-Policy, ETag) and its `.br` and
 * `.gz` versions. Loading reads those files and nothing else: no folder walk, no hashing, no
 * compression, so the server starts at once. Requests are answered from this index only; a URL
 * is never joined to a file path, so no path can escape the folder. A rebuilt site is picked up on
 * restart.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Encoding, type SiteIndex, siteIndexFile } from "../shared/site-index.ts";

export type { Encoding };

/** A body in memory, or a file too large for that, streamed from disk. */
export type Body = { bytes: Buffer } | { path: string; size: number };

export type StaticFile = {
  /** Content-Type, Cache-Control, Content-Security-Policy, ETag. */
  headers: Record<string, string>;
  body: Body;
  encodings: Partial<Record<Encoding, { body: Body; etag: string }>>;
};

export type StaticSite = {
  /** By URL path of the file (`/about/index.html`). */
  files: Map<string, StaticFile>;
  /** The prerendered 404 page, answered with status 404 to unknown paths. */
  notFound: StaticFile | null;
};

/** Files at most this big stay in memory; larger ones are streamed. */
const memoryLimit = 8 * 1024 * 1024;

export function loadStaticSite(root: string): StaticSite {
  const index = JSON.parse(readFileSync(join(root, siteIndexFile), "utf8")) as SiteIndex;
  const body = (urlPath: string): Body => {
    const path = join(root, urlPath);
    const { size } = statSync(path);
    return size <= memoryLimit ? { bytes: readFileSync(path) } : { path, size };
  };
  const files = new Map<string, StaticFile>();
  for (const [urlPath, file] of Object.entries(index.files)) {
    const encodings: StaticFile["encodings"] = {};
    for (const name of ["br", "gzip"] as const) {
      const encoded = file.encodings[name];
      if (encoded) encodings[name] = { body: body(encoded.file), etag: encoded.etag };
    }
    files.set(urlPath, { headers: file.headers, body: body(urlPath), encodings });
  }
  return { files, notFound: index.notFound ? (files.get(index.notFound) ?? null) : null };
}
