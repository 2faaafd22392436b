/**
 * A plan as one calendar series (ics.ts), wherever it goes: the invitation mailed after each
 * change, the customer's "Add to my calendar" and the owner's feed. Its visits are exactly
 * planVisits' (shared/booking/plans.ts): the series' rule makes the plan's dates, every series date
 * without a visit (skipped, paused, closed) is an exception, and every visit away from its date
 * (moved by a person, or off a closed day) is an override of that date.
 *
 * A plan runs one series, or several when its frequency changed (StoredPlan.earlier: each ended
 * one keeps its visits): each series is an event of its own, its UID made of the request and the
 * series' first day. A series replaced before its first visit shares its first day with the one
 * that replaced it, and so its UID: a calendar then replaces the one event, as it should.
 */
import {
  monthlyWeekOf,
  type Plan,
  type PlanRules,
  type PlanVisit,
  planDates,
  seriesDates,
} from "../../../shared/booking/plans.ts";
import { addDays, calendarDay, wallClock, zonedInstant } from "../../../shared/calendar-day.ts";
import { type BookingFacts, planRulesOf, seriesOf } from "../leads/booked-visits.ts";
import { domainOf } from "../mail/email.ts";
import type { StoredPlan } from "../store/store.ts";
import type { IcsEvent, IcsSeries, IcsTimeZone, IcsWallTime } from "./ics.ts";

const byDayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

const pad = (value: number) => String(value).padStart(2, "0");

/** The wall time an instant shows in `timeZone`. */
function wallTimeOf(at: Date, timeZone: string): IcsWallTime {
  const clock = wallClock(at, timeZone);
  return {
    day: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  };
}

/** The RRULE's part of a plan: FREQ, INTERVAL, BYDAY. */
function ruleOf(plan: Pick<Plan, "first" | "every">): Omit<IcsSeries["rule"], "until"> {
  const { weekday, week } = monthlyWeekOf(plan.first.day);
  const day = byDayNames[weekday] as string;
  if (plan.every === "month") return { frequency: "MONTHLY", interval: 1, byDay: `${week}${day}` };
  return { frequency: "WEEKLY", interval: plan.every === "week" ? 1 : 2, byDay: day };
}

/** The last series date before the plan was cancelled, or null when none is (all cancelled). */
function lastDateBefore(plan: Plan, cancelledFrom: string): string | null {
  // A month and a bit holds a series date of every rule.
  const dates = seriesDates(plan, addDays(cancelledFrom, -62), addDays(cancelledFrom, -1));
  return dates.at(-1) ?? null;
}

/**
 * The plan's series event, from its first visit through `through` (the closed days it leaves out
 * are listed that far; skipped, paused and moved dates are listed wherever they fall). A plan
 * cancelled before its first visit is a CANCELLED event: send it with METHOD:CANCEL.
 */
export function planSeries(
  plan: Plan,
  details: Omit<IcsEvent, "start" | "end" | "status">,
  rules: PlanRules & { timeZone: IcsTimeZone; through: string },
): IcsSeries {
  const { timeZone } = rules;
  const start = zonedInstant(plan.first.day, plan.first.time, timeZone);
  const minutes = rules.minutes ?? plan.minutes;
  const end = new Date(start.getTime() + minutes * 60_000);
  const lastDate = plan.cancelledFrom ? lastDateBefore(plan, plan.cancelledFrom) : undefined;
  const rule = {
    ...ruleOf(plan),
    ...(lastDate ? { until: zonedInstant(lastDate, plan.first.time, timeZone) } : {}),
  };
  // Far enough to hold every date a person changed, and no further than the series goes.
  const named = [
    rules.through,
    ...plan.skipped,
    ...plan.moved.map((move) => move.from),
    ...(plan.pausedUntil ? [plan.pausedUntil] : []),
  ];
  let to = named.sort().at(-1) as string;
  if (lastDate && lastDate < to) to = lastDate;
  const exceptions: string[] = [];
  const overrides: { occurrence: string; start: IcsWallTime; end: IcsWallTime }[] = [];
  if (lastDate !== null) {
    for (const date of planDates(plan, { ...rules, from: plan.first.day, to })) {
      if (!date.visit) exceptions.push(date.occurrence);
      else if (awayFromDate(date.visit, plan))
        overrides.push({
          occurrence: date.occurrence,
          start: { day: date.visit.day, time: date.visit.time },
          end: wallTimeOf(date.visit.end, timeZone),
        });
    }
  }
  return {
    ...details,
    status: lastDate === null ? "CANCELLED" : "CONFIRMED",
    timeZone,
    start: plan.first,
    end: wallTimeOf(end, timeZone),
    rule,
    exceptions,
    overrides,
  };
}

/** Whether a visit is anywhere but on its series date at the plan's time. */
function awayFromDate(visit: PlanVisit, plan: Plan): boolean {
  return visit.day !== visit.occurrence || visit.time !== plan.first.time;
}

/** The rules a series is written with: the live version's, its dates listed `days` ahead of today. */
export type SeriesRules = PlanRules & { timeZone: IcsTimeZone; through: string };

export function seriesRulesOf(facts: BookingFacts, now: Date, days: number): SeriesRules {
  const timeZone = facts.reach.timeZone;
  return {
    ...planRulesOf(facts),
    timeZone,
    through: addDays(calendarDay(now, timeZone), days),
  };
}

/** One series' UID, in every e-mail that carries it, the customer's file and the owner's feed. */
export function planUid(requestId: string, series: Pick<Plan, "first">, from: string): string {
  return `plan-${requestId}-${series.first.day.replace(/-/g, "")}@${domainOf(from)}`;
}

/**
 * Every series of a plan that has a visit, as events (the ones ended by a change of frequency
 * first): for a file or a feed, which holds each UID once. A series cancelled before its first
 * visit has none, and leaves the file (a calendar removes what a feed no longer lists).
 */
export function requestSeries(
  plan: StoredPlan,
  detailsOf: (series: Plan) => Omit<IcsEvent, "start" | "end" | "status">,
  rules: SeriesRules,
): IcsSeries[] {
  const byUid = new Map<string, IcsSeries>();
  for (const series of seriesOf(plan)) {
    const event = planSeries(series, detailsOf(series), rules);
    byUid.delete(event.uid);
    if (event.status === "CONFIRMED") byUid.set(event.uid, event);
  }
  return [...byUid.values()];
}
