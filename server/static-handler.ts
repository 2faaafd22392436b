/**
 * Answers GET and HEAD from the site the build described (static-site.ts), with the headers the
 * build chose for each file (caching, Content-Security-Policy, ETag):
 * - `/about` serves about/index.html; `/about/` and `/about/index.html` redirect to `/about`;
 * - anything else unknown gets the prerendered 404 page with status 404 (so does `/404` itself);
 * - revalidation by ETag (304 when unchanged);
 * - brotli or gzip when the client accepts it, from the versions the build wrote.
 * A Range header is ignored (RFC 9110 allows it): the whole file is always sent, which for pages,
 * scripts and small images costs nothing.
 */
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { lockedDownPolicy } from "../shared/security-headers.ts";
import type { Body, Encoding, StaticFile, StaticSite } from "./static-site.ts";

/** The encodings a client accepts, honouring q=0. */
function acceptedEncodings(header: string | undefined): Set<Encoding | "identity"> {
  const accepted = new Set<Encoding | "identity">(["identity"]);
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

/** The smallest version the client accepts: brotli, then gzip, then the file itself. */
function pickVersion(file: StaticFile, header: string | undefined) {
  const accepted = acceptedEncodings(header);
  for (const encoding of ["br", "gzip"] as const) {
    const version = file.encodings[encoding];
    if (version && accepted.has(encoding)) return { encoding, ...version };
  }
  return { encoding: null, body: file.body, etag: file.headers.ETag ?? "" };
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

/** A file of the site that was answered, with its status (304: the browser's copy is current). */
export type Served = { file: StaticFile; status: 200 | 304 | 404 };

/** Answers the request; returns the file it answered with, or null (a refusal, a redirect). */
export function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  site: StaticSite,
  baseHeaders: Record<string, string>,
): Served | null {
  const headOnly = request.method === "HEAD";
  if (request.method !== "GET" && !headOnly) {
    response.writeHead(405, {
      ...baseHeaders,
      Allow: "GET, HEAD",
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end("Method Not Allowed\n");
    return null;
  }

  const resolution = resolvePath(site, request.url ?? "/");
  if (resolution.kind === "bad-request") {
    response.writeHead(400, {
      ...baseHeaders,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end(headOnly ? undefined : "Bad Request\n");
    return null;
  }
  if (resolution.kind === "redirect") {
    response.writeHead(301, {
      ...baseHeaders,
      Location: resolution.location,
      "Cache-Control": "no-cache",
      "Content-Security-Policy": lockedDownPolicy,
    });
    response.end();
    return null;
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
    return null;
  }

  const { file, status } = found;
  const { encoding, body, etag } = pickVersion(file, request.headers["accept-encoding"]);
  const headers: Record<string, string> = { ...baseHeaders, ...file.headers, ETag: etag };
  if (Object.keys(file.encodings).length > 0) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;

  if (status === 200 && etagMatches(request.headers["if-none-match"], etag)) {
    response.writeHead(304, headers);
    response.end();
    return { file, status: 304 };
  }

  headers["Content-Length"] = String(sizeOf(body));
  response.writeHead(status, headers);
  if (headOnly) {
    response.end();
  } else if ("bytes" in body) {
    response.end(body.bytes);
  } else {
    createReadStream(body.path)
      .on("error", () => response.destroy())
      .pipe(response);
  }
  return { file, status };
}

const sizeOf = (body: Body) => ("bytes" in body ? body.bytes.byteLength : body.size);
