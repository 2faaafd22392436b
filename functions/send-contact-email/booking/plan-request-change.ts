/**
 * One change of a recurring plan as the request stores it, for the customer (visitor-plan.ts) and
 * the owner (owner-plan-changes.ts) alike: the rules allow or refuse it (shared/booking/
 * plan-changes.ts, the actor deciding the cut-off), a change of how often keeps the series it ends
 * and takes its price from the request's own price list, and the change carries its event, the
 * customer's e-mail with the calendar updated, and whether a crew is free for every visit it adds,
 * decided inside the change's own transaction under the booking lock as a booking's is.
 */
import { fitsAt } from "../../../shared/booking/open-times.ts";
import {
  addedVisits,
  changePlan,
  type PlanChange,
  type PlanChangeContext,
} from "../../../shared/booking/plan-changes.ts";
import { type PlanEvery, planEveryOf } from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { estimate, type PriceRange } from "../../../shared/quote/estimate.ts";
import { type Frequency, frequencies } from "../../../shared/quote/price-list.ts";
import {
  type BookingFacts,
  busyIn,
  planRulesOf,
  planVisitsBetween,
  seriesOf,
} from "../leads/booked-visits.ts";
import type { RequestChange } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { planEmail } from "./visit-changes.ts";
import { planCheckDays } from "./visitor-booking.ts";
import { planChangeWords } from "./visitor-plan-events.ts";

const minute = 60_000;
const day = 86_400_000;

/** How often a plan may run: the estimate's recurring frequencies, as plans say them. */
export const planEvery = frequencies.flatMap((frequency) => planEveryOf(frequency) ?? []);

/** The estimate's frequency a plan that often runs at. */
export function frequencyOf(every: PlanEvery): Frequency | undefined {
  return frequencies.find((one) => planEveryOf(one) === every);
}

/**
 * Each later visit's price were the plan to run that often, from the request's own price list
 * (the version it was made with), without a first-visit offer; null without a home's estimate.
 */
export function laterPriceOf(
  request: StoredContactRequest,
  every: PlanEvery,
  words: QuoteWords,
): PriceRange | null {
  const inputs = request.estimate?.inputs;
  const frequency = frequencyOf(every);
  if (inputs?.kind !== "home" || !frequency) return null;
  try {
    return estimate({ ...inputs, frequency }, null, words.priceList).recurring ?? null;
  } catch {
    // An add-on that list no longer knows: no price rather than a wrong one.
    return null;
  }
}

/** The rules a change is checked against: the live version's, with the actor's cut-off. */
export function changeContext(
  facts: BookingFacts,
  now: Date,
  actor: PlanChangeContext["actor"],
): PlanChangeContext {
  return { now, rules: planRulesOf(facts), actor, cutoffHours: facts.booking.cutoffHours };
}

/**
 * Whether a crew is free for each visit the change adds (a moved visit's new time, a skip put
 * back, a resumed or more frequent plan's visits), beside the other requests' visits and the
 * plan's own others; undefined when it adds none.
 */
function capacityFor(
  before: StoredPlan,
  after: StoredPlan,
  facts: BookingFacts,
  now: Date,
  to: string,
): RequestChange["capacity"] {
  const rules = planRulesOf(facts);
  const added = addedVisits(seriesOf(before), seriesOf(after), rules, now, to);
  if (added.length === 0) return undefined;
  const travel = facts.booking.travelMinutes * minute;
  const from = new Date(Math.min(...added.map((visit) => visit.start.getTime())) - travel);
  const until = new Date(Math.max(...added.map((visit) => visit.end.getTime())) + travel);
  return {
    from,
    to: until,
    fits: (others) => {
      const taken = busyIn(others, from, until, rules);
      const own = planVisitsBetween(after, new Date(from.getTime() - day), until, rules);
      return added.every((visit) =>
        fitsAt({
          settings: facts.booking,
          busy: [...taken, ...own.filter((one) => one.start.getTime() !== visit.start.getTime())],
          start: visit.start,
          end: visit.end,
        }),
      );
    },
  };
}

export type PlanRequestChange =
  | {
      ok: true;
      change: Omit<RequestChange, "notices">;
      /** The change in words: its event's kind, the e-mail's, the customer's page's. */
      described: ReturnType<typeof planChangeWords>;
    }
  /** The rules' reason, in the customer's words. */
  | { ok: false; problem: string };

/**
 * The request's one change for `change` of its plan, or why not. `anyway`: the owner books the
 * visits it adds even if every crew is busy then. Nothing is stored here.
 */
export function planRequestChange(
  request: StoredContactRequest & { plan: StoredPlan },
  change: PlanChange,
  {
    facts,
    words,
    now,
    actor,
    anyway = false,
  }: {
    facts: BookingFacts;
    /** The request's own content version's words: its price list prices a new frequency. */
    words: QuoteWords;
    now: Date;
    actor: PlanChangeContext["actor"];
    anyway?: boolean;
  },
): PlanRequestChange {
  const { plan } = request;
  const context = changeContext(facts, now, actor);
  const outcome = changePlan(plan, change, context);
  if (!outcome.ok) return outcome;
  const changed: StoredPlan = outcome.ended
    ? {
        ...outcome.plan,
        earlier: [...(plan.earlier ?? []), outcome.ended],
        laterPrice:
          change.kind === "every" ? laterPriceOf(request, change.every, words) : plan.laterPrice,
      }
    : outcome.plan;
  const today = calendarDay(now, context.rules.timeZone);
  // Every week the plan is checked for at booking, and two beyond a visit further out.
  const checkTo =
    "occurrence" in change
      ? ([addDays(today, planCheckDays), addDays(change.occurrence, 14)].sort()[1] as string)
      : addDays(today, planCheckDays);
  const capacity = anyway ? undefined : capacityFor(plan, changed, facts, now, checkTo);
  const described = planChangeWords(change, plan, changed, context);
  return {
    ok: true,
    change: {
      plan: changed,
      // Cancelled before any visit took place: the request is lost, as a cancelled one is.
      ...(described.lost ? { status: "lost" as const, visit: null } : {}),
      expectedSequence: request.visitSequence,
      visitorEmail: planEmail(described.email, request),
      ...(capacity ? { capacity } : {}),
      event: { actor, kind: described.kind, details: described.details },
    },
    described,
  };
}
