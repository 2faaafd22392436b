/**
 * A plan's change in words and dates, for the three who hear of it: the request's event (its
 * details), the customer's e-mail (what it is about) and the owner's notice (visitor-action-notices.ts).
 */
import {
  type PlanChange,
  type PlanChangeContext,
  planVisitOf,
} from "../../../shared/booking/plan-changes.ts";
import { nextVisits, type PlanVisit } from "../../../shared/booking/plans.ts";
import { addDays, zonedInstant } from "../../../shared/calendar-day.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { planVisitsBetween, seriesOf } from "../leads/booked-visits.ts";
import type { RequestChange } from "../store/booking-store.ts";
import type { StoredPlan } from "../store/store.ts";
import type { PlanEmailAction } from "./visit-changes.ts";
import type { VisitorAction } from "./visitor-action-notices.ts";
import { dayWords, planWords, visitDayWords } from "./visitor-plan-words.ts";

const day = 86_400_000;

/** A change in words and dates: its event, the customer's e-mail, the owner's notice. */
export function planChangeWords(
  change: PlanChange,
  before: StoredPlan,
  after: StoredPlan,
  context: PlanChangeContext,
): {
  kind: Extract<RequestChange["event"]["kind"], `plan-${string}`>;
  details: Record<string, unknown>;
  email: PlanEmailAction;
  action: VisitorAction;
  lost?: boolean;
} {
  const { rules, now } = context;
  switch (change.kind) {
    case "skip":
    case "unskip": {
      const visit = planVisitOf(change.kind === "skip" ? before : after, change.occurrence, rules);
      const words = visit ? visitDayWords(visit) : dayWords(change.occurrence);
      const kind = change.kind === "skip" ? "plan-skipped" : "plan-unskipped";
      return {
        kind,
        details: { occurrence: change.occurrence, visit: words },
        email: {
          kind: change.kind === "skip" ? "skipped" : "unskipped",
          occurrence: change.occurrence,
        },
        action: { kind, day: dayWords(visit?.day ?? change.occurrence), visit: words },
      };
    }
    case "move": {
      const from = planVisitOf(before, change.occurrence, rules) as PlanVisit;
      const to = planVisitOf(after, change.occurrence, rules) as PlanVisit;
      return {
        kind: "plan-moved",
        details: {
          occurrence: change.occurrence,
          from: visitDayWords(from),
          to: visitDayWords(to),
          start: to.start.toISOString(),
          end: to.end.toISOString(),
        },
        email: { kind: "moved", occurrence: change.occurrence },
        action: {
          kind: "plan-moved",
          day: dayWords(from.day),
          from: visitDayWords(from),
          to: visitDayWords(to),
        },
      };
    }
    case "pause": {
      const from = after.pausedFrom ?? after.first.day;
      return {
        kind: "plan-paused",
        details: { from, until: change.until },
        email: { kind: "paused", until: change.until },
        action: { kind: "plan-paused", from: dayWords(from), until: dayWords(change.until) },
      };
    }
    case "resume": {
      const [next] = nextVisits(after, now, 1, rules);
      const words = next ? visitDayWords(next) : null;
      return {
        kind: "plan-resumed",
        details: { next: words },
        email: { kind: "resumed" },
        action: { kind: "plan-resumed", next: words },
      };
    }
    case "every": {
      const price = after.laterPrice ? formatRange(after.laterPrice) : null;
      return {
        kind: "plan-every",
        details: {
          every: after.every,
          plan: planWords(after),
          from: after.first.day,
          laterPrice: after.laterPrice,
        },
        email: { kind: "every" },
        action: {
          kind: "plan-every",
          plan: planWords(after),
          from: dayWords(after.first.day),
          price,
        },
      };
    }
    case "cancel": {
      const from = after.cancelledFrom as string;
      const end = zonedInstant(addDays(from, 1), "00:00", rules.timeZone);
      const kept = planVisitsBetween(after, now, end, rules).map(visitDayWords);
      // Cancelled before any visit took place or stays: the request is lost, as a cancelled one is.
      const start = zonedInstant(seriesOf(after)[0]?.first.day ?? from, "00:00", rules.timeZone);
      const lost =
        planVisitsBetween(after, new Date(start.getTime() - day), end, rules).length === 0;
      return {
        kind: "plan-cancelled",
        details: { from, kept },
        email: { kind: "cancelled" },
        action: { kind: "plan-cancelled", from: dayWords(from), kept, lost },
        lost,
      };
    }
  }
}
