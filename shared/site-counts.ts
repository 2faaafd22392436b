/**
 * What the site counts, without cookies and without storing anything about a visitor
 * (docs/contact-api.md, "Where requests come from"; docs/counting.md): per page and
 * per day, page views, taps on phone links and quote forms started. Quote forms sent are the
 * stored requests themselves, counted from the store (functions/send-contact-email/leads/).
 *
 * The page's beacon (app/islands/beacon.ts) posts one event as `e=<event>&p=<page path>` with
 * navigator.sendBeacon; the function (functions/send-contact-email/counts/) adds it to the day's
 * total when the event and the page are known.
 */
import { isSitePath } from "./site-paths.ts";

export const countEvents = ["view", "call", "form-start"] as const;
export type CountEvent = (typeof countEvents)[number];

/** The path of the count route under the function (functions/send-contact-email/routes.ts). */
export const countRoute = "/count";

export function isCountEvent(value: unknown): value is CountEvent {
  return typeof value === "string" && (countEvents as readonly string[]).includes(value);
}

/**
 * The event (`e`) and page (`p`) of a beacon's body, as app/islands/beacon.ts posts them, or null
 * when either is not one the site counts.
 */
export function readBeacon(form: URLSearchParams): { event: CountEvent; path: string } | null {
  const event = form.get("e");
  const path = form.get("p");
  if (!isCountEvent(event) || path === null || !isSitePath(path)) return null;
  return { event, path };
}
