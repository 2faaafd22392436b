/**
 * What the customer (on their page) and the owner (on the request's page) may change in a plan,
 * written once: skip one visit or take the skip back, move one visit to an open time of its week or
 * the next, pause until a date or resume, change how often, cancel. Pure: each change is checked
 * against the plan as stored and "now", and returns the plan as it would be, or the reason it
 * cannot be, in the customer's words. Whether a crew is free for the visits a change adds is
 * decided by the caller, in the change's own transaction (`addedVisits` says which those are).
 *
 * The customer's changes close at the owner's cut-off before a visit (`cutoffHours`, "please call
 * us" after it); the owner's never do, but neither changes a visit that has begun.
 */
import { addDays, calendarDay, zonedInstant } from "../calendar-day.ts";
import { dayLabel } from "./open-times.ts";
import {
  describeEvery,
  isSeriesDate,
  nextVisits,
  type Plan,
  type PlanEvery,
  type PlanRules,
  type PlanVisit,
  planVisits,
  type WallTime,
} from "./plans.ts";

export type PlanChange =
  | { kind: "skip"; occurrence: string }
  | { kind: "unskip"; occurrence: string }
  | { kind: "move"; occurrence: string; to: WallTime }
  | { kind: "pause"; until: string }
  | { kind: "resume" }
  | { kind: "every"; every: PlanEvery }
  | { kind: "cancel" };

export type PlanChangeContext = {
  now: Date;
  rules: PlanRules;
  /** Who changes it: the customer's changes close `cutoffHours` before a visit. */
  actor: "visitor" | "owner";
  cutoffHours: number;
};

export type PlanChangeOutcome<P extends Plan> =
  | { ok: true; plan: P; ended?: Plan }
  | { ok: false; problem: string };

const hour = 3_600_000;
/** How far ahead a pause may go. */
export const longestPauseDays = 365;

/** The first instant a change may touch: now, or for the customer now plus the cut-off. */
export function changesOpenFrom(context: PlanChangeContext): Date {
  const { now, actor, cutoffHours } = context;
  return actor === "visitor" ? new Date(now.getTime() + cutoffHours * hour) : now;
}

/** The plan's visit for one series date, or null (none there, or not coming). */
function visitOf(plan: Plan, occurrence: string, rules: PlanRules): PlanVisit | null {
  const around = planVisits(plan, {
    ...rules,
    from: addDays(occurrence, -14),
    to: addDays(occurrence, 14),
  });
  // A visit moved by a person can be anywhere: look for it too.
  const moved = plan.moved.findLast((move) => move.from === occurrence);
  const near =
    moved && (moved.to.day < addDays(occurrence, -14) || moved.to.day > addDays(occurrence, 14))
      ? planVisits(plan, { ...rules, from: moved.to.day, to: moved.to.day })
      : [];
  return [...around, ...near].find((visit) => visit.occurrence === occurrence) ?? null;
}

/** Why a visit can no longer be changed by this actor, or null. */
function closedForChanges(visit: PlanVisit, context: PlanChangeContext): string | null {
  if (visit.start <= context.now) return "That visit has already begun.";
  if (visit.start < changesOpenFrom(context))
    return `That visit is less than ${context.cutoffHours} hours away, so it can no longer be changed here. Please call us.`;
  return null;
}

const earlierOf = (a: string, b: string) => (a < b ? a : b);

/** The Monday of a date's week (weeks run Monday to Sunday, as the owner's week does). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a visit of `occurrence` may move to: its week and the next, Monday to Sunday. */
export function moveDays(occurrence: string): { from: string; to: string } {
  const from = weekStartOf(occurrence);
  return { from, to: addDays(from, 13) };
}

/** The first series date whose visit is still open to this actor's changes, or null. */
function firstChangeable(plan: Plan, context: PlanChangeContext): PlanVisit | null {
  const after = changesOpenFrom(context);
  const [next] = nextVisits(plan, after, 1, context.rules);
  return next ?? null;
}

/** Whether the plan has ended: cancelled on or before today. */
export function planEnded(plan: Plan, now: Date, timeZone: string): boolean {
  return plan.cancelledFrom !== undefined && plan.cancelledFrom <= calendarDay(now, timeZone);
}

/**
 * The plan as the change makes it, or why not. `ended`: a change of frequency closes the series
 * (its `cancelledFrom` set) and starts another; the caller keeps the closed one with the plan.
 */
export function changePlan<P extends Plan>(
  plan: P,
  change: PlanChange,
  context: PlanChangeContext,
): PlanChangeOutcome<P> {
  const { rules, now } = context;
  const today = calendarDay(now, rules.timeZone);
  if (plan.cancelledFrom !== undefined && change.kind !== "unskip" && plan.cancelledFrom <= today)
    return { ok: false, problem: "This plan is cancelled. To start again, please call us." };
  const no = (problem: string) => ({ ok: false as const, problem });
  switch (change.kind) {
    case "skip": {
      if (!isSeriesDate(plan, change.occurrence) || plan.skipped.includes(change.occurrence))
        return no("Please choose one of the visits shown.");
      const visit = visitOf(plan, change.occurrence, rules);
      if (!visit) return no("There is no visit on that date to skip.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      return { ok: true, plan: { ...plan, skipped: [...plan.skipped, change.occurrence].sort() } };
    }
    case "unskip": {
      if (!plan.skipped.includes(change.occurrence))
        return no("That visit is not skipped: nothing to take back.");
      const changed = {
        ...plan,
        skipped: plan.skipped.filter((day) => day !== change.occurrence),
      };
      const visit = visitOf(changed, change.occurrence, rules);
      if (!visit) return no("That visit cannot come back: the plan has no visit on that date now.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      return { ok: true, plan: changed };
    }
    case "move": {
      if (!isSeriesDate(plan, change.occurrence) || plan.skipped.includes(change.occurrence))
        return no("Please choose one of the visits shown.");
      const visit = visitOf(plan, change.occurrence, rules);
      if (!visit) return no("There is no visit on that date to move.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      const { from, to } = moveDays(change.occurrence);
      if (change.to.day < from || change.to.day > to)
        return no("A visit moves to a day of its own week or the next.");
      const start = zonedInstant(change.to.day, change.to.time, rules.timeZone);
      if (Number.isNaN(start.getTime())) return no("Please choose one of the times shown.");
      if (start < changesOpenFrom(context))
        return no(
          context.actor === "visitor"
            ? `Please choose a time at least ${context.cutoffHours} hours from now.`
            : "That time has passed.",
        );
      const moved = [...plan.moved, { from: change.occurrence, to: change.to }];
      return { ok: true, plan: { ...plan, moved } };
    }
    case "pause": {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(change.until)) return no("Please choose a date.");
      const first = firstChangeable(plan, context);
      if (!first) return no("There is no coming visit to pause.");
      if (change.until <= first.day)
        return no(`Please choose a date after your next visit (${dayLabel(first.day)}).`);
      if (change.until > addDays(today, longestPauseDays))
        return no("A plan can be paused for up to a year. To stop it, cancel it.");
      // Visits before the cut-off stay: the pause begins with the first one still open to changes.
      return {
        ok: true,
        plan: { ...plan, pausedFrom: first.occurrence, pausedUntil: change.until },
      };
    }
    case "resume": {
      if (plan.pausedUntil === undefined || plan.pausedUntil <= today)
        return no("This plan is not paused.");
      const { pausedFrom: _from, pausedUntil: _until, ...rest } = plan;
      return { ok: true, plan: rest as P };
    }
    case "every": {
      if (change.every === plan.every)
        return no(`Your plan is already ${describeEvery(plan.every, plan.first.day)}.`);
      const first = firstChangeable(plan, context);
      if (!first) return no("There is no coming visit to change.");
      // The series so far ends before its first visit still open to changes; a new one starts on
      // that visit's series date, at the plan's time.
      const ended: Plan = { ...plan, cancelledFrom: earlierOf(first.day, first.occurrence) };
      const next = {
        ...plan,
        first: { day: first.occurrence, time: plan.first.time },
        every: change.every,
        skipped: [],
        moved: [],
      };
      delete (next as Partial<Plan>).pausedFrom;
      delete (next as Partial<Plan>).pausedUntil;
      delete (next as Partial<Plan>).cancelledFrom;
      return { ok: true, plan: next, ended };
    }
    case "cancel": {
      const first = firstChangeable(plan, context);
      const from = first ? earlierOf(first.day, first.occurrence) : addDays(today, 1);
      return { ok: true, plan: { ...plan, cancelledFrom: from } };
    }
  }
}

/**
 * The visits the changed plan has that the plan before did not (a moved visit's new time, a skip
 * taken back, visits after a pause was lifted, a new frequency's), from now to `to`: a crew must be
 * free for each of them.
 */
export function addedVisits(before: Plan, after: Plan, rules: PlanRules, now: Date, to: string) {
  const window = { ...rules, from: calendarDay(now, rules.timeZone), to };
  const had = new Set(planVisits(before, window).map((visit) => visit.start.getTime()));
  return planVisits(after, window).filter(
    (visit) => visit.start > now && !had.has(visit.start.getTime()),
  );
}
