/**
 * GET …/content: the live content document, for a static host's build (`npm run content -- --pull`)
 * after the owner publishes. Public: every fact in it is on the public pages already. Read from the
 * store at each request, not from this process's switched copy, so a build started by the deploy
 * hook a moment after the publish reads the version just stored, whichever instance answers.
 */
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { errorMessage, type Logger } from "../base/log.ts";
import type { ContentStore } from "../store/content-store.ts";
import { StoreUnavailableError } from "../store/store.ts";

export type PublishedContent = {
  /** null: nothing published yet, the document is the repository's. */
  version: number | null;
  publishedAt: string | null;
  document: unknown;
};

const headers = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

export async function handleContent(
  request: Request,
  { store, log }: { store: ContentStore; log: Logger },
): Promise<Response> {
  let live: Awaited<ReturnType<ContentStore["liveContent"]>>;
  try {
    live = await store.liveContent();
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.warn("the live content could not be read", { error: errorMessage(error) });
    return Response.json(
      { error: "The service cannot take this right now. Please try again in a minute." },
      { status: 503, headers: { ...headers, "Retry-After": "30" } },
    );
  }
  const published: PublishedContent = live
    ? { version: live.version, publishedAt: live.publishedAt, document: live.document }
    : { version: null, publishedAt: null, document: repositoryContent };
  const body = JSON.stringify(published);
  const etag = `"${await digest(body)}"`;
  const tagged = { ...headers, ETag: etag };
  if (matches(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers: tagged });
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: tagged });
}

/** The body's own hash: equal bodies, equal tags, on every host and instance. */
async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}
