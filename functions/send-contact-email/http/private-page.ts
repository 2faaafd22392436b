/**
 * The shell of the function's private pages (the owner's request page, the visitor's, the inbox,
 * the opt-out page): plain HTML, no script, one style element allowed by
 * its hash in a CSP that allows nothing else, `noindex`, `no-referrer` (the link carries its
 * token), no framing. Readable on a phone with one hand: one column, 44 px targets, visible focus.
 */

import { pageCss } from "../views/page-css.ts";
import { renderPage } from "../views/private-page.ts";
import { h, type ReactNode } from "../views/react.ts";
import { isFormContentType, readFormBody } from "./request-body.ts";

export { pageCss };

const styleHashes = new Map<string, Promise<string>>();

/** The CSP allows exactly the page's own style element, by hash (no 'unsafe-inline'). */
export function styleHash(css: string): Promise<string> {
  let hash = styleHashes.get(css);
  if (!hash) {
    hash = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(css))
      .then((digest) => btoa(String.fromCharCode(...new Uint8Array(digest))));
    styleHashes.set(css, hash);
  }
  return hash;
}

/**
 * `css`: the page's own style element (pageResponse reads it from the page), the whole stylesheet
 * when not given.
 */
export async function privatePageHeaders(css = pageCss): Promise<Record<string, string>> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${await styleHash(css)}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}

export async function pageResponse(
  status: number,
  html: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? pageCss;
  return new Response(html, {
    status,
    headers: { ...(await privatePageHeaders(css)), ...extra },
  });
}

/** What every refused link shows: nothing of any request (and maybe a way back in: `more`). */
export function refusalPage(title: string, text: string, ...more: ReactNode[]): string {
  return renderPage({ title }, h("h1", null, title), h("p", null, text), ...more);
}

/** Reads a small form post; null when it is not one or is larger than `maxBytes`. */
export async function readSmallForm(
  request: Request,
  maxBytes: number,
): Promise<URLSearchParams | null> {
  if (!isFormContentType(request.headers.get("content-type"))) return null;
  // Reads no more than the limit, whatever the length says (a chunked body has none).
  const read = await readFormBody(request, maxBytes);
  return read.ok ? read.value : null;
}
