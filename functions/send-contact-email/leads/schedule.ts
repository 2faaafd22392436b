/**
 * The owner's visits in a period, one list for the inbox's week (inbox/week-visits.ts) and
 * `npm run leads -- --schedule` (schedule-formats.ts): each visit with what the owner needs on the
 * day (when, who, where, the phone, the price of that visit, what kind of visit it is), in the
 * business's time zone.
 *
 * Today every visit is a request's one visit (`visit` on the request). A recurring plan's visits
 * join them in `scheduledVisits`, as more `ScheduledVisit`s of kind "Plan: …" priced at the first
 * or the later visit's price: nothing that shows the list changes.
 */
import { placeText } from "../../../shared/quote/describe.ts";
import { formatRange, type PriceRange } from "../../../shared/quote/estimate.ts";
import type { Visit } from "../base/visit.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { visitIsOn } from "./booked-visits.ts";

/** What kind of visit: a request's one visit, or (with plans) one of a plan's ("Plan: every week"). */
export type VisitKind = "One-time" | `Plan: ${string}`;

export type ScheduledVisit = {
  /** The request it belongs to: its owner page. */
  requestId: string;
  /** ISO 8601 with the business's offset ("2026-12-01T09:00:00-05:00"). */
  start: Visit["start"];
  end: Visit["end"];
  name: string;
  phone: string;
  email: string;
  /** Where to clean, as the customer gave it on their page; null until they do. */
  address: string | null;
  /** "Exton", "19403, near Plymouth Meeting", "19401 (outside the service area)"; null without a ZIP. */
  town: string | null;
  zip: string | null;
  /** This visit's price (a one-time visit: the estimate's first visit); null without an estimate. */
  price: PriceRange | null;
  kind: VisitKind;
};

/** What gathering the visits reads of the store. */
export type ScheduleStore = Pick<BookingStore, "listVisits">;

function requestVisit(request: StoredContactRequest & { visit: Visit }): ScheduledVisit {
  return {
    requestId: request.id,
    start: request.visit.start,
    end: request.visit.end,
    name: request.name,
    phone: request.phone,
    email: request.email,
    address: request.serviceAddress?.trim() || null,
    town: placeText(request),
    zip: request.zip ?? null,
    price: request.estimate ? { low: request.estimate.low, high: request.estimate.high } : null,
    kind: "One-time",
  };
}

const byStart = (a: ScheduledVisit, b: ScheduledVisit) =>
  Date.parse(a.start) - Date.parse(b.start) || a.name.localeCompare(b.name);

/** The visits starting in [from, to), earliest first. */
export async function scheduledVisits(
  store: ScheduleStore,
  from: Date,
  to: Date,
): Promise<ScheduledVisit[]> {
  const requests = await store.listVisits(from, to);
  const oneTime = requests.flatMap((request) =>
    request.visit && visitIsOn(request.status)
      ? [requestVisit({ ...request, visit: request.visit })]
      : [],
  );
  return oneTime.sort(byStart);
}

/** "$180–$220", or what the owner says without an estimate. */
export function priceWords(visit: Pick<ScheduledVisit, "price">): string {
  return visit.price ? formatRange(visit.price) : "Price on the call";
}

/** Where to go, in words: the address, else the town or ZIP, else that nobody said. */
export function placeWords(visit: Pick<ScheduledVisit, "address" | "town">): string {
  return visit.address ?? visit.town ?? "No address yet";
}

/**
 * A Google Maps search for the address (any phone opens it in its maps app), or null without one.
 * The ZIP is added when the customer left it out, so that "12 Main St" finds the right town.
 */
export function mapsHref(visit: Pick<ScheduledVisit, "address" | "zip">): string | null {
  if (!visit.address) return null;
  const query =
    visit.zip && !visit.address.includes(visit.zip)
      ? `${visit.address}, ${visit.zip}`
      : visit.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
