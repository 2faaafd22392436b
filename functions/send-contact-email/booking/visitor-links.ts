/** The visitor's own request page (visitor-routes.ts): one request, the `visitor` scope's token. */
export function visitorPageUrl(functionUrl: string, id: string, token: string): string {
  return `${functionUrl}/request/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}
