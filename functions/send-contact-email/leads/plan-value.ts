/**
 * What the recurring plans bring a month, for the owner's week (inbox/week-numbers.ts): the plans
 * running on a day, each at its later visits' price (never the first visit's, never discounted)
 * times its visits in an average month (weekly 52/12, every two weeks 26/12, monthly 1, as
 * `npm run leads -- --stats` counts booked plans from their estimates: shared/quote/schedule.ts).
 * A range, the low ends summed and the high ends summed, in whole dollars.
 */
import { calendarDay } from "../../../shared/calendar-day.ts";
import type { PriceRange } from "../../../shared/quote/estimate.ts";
import { visitsPerMonth } from "../../../shared/quote/schedule.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { visitIsOn } from "./booked-visits.ts";
import { planFrequency } from "./schedule.ts";

export type PlansValue = {
  /** The running plans' later visits a month, low and high. */
  perMonth: PriceRange;
  /** Running plans with a later price, counted in `perMonth`. */
  plans: number;
  /** Running plans without a price (no estimate): not in `perMonth`. */
  unpriced: number;
  /** Plans paused on the day: not in `perMonth`. */
  paused: number;
};

export type PlansValueDay = {
  /** The day the plans are looked at (YYYY-MM-DD, the business's). */
  on: string;
  /**
   * Whether a plan whose end is already set (cancelled from a later date) still counts: yes for a
   * week gone by (it ran then), no for the week under way (it is ending).
   */
  endingCounts: boolean;
  timeZone: string;
};

/** The plans of these requests as they stood on `day.on`, and what the running ones bring a month. */
export function plansValue(
  requests: readonly StoredContactRequest[],
  day: PlansValueDay,
): PlansValue {
  const value: PlansValue = { perMonth: { low: 0, high: 0 }, plans: 0, unpriced: 0, paused: 0 };
  for (const request of requests) {
    const { plan } = request;
    if (!plan || !visitIsOn(request.status)) continue;
    // Not yet received on that day (a week gone by, looked at now).
    if (calendarDay(new Date(request.createdAt), day.timeZone) > day.on) continue;
    const ends = plan.cancelledFrom;
    if (ends !== undefined && (ends <= day.on || !day.endingCounts)) continue;
    const paused =
      plan.pausedUntil !== undefined &&
      day.on < plan.pausedUntil &&
      (plan.pausedFrom === undefined || plan.pausedFrom <= day.on);
    if (paused) {
      value.paused += 1;
      continue;
    }
    if (!plan.laterPrice) {
      value.unpriced += 1;
      continue;
    }
    const times = visitsPerMonth({ kind: "home", frequency: planFrequency(plan.every) });
    value.perMonth.low += plan.laterPrice.low * times;
    value.perMonth.high += plan.laterPrice.high * times;
    value.plans += 1;
  }
  value.perMonth = { low: Math.round(value.perMonth.low), high: Math.round(value.perMonth.high) };
  return value;
}
