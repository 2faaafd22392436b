/**
 * What the build tells a server about the site it serves: build/client/_headers.json, written by
 * site-build/ship-site.ts and read by server/static-site.ts. Every file to serve, with its headers
 * and the compressed versions beside it; nothing else in the folder is served.
 */
export const siteIndexFile = "_headers.json";

export type Encoding = "br" | "gzip";

export type SiteIndex = {
  /** The page answered, with status 404, to every unknown path. */
  notFound: string | null;
  /** By URL path of the file (`/about/index.html`). */
  files: Record<string, ServedFile>;
};

export type ServedFile = {
  /** Content-Type, Cache-Control, Content-Security-Policy, ETag. */
  headers: Record<string, string>;
  /** Smaller versions beside the file (`<file>.br`), each with its own ETag. */
  encodings: Partial<Record<Encoding, { file: string; etag: string }>>;
};
