/**
 * With SITE_COUNTS=on, `npm start` counts a page's view as it serves the page (docs/counting.md),
 * so that the page itself calls nothing at load. Counted: a GET answered with a
 * page of the site (200, or 304 when the browser revalidated its copy: a person looking at the
 * page again). Not counted: HEAD, anything else the site serves, the 404 page, a browser's
 * speculative prefetch (it may never be shown), and user agents that say they are robots.
 */
import type { IncomingMessage } from "node:http";
import { isSitePath, pagePath } from "../shared/site-paths.ts";
import type { Served } from "./static-handler.ts";

/** Crawlers, link previews and uptime checkers that say so; a person's browser never does. */
const robot = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|preview|monitor|uptime/i;

/** The page whose view this answer was, as the site names it, or null when it is not a view. */
export function viewedPage(request: IncomingMessage, served: Served | null): string | null {
  if (request.method !== "GET" || !served || served.status === 404) return null;
  if (!served.file.headers["Content-Type"]?.startsWith("text/html")) return null;
  const purpose = `${request.headers["sec-purpose"] ?? ""} ${request.headers.purpose ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return null;
  if (robot.test(request.headers["user-agent"] ?? "")) return null;
  let path: string;
  try {
    path = pagePath(decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/"));
  } catch {
    return null;
  }
  return isSitePath(path) ? path : null;
}
