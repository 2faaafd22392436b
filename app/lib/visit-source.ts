/**
 * Where this visit came from, noted on its first page (docs/contact-api.md, "Where requests come
 * from"): the page, the host of the site that linked to it, and the link's campaign tags. Kept in
 * sessionStorage, which lives as long as the tab and is never sent anywhere by itself: no cookie,
 * no identifier. The quote form sends it with a request (noted-visit-source.ts reads it,
 * shared/visit-source.ts makes it valid); the function stores it beside the request.
 *
 * Only the beacon island loads this module, and only the form island the reader: a module both
 * loaded would be a chunk of its own, one more request on every page.
 */
export const visitSourceKey = "visit-source";
const tags = ["source", "medium", "campaign"] as const;

type Place = Pick<Location, "pathname" | "search" | "hostname">;

/**
 * What to note about a page opened from `referrer`, or null when the visit did not start here
 * (a page of this site linked to it: the visit began on a page before, in another tab).
 */
export function visitOf(place: Place, referrer: string) {
  let from: string | null = null;
  try {
    from = referrer ? new URL(referrer).hostname : null;
  } catch {}
  if (from === place.hostname) return null;
  const query = new URLSearchParams(place.search);
  const utm: Record<string, string> = {};
  for (const tag of tags) {
    const value = query.get(`utm_${tag}`);
    if (value) utm[tag] = value.slice(0, 100);
  }
  return { landingPage: place.pathname, referrer: from, utm };
}

/** On every page: keeps the first page's facts for the rest of the tab's visit. */
export function noteVisitSource(): void {
  try {
    if (sessionStorage.getItem(visitSourceKey)) return;
    const visit = visitOf(location, document.referrer);
    if (visit) sessionStorage.setItem(visitSourceKey, JSON.stringify(visit));
  } catch {
    // Storage refused (a privacy mode): the request simply goes without a source.
  }
}
