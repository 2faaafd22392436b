/** The addresses of the function's private pages; each carries its own scope's token. */

/** The visitor's own request page (booking/visitor-routes.ts): one request, the `visitor` scope's token. */
export function visitorPageUrl(functionUrl: string, id: string, token: string): string {
  return `${functionUrl}/request/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

/** The owner's inbox (inbox/inbox-routes.ts): every request, with the `inbox` scope's token. */
export function inboxPageUrl(functionUrl: string, token: string): string {
  return `${functionUrl}/inbox?token=${encodeURIComponent(token)}`;
}

/** The link in the owner's e-mail for one request (owner/request-routes.ts). */
export function leadPageUrl(functionUrl: string, id: string, token: string): string {
  return `${functionUrl}/lead/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

/**
 * The owner's site editor (site-editor/), with the `site` scope's token: its home, or one of its
 * pages (`page`: "contact", "restore/3"). `base` may be relative ("." from the inbox's page).
 */
export function sitePageUrl(base: string, token: string, page = ""): string {
  return `${base}/site${page ? `/${page}` : ""}?token=${encodeURIComponent(token)}`;
}
