/**
 * "Book your first visit" on the visitor's own page (docs/owner.md, "The customer books a
 * time themselves"): which requests may book online, the open times offered for their estimate, and
 * the change a picked time makes. The capacity rule is decided again inside the change's own
 * transaction (store/booking-store.ts `capacity`), so that the last crew at a time goes to one
 * visitor only, whichever server each of them reached.
 */
import type { BookingSettings } from "../../../shared/booking/booking-settings.ts";
import { visitMinutes } from "../../../shared/booking/booking-settings.ts";
import {
  crewFree,
  fitsAt,
  groupByDay,
  notOpenReasons,
  openTimes,
  whyNotOpen,
} from "../../../shared/booking/open-times.ts";
import { describeEvery, planEveryOf, type WallTime } from "../../../shared/booking/plans.ts";
import { zonedInstant } from "../../../shared/calendar-day.ts";
import { visitWords } from "../base/visit.ts";
import {
  type BookingFacts,
  bookedVisitsBetween,
  busyIn,
  planRulesOf,
  planVisitsBetween,
} from "../leads/booked-visits.ts";
import type { BookedVisit, BookingStore, RequestChange } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { planEmail, visitEmail } from "./visit-changes.ts";
import type { VisitorAction } from "./visitor-action-notices.ts";
import type { BookingTimes } from "./visitor-page.ts";

const minute = 60_000;
const day = 24 * 60 * minute;

export type { BookingFacts } from "../leads/booked-visits.ts";

/**
 * How long this request's visit takes when it may be booked online: an open request with no visit
 * yet, in the service area, with an estimate, for a service the owner books online. Null: the
 * call-back promise, as before.
 */
export function onlineVisitMinutes(
  request: StoredContactRequest,
  settings: BookingSettings,
): number | null {
  if (request.visit || !["new", "contacted"].includes(request.status)) return null;
  if (!request.inServiceArea || !request.estimate) return null;
  if (!(settings.onlineServices as readonly string[]).includes(request.service)) return null;
  // Several visits a week are several weekdays: the owner agrees them on the call.
  const { inputs } = request.estimate;
  if (inputs.kind === "business" && inputs.visitsPerWeek > 1) return null;
  return visitMinutes(settings, request.estimate.inputs);
}

/**
 * How far a plan's visits are checked when it is booked: two months holds two visits of a monthly
 * plan and eight of a weekly one. Later visits take their crews first all the same, since every
 * booking after this one sees them.
 */
export const planCheckDays = 56;

/** The visits already booked that a new one (or a new plan's) could meet. */
async function bookedVisits(store: BookingStore, facts: BookingFacts, now: Date) {
  const to = new Date(now.getTime() + (facts.booking.daysAhead + planCheckDays + 2) * day);
  const visits = await bookedVisitsBetween(
    store,
    new Date(now.getTime() - day),
    to,
    planRulesOf(facts),
  );
  return visits.map(({ start, end }) => ({ start, end }));
}

/** How often the estimate's cleaning recurs (a business's one visit a week: weekly), or null: one-time. */
function planEveryOfRequest(request: StoredContactRequest) {
  const inputs = request.estimate?.inputs;
  if (inputs?.kind === "business") return inputs.visitsPerWeek === 1 ? "week" : null;
  return inputs ? planEveryOf(inputs.frequency) : null;
}

/** The plan a recurring estimate books from its first visit, or null for a one-time visit. */
export function planFor(
  request: StoredContactRequest,
  first: WallTime,
  minutes: number,
): StoredPlan | null {
  const every = planEveryOfRequest(request);
  if (!every) return null;
  return {
    first,
    minutes,
    every,
    skipped: [],
    moved: [],
    laterPrice: request.estimate?.recurring ?? null,
  };
}

/**
 * Whether every visit of the plan in its first weeks finds a crew free beside `busy` (the visit
 * and the travel after it), so that a plan is never booked onto a week that is full.
 */
function planFits(
  plan: StoredPlan,
  free: (start: Date, end: Date) => boolean,
  facts: BookingFacts,
): boolean {
  const rules = planRulesOf(facts);
  const from = zonedInstant(plan.first.day, plan.first.time, rules.timeZone);
  const to = new Date(from.getTime() + planCheckDays * day);
  return planVisitsBetween(plan, from, to, rules).every((visit) => free(visit.start, visit.end));
}

/** The instants a crew is kept busy by a plan's first weeks (its visits and the travel around them). */
function planSpan(plan: StoredPlan, travelMinutes: number, timeZone: string) {
  const start = zonedInstant(plan.first.day, plan.first.time, timeZone);
  return {
    from: new Date(start.getTime() - travelMinutes * minute),
    to: new Date(
      start.getTime() + (planCheckDays * 24 * 60 + plan.minutes + travelMinutes) * minute,
    ),
  };
}

function rulesOf(facts: BookingFacts, busy: readonly BookedVisit[], minutes: number, now: Date) {
  return {
    settings: facts.booking,
    week: facts.reach.hours.week,
    closedDays: facts.closedDays,
    timeZone: facts.reach.timeZone,
    busy,
    minutes,
    now,
  };
}

/** How many days with open times a page shows at once: within the first round trip. */
const daysShown = 4;

/**
 * A time as its button posts it, "2026-12-01T09:00": the business's date and wall clock, short
 * (a page holds a hundred of them); the business's time zone makes it an instant.
 */
const postedValue = (value: string) => value.slice(0, 16);

function postedTime(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return null;
  const at = zonedInstant(match[1] as string, match[2] as string, timeZone);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The open times for this request's visit in the week from `from` (a business date; absent or
 * unknown: the first day with times), grouped by day; null when it is not booked online.
 */
export async function offeredTimes(
  store: BookingStore,
  request: StoredContactRequest,
  facts: BookingFacts,
  now: Date,
  from?: string | null,
): Promise<BookingTimes | null> {
  const minutes = onlineVisitMinutes(request, facts.booking);
  if (minutes === null) return null;
  const busy = await bookedVisits(store, facts, now);
  const free = crewFree(facts.booking, busy);
  const open = openTimes(rulesOf(facts, busy, minutes, now)).filter((time) => {
    const plan = planFor(request, { day: time.day, time: time.time }, minutes);
    return !plan || planFits(plan, free, facts);
  });
  const days = groupByDay(open).map((one) => ({
    ...one,
    times: one.times.map((time) => ({ ...time, value: postedValue(time.value) })),
  }));
  const first = days[0]?.day;
  const start = from && first && /^\d{4}-\d{2}-\d{2}$/.test(from) && from > first ? from : first;
  const every = planEveryOfRequest(request);
  const plan = every ? { every } : null;
  if (!start) return { days: [], minutes, later: null, earlier: false, plan };
  const shown = days.filter((one) => one.day >= start).slice(0, daysShown);
  return {
    days: shown,
    minutes,
    later: days[days.indexOf(shown.at(-1) as (typeof days)[number]) + 1]?.day ?? null,
    earlier: start !== first,
    plan,
  };
}

export type BookingPlan =
  | {
      change: Omit<RequestChange, "notices">;
      action: Extract<VisitorAction, { kind: "booked" }>;
    }
  /** `taken`: another booking took the time since the page was shown (answered 409). */
  | { problem: string; taken?: true };

/**
 * The change a posted time makes, or why it cannot: the time is checked against the open times
 * now (a taken, closed, past, too far or altered time is refused with its reason), and again by
 * the store under its lock.
 */
export async function bookingFor(
  posted: string | null,
  request: StoredContactRequest,
  store: BookingStore,
  facts: BookingFacts,
  now: Date,
): Promise<BookingPlan> {
  const minutes = onlineVisitMinutes(request, facts.booking);
  if (minutes === null)
    return { problem: "This request cannot be booked online: please call us to book." };
  if (!posted) return { problem: "Please choose a time." };
  const start = postedTime(posted, facts.reach.timeZone);
  if (!start) return { problem: notOpenReasons.altered };
  const busy = await bookedVisits(store, facts, now);
  const problem = whyNotOpen({ ...rulesOf(facts, busy, minutes, now), start });
  if (problem === notOpenReasons.taken) return { problem: justTaken, taken: true };
  if (problem) return { problem };
  const end = new Date(start.getTime() + minutes * minute);
  const { travelMinutes } = facts.booking;
  const { timeZone } = facts.reach;
  const visit = { start: start.toISOString(), end: end.toISOString() };
  const plan = planFor(request, { day: posted.slice(0, 10), time: posted.slice(11, 16) }, minutes);
  if (plan && !planFits(plan, crewFree(facts.booking, busy), facts))
    return { problem: notEveryTime(plan), taken: true };
  const rules = planRulesOf(facts);
  // A crew is busy from a visit's start to its end and the travel after it.
  const span = plan
    ? planSpan(plan, travelMinutes, timeZone)
    : {
        from: new Date(start.getTime() - travelMinutes * minute),
        to: new Date(end.getTime() + travelMinutes * minute),
      };
  const every = plan ? describeEvery(plan.every, plan.first.day) : null;
  // Held for the owner's tap (the owner's setting): it takes its crew now; the status, the
  // confirmation and its calendar invitation wait for the owner (owner-visit-routes.ts, confirm).
  const held = facts.booking.confirmation === "held";
  return {
    change: {
      ...(held ? { visitHeld: true } : { status: "booked" as const }),
      visit: { start, end },
      ...(plan ? { plan } : {}),
      expectedSequence: request.visitSequence,
      ...(held
        ? {}
        : {
            visitorEmail: plan
              ? planEmail({ kind: "booked" }, request)
              : visitEmail("booked", request),
          }),
      capacity: {
        ...span,
        fits: (others) => {
          const taken = busyIn(others, span.from, span.to, rules);
          return plan
            ? planFits(plan, crewFree(facts.booking, taken), facts)
            : fitsAt({ settings: facts.booking, busy: taken, start, end });
        },
      },
      event: {
        actor: "visitor",
        kind: "booked",
        details: {
          visit,
          online: true,
          ...(every ? { plan: every } : {}),
          ...(held ? { held: true } : {}),
        },
      },
    },
    action: {
      kind: "booked",
      visit: every ? `${visitWords(visit)}, then ${every}` : visitWords(visit),
      ...(held ? { held: true as const } : {}),
    },
  };
}

/** Why a plan's time was refused when a later visit of it finds every crew busy. */
function notEveryTime(plan: StoredPlan): string {
  return `That time is not free ${describeEvery(plan.every, plan.first.day)} in the coming weeks. Here are the times that are.`;
}

/** What a visitor reads when another booking took their time first (answered 409). */
export const justTaken = "That time was just taken. Here are the next open times.";
