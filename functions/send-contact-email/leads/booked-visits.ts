/**
 * Every visit booked, one-time or of a plan, written once for whatever reads the crews' time: the
 * open times offered to a visitor, the capacity check inside a booking's transaction, the owner's
 * week, the reminders and the calendar feed. A one-time visit is its request's `visit`; a plan's
 * visits are worked out from the plan (shared/booking/plans.ts) with the live version's hours and
 * closed days, so that every reader sees the same visits.
 */
import {
  type Plan,
  type PlanRules,
  type PlanVisit,
  planVisits,
} from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import type { BookedVisit, BookingStore } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";

/** What the booking rules read of the live version. */
export type BookingFacts = Pick<Facts, "booking" | "reach" | "closedDays">;

/** A lost or spam request keeps its visit's record, but the visit is off. */
export function visitIsOn(status: string): boolean {
  return status !== "lost" && status !== "spam";
}

/**
 * How a plan's visits are worked out from the live version. A visit moved off a closed day looks
 * at the hours alone here: the crews' time is what these visits make.
 */
export function planRulesOf(facts: BookingFacts): PlanRules {
  return {
    closedDays: facts.closedDays,
    week: facts.reach.hours.week,
    timeZone: facts.reach.timeZone,
    closedDayVisits: facts.booking.closedDayVisits,
  };
}

/** One booked visit with its request; `planVisit` for a plan's. */
export type RequestVisit = BookedVisit & {
  request: StoredContactRequest;
  planVisit?: PlanVisit;
};

/** A plan's series, the ones ended by a change of frequency first. */
export function seriesOf(plan: StoredPlan): Plan[] {
  return [...(plan.earlier ?? []), plan];
}

/** A plan's visits (of every series it ran) that start in [from, to), earliest first. */
export function planVisitsBetween(
  plan: StoredPlan,
  from: Date,
  to: Date,
  rules: PlanRules,
): PlanVisit[] {
  // Business dates around the instants: a day either side covers every time zone's offset.
  const window = {
    ...rules,
    from: addDays(calendarDay(from, rules.timeZone), -1),
    to: addDays(calendarDay(to, rules.timeZone), 1),
  };
  return seriesOf(plan)
    .flatMap((series) => planVisits(series, window))
    .filter((visit) => visit.start >= from && visit.start < to)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The visits of these requests that start in [from, to), earliest first: none of a closed request. */
export function requestVisits(
  requests: readonly StoredContactRequest[],
  from: Date,
  to: Date,
  rules: PlanRules,
): RequestVisit[] {
  const visits: RequestVisit[] = [];
  for (const request of requests) {
    if (!visitIsOn(request.status)) continue;
    if (request.plan) {
      for (const planVisit of planVisitsBetween(request.plan, from, to, rules))
        visits.push({ request, start: planVisit.start, end: planVisit.end, planVisit });
      continue;
    }
    if (!request.visit) continue;
    const start = new Date(request.visit.start);
    if (start >= from && start < to)
      visits.push({ request, start, end: new Date(request.visit.end) });
  }
  return visits.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The visits that overlap [from, to) (a crew is busy in it), of one-time visits and plans alike. */
export function busyIn(
  requests: readonly StoredContactRequest[],
  from: Date,
  to: Date,
  rules: PlanRules,
): BookedVisit[] {
  // A visit that started up to a day before `from` may still run into it.
  return requestVisits(requests, new Date(from.getTime() - 86_400_000), to, rules)
    .filter((visit) => visit.end > from)
    .map(({ start, end }) => ({ start, end }));
}

/** Every visit booked that starts in [from, to): the requests' one visits and the plans'. */
export async function bookedVisitsBetween(
  store: Pick<BookingStore, "listVisits" | "listPlans">,
  from: Date,
  to: Date,
  rules: PlanRules,
): Promise<RequestVisit[]> {
  const [oneTime, plans] = await Promise.all([store.listVisits(from, to), store.listPlans()]);
  const withoutPlans = oneTime.filter((request) => !request.plan);
  return requestVisits([...withoutPlans, ...plans], from, to, rules);
}
