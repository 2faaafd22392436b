/**
 * The owner's visits in a period, one list for the inbox's week (inbox/week-visits.ts) and
 * `npm run leads -- --schedule` (schedule-formats.ts): each visit with what the owner needs on the
 * day (when, who, where, the phone, the price of that visit, what kind of visit it is), in the
 * business's time zone.
 *
 * A request's one visit and a recurring plan's visits alike, read through booked-visits.ts (the
 * plans' visits worked out with the live version's hours and closed days, as every reader of the
 * crews' time sees them): a plan's visit is of kind "Plan: every week", priced at the estimate's
 * first-visit price when it is the plan's first visit and at the plan's later price after it, and
 * says so when it was moved from its own date.
 */
import { nextVisits, type PlanEvery, type PlanRules } from "../../../shared/booking/plans.ts";
import { addDays, zonedInstant } from "../../../shared/calendar-day.ts";
import { placeText } from "../../../shared/quote/describe.ts";
import { formatRange, type PriceRange } from "../../../shared/quote/estimate.ts";
import { formatDate } from "../../../shared/quote/preferred-windows.ts";
import type { Frequency } from "../../../shared/quote/price-list.ts";
import { cadenceText } from "../../../shared/quote/schedule.ts";
import { businessIso, type Visit } from "../base/visit.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { bookedVisitsBetween, type RequestVisit, seriesOf } from "./booked-visits.ts";

/** What kind of visit: a request's one visit, or one of a plan's ("Plan: every week"). */
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
  /**
   * This visit's price: a one-time visit's and a plan's first visit, the estimate's (first visit);
   * a plan's later visits, the plan's later price. Null without an estimate.
   */
  price: PriceRange | null;
  kind: VisitKind;
  /**
   * A plan's visit away from its own date: the date it stands for (YYYY-MM-DD) and, when it was
   * moved off a day the business is closed, that day's name ("Thanksgiving"). Null otherwise.
   */
  moved: { from: string; closedDay: string | null } | null;
  /** Held for the owner's confirmation (Online booking: held until I confirm it). */
  held?: true;
};

/** What gathering the visits reads of the store. */
export type ScheduleStore = Pick<BookingStore, "listVisits" | "listPlans">;

const frequencyOf: Record<PlanEvery, Exclude<Frequency, "one-time">> = {
  week: "weekly",
  "two-weeks": "bi-weekly",
  month: "monthly",
};

/** How often a plan comes, as an estimate's frequency (its cadence, its visits a month). */
export function planFrequency(every: PlanEvery): Exclude<Frequency, "one-time"> {
  return frequencyOf[every];
}

/** "Plan: every week", "Plan: every two weeks", "Plan: every month". */
export function planKind(every: PlanEvery): VisitKind {
  return `Plan: ${cadenceText({ kind: "home", frequency: planFrequency(every) })}`;
}

/** The request's facts every visit of it repeats. */
function customerOf(request: StoredContactRequest) {
  return {
    requestId: request.id,
    name: request.name,
    phone: request.phone,
    email: request.email,
    address: request.serviceAddress?.trim() || null,
    town: placeText(request),
    zip: request.zip ?? null,
  };
}

const firstVisitPrice = (request: StoredContactRequest): PriceRange | null =>
  request.estimate ? { low: request.estimate.low, high: request.estimate.high } : null;

/**
 * When the plan's first visit starts: the earliest visit any of its series has (a first visit
 * skipped, the next one is the customer's first), or null when it has none.
 */
export function planFirstStart(plan: StoredPlan, rules: PlanRules): number | null {
  for (const series of seriesOf(plan)) {
    // A first visit moved to an earlier day of its week starts before its series date.
    const before = zonedInstant(addDays(series.first.day, -7), "00:00", rules.timeZone);
    const [first] = nextVisits(series, before, 1, rules);
    if (first) return first.start.getTime();
  }
  return null;
}

function scheduled(
  { request, start, end, planVisit }: RequestVisit,
  firstStarts: Map<string, number | null>,
): ScheduledVisit {
  const customer = {
    ...customerOf(request),
    ...(request.visitHeld ? { held: true as const } : {}),
  };
  const { plan } = request;
  if (!plan || !planVisit) {
    const visit = request.visit ?? { start: businessIso(start), end: businessIso(end) };
    const oneTime = { start: visit.start, end: visit.end, kind: "One-time" as const };
    return { ...customer, ...oneTime, price: firstVisitPrice(request), moved: null };
  }
  const first = firstStarts.get(request.id) === start.getTime();
  return {
    ...customer,
    start: businessIso(start),
    end: businessIso(end),
    price: first ? firstVisitPrice(request) : plan.laterPrice,
    kind: planKind(plan.every),
    moved:
      planVisit.kind === "planned"
        ? null
        : { from: planVisit.occurrence, closedDay: planVisit.closedReason ?? null },
  };
}

const byStart = (a: ScheduledVisit, b: ScheduledVisit) =>
  Date.parse(a.start) - Date.parse(b.start) || a.name.localeCompare(b.name);

/** The visits starting in [from, to), one-time and plans' alike, earliest first. */
export async function scheduledVisits(
  store: ScheduleStore,
  from: Date,
  to: Date,
  rules: PlanRules,
): Promise<ScheduledVisit[]> {
  const visits = await bookedVisitsBetween(store, from, to, rules);
  const firstStarts = new Map<string, number | null>();
  for (const { request } of visits)
    if (request.plan && !firstStarts.has(request.id))
      firstStarts.set(request.id, planFirstStart(request.plan, rules));
  return visits.map((visit) => scheduled(visit, firstStarts)).sort(byStart);
}

/** "$180–$220", or what the owner says without an estimate. */
export function priceWords(visit: Pick<ScheduledVisit, "price">): string {
  return visit.price ? formatRange(visit.price) : "Price on the call";
}

/**
 * "One-time", "Plan: every week", "Plan: every week, moved from Thu Nov 26 (Thanksgiving)",
 * "One-time, held for you to confirm".
 */
export function kindWords(visit: Pick<ScheduledVisit, "kind" | "moved" | "held">): string {
  const held = visit.held ? ", held for you to confirm" : "";
  if (!visit.moved) return `${visit.kind}${held}`;
  const closed = visit.moved.closedDay ? ` (${visit.moved.closedDay})` : "";
  return `${visit.kind}, moved from ${formatDate(visit.moved.from)}${closed}${held}`;
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
