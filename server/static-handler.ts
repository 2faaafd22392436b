/**
 * Answers GET and HEAD from the indexed site (static-site.ts):
 * - `/about` serves about/index.html; `/about/` and `/about/index.html` redirect to `/about`;
 * - anything else unknown gets the prerendered 404 page with status 404 (so does `/404` itself);
 * - /assets/* (content-hashed names) are cached for a year as immutable; everything else is
 *   revalidated every time (`no-cache` with an ETag, answered 304 when unchanged);
 * - brotli or gzip when the client accepts it, chosen from versions made at start.
 */
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { lockedDownPolicy } from "./security-headers.ts";
import type { Encoded, StaticFile, StaticSite } from "./static-site.ts";

type Encoding = "br" | "gzip" | "identity";

/** The encodings a client accepts, honouring q=0. */
function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>(["identity"]);
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === "br" || name === "gzip") accepted.add(name);
    if (name === "*") {
      accepted.add("br");
      accepted.add("gzip");
    }
  }
  return accepted;
}

function pickEncoding(file: StaticFile, header: string | undefined) {
  const accepted = acceptedEncodings(header);
  if (file.br && accepted.has("br")) return { encoding: "br" as const, variant: file.br };
  if (file.gzip && accepted.has("gzip")) return { encoding: "gzip" as const, variant: file.gzip };
  return { encoding: "identity" as const, variant: null as Encoded | null };
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((value) => value.trim().replace(/^W\//, ""))
    .some((value) => value === etag || value === "*");
}

export type Resolution =
  | { kind: "file"; file: StaticFile; status: 200 | 404 }
  | { kind: "redirect"; location: string }
  | { kind: "not-found" }
  | { kind: "bad-request" };

/** Maps a request path to a file of the site. Visitor text only ever serves as a map key. */
function resolvePath(site: StaticSite, rawPath: string): Resolution {
  const [pathname = "", query] = rawPath.split(/\?(.*)/s, 2);
  if (!pathname.startsWith("/") || pathname.length > 2048) return { kind: "bad-request" };
  let segments: string[];
  try {
    segments = pathname.split("/").slice(1).map(decodeURIComponent);
  } catch {
    return { kind: "bad-request" };
  }
  if (segments.some((segment) => /[/\\\0]/.test(segment) || segment === "." || segment === "..")) {
    return { kind: "not-found" };
  }
  const suffix = query ? `?${query}` : "";
  const path = `/${segments.join("/")}`;

  if (path.endsWith("/index.html")) {
    const folder = path.slice(0, -"index.html".length);
    if (site.files.has(path))
      return {
        kind: "redirect",
        location: `${folder === "/" ? "/" : folder.slice(0, -1)}${suffix}`,
      };
  }
  if (path.length > 1 && path.endsWith("/")) {
    const folder = path.slice(0, -1);
    if (site.files.has(`${folder}/index.html`))
      return { kind: "redirect", location: `${folder}${suffix}` };
    return { kind: "not-found" };
  }
  const file =
    site.files.get(path) ?? site.files.get(path === "/" ? "/index.html" : `${path}/index.html`);
  if (!file) return { kind: "not-found" };
  return { kind: "file", file, status: file === site.notFound ? 404 : 200 };
}

export function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  site: StaticSite,
  baseHeaders: Record<string, string>,
): void {
  const headOnly = request.method === "HEAD";
  if (request.method !== "GET" && !headOnly) {
    response.writeHead(405, {
      ...baseHeaders,
      Allow: "GET, HEAD",
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end("Method Not Allowed\n");
    return;
  }

  const resolution = resolvePath(site, request.url ?? "/");
  if (resolution.kind === "bad-request") {
    response.writeHead(400, {
      ...baseHeaders,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end(headOnly ? undefined : "Bad Request\n");
    return;
  }
  if (resolution.kind === "redirect") {
    response.writeHead(301, {
      ...baseHeaders,
      Location: resolution.location,
      "Cache-Control": "no-cache",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end();
    return;
  }
  const found =
    resolution.kind === "file"
      ? resolution
      : site.notFound
        ? { file: site.notFound, status: 404 as const }
        : null;
  if (!found) {
    response.writeHead(404, {
      ...baseHeaders,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end(headOnly ? undefined : "Not Found\n");
    return;
  }

  const { file, status } = found;
  const { encoding, variant } = pickEncoding(file, request.headers["accept-encoding"]);
  const etag = variant?.etag ?? file.etag;
  const headers: Record<string, string> = {
    ...baseHeaders,
    "Content-Type": file.contentType,
    "Cache-Control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    "Content-Security-Policy": file.csp ?? lockedDownPolicy,
    ETag: etag,
    Vary: "Accept-Encoding",
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;

  if (status === 200 && etagMatches(request.headers["if-none-match"], etag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }

  const body = variant?.body ?? file.body;
  headers["Content-Length"] = String(body ? body.byteLength : file.size);
  response.writeHead(status, headers);
  if (headOnly) {
    response.end();
  } else if (body) {
    response.end(body);
  } else {
    createReadStream(file.filePath)
      .on("error", () => response.destroy())
      .pipe(response);
  }
}
