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
  planDates,
  planVisits,
  seriesDates,
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

/** A real business date, "YYYY-MM-DD" (not 2026-02-30), and a wall time, "HH:MM". */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The plan's visit for one series date, or null (none there, or not coming). */
export function planVisitOf(plan: Plan, occurrence: string, rules: PlanRules): PlanVisit | null {
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
const laterOf = (a: string, b: string) => (a < b ? b : a);
const sortedUnique = (days: readonly string[]) => [...new Set(days)].sort();

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

/** The first visit still open to this actor's changes, or null. */
function firstChangeable(plan: Plan, context: PlanChangeContext): PlanVisit | null {
  const [next] = nextVisits(plan, changesOpenFrom(context), 1, context.rules);
  return next ?? null;
}

/** The series alone, without what a caller keeps beside it (a stored plan's price, its earlier series). */
function seriesOnly(plan: Plan): Plan {
  const { first, minutes, every, skipped, moved, pausedUntil, pausedFrom, cancelledFrom } = plan;
  return {
    first,
    minutes,
    every,
    skipped,
    moved,
    ...(pausedUntil === undefined ? {} : { pausedUntil }),
    ...(pausedFrom === undefined ? {} : { pausedFrom }),
    ...(cancelledFrom === undefined ? {} : { cancelledFrom }),
  };
}

/** The plan without its pause. */
function withoutPause<P extends Plan>(plan: P): P {
  const { pausedFrom: _from, pausedUntil: _until, ...rest } = plan;
  return rest as P;
}

/**
 * The date a pause, a cancellation or a new frequency takes effect from, and the visits it would
 * still leave that are open to changes. A plan's bounds are dates that hold for a visit's series
 * date and its day alike: the date is the first open visit's earlier one, moved past every visit
 * already closed to changes (one moved across another keeps its day); the open visits left before
 * it (`straggling`, their series dates) are the caller's to take off.
 */
function changesFrom(plan: Plan, context: PlanChangeContext) {
  const { rules } = context;
  const after = changesOpenFrom(context);
  const today = calendarDay(context.now, rules.timeZone);
  const first = firstChangeable(plan, context);
  const afterDay = calendarDay(after, rules.timeZone);
  let from = first ? earlierOf(first.day, first.occurrence) : addDays(afterDay, 1);
  const near = planVisits(plan, { ...rules, from: addDays(today, -14), to: addDays(afterDay, 14) });
  for (const visit of near)
    if (visit.start < after && laterOf(visit.day, visit.occurrence) >= from)
      from = addDays(laterOf(visit.day, visit.occurrence), 1);
  const straggling = planVisits(plan, { ...rules, from: afterDay, to: from })
    .filter((visit) => visit.start >= after && visit.day < from && visit.occurrence < from)
    .map((visit) => visit.occurrence);
  return { from, first, straggling };
}

/** Whether the plan has ended: cancelled on or before today. */
export function planEnded(plan: Plan, now: Date, timeZone: string): boolean {
  return plan.cancelledFrom !== undefined && plan.cancelledFrom <= calendarDay(now, timeZone);
}

/** A change of a cancelled plan that is allowed: the owner's to one of the visits it kept. */
function keptVisitChange(plan: Plan, change: PlanChange, actor: PlanChangeContext["actor"]) {
  const cancelledFrom = plan.cancelledFrom;
  if (cancelledFrom === undefined) return true;
  if (actor === "visitor") return false;
  if (change.kind === "skip" || change.kind === "unskip") return change.occurrence < cancelledFrom;
  if (change.kind === "move")
    return change.occurrence < cancelledFrom && change.to.day < cancelledFrom;
  return false;
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
  const no = (problem: string) => ({ ok: false as const, problem });
  // A cancelled plan's visits inside the cut-off stay; the customer calls to change them.
  if (!keptVisitChange(plan, change, context.actor))
    return no("This plan is cancelled. To start again, please call us.");
  switch (change.kind) {
    case "skip": {
      if (!isSeriesDate(plan, change.occurrence) || plan.skipped.includes(change.occurrence))
        return no("Please choose one of the visits shown.");
      const visit = planVisitOf(plan, change.occurrence, rules);
      if (!visit) return no("There is no visit on that date to skip.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      return {
        ok: true,
        plan: { ...plan, skipped: sortedUnique([...plan.skipped, change.occurrence]) },
      };
    }
    case "unskip": {
      if (!plan.skipped.includes(change.occurrence))
        return no("That visit is not skipped: nothing to take back.");
      const changed = {
        ...plan,
        skipped: plan.skipped.filter((day) => day !== change.occurrence),
      };
      const visit = planVisitOf(changed, change.occurrence, rules);
      if (!visit) return no("That visit cannot come back: the plan has no visit on that date now.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      return { ok: true, plan: changed };
    }
    case "move": {
      if (!isSeriesDate(plan, change.occurrence) || plan.skipped.includes(change.occurrence))
        return no("Please choose one of the visits shown.");
      const visit = planVisitOf(plan, change.occurrence, rules);
      if (!visit) return no("There is no visit on that date to move.");
      const closed = closedForChanges(visit, context);
      if (closed) return no(closed);
      const { day, time } = change.to;
      if (!isDay(day) || !isTime(time)) return no("Please choose one of the times shown.");
      const { from, to } = moveDays(change.occurrence);
      if (day < from || day > to) return no("A visit moves to a day of its own week or the next.");
      const closedReason = rules.closedDays.closedReason(day);
      if (closedReason !== null) return no(`We are closed on ${closedReason}.`);
      if (zonedInstant(day, time, rules.timeZone) < changesOpenFrom(context))
        return no(
          context.actor === "visitor"
            ? `Please choose a time at least ${context.cutoffHours} hours from now.`
            : "That time has passed.",
        );
      if (visit.day === day && visit.time === time)
        return no("Your visit is at that time already.");
      // Back to its own date and time is no move at all; a visit moved again keeps its last move.
      const home = day === change.occurrence && time === plan.first.time;
      const moved = [
        ...plan.moved.filter((move) => move.from !== change.occurrence),
        ...(home ? [] : [{ from: change.occurrence, to: { day, time } }]),
      ];
      const changed = { ...plan, moved };
      const there = planVisitOf(changed, change.occurrence, rules);
      if (there?.day !== day || there.time !== time)
        return no("Your plan has no visits that day: please choose another.");
      return { ok: true, plan: changed };
    }
    case "pause": {
      if (!isDay(change.until)) return no("Please choose a date.");
      // A pause is worked out on the plan without the one it may already have: it can be
      // lengthened or shortened.
      const open = withoutPause(plan);
      const first = firstChangeable(open, context);
      if (!first) return no("There is no coming visit to pause.");
      if (change.until <= first.day)
        return no(`Please choose a date after your next visit (${dayLabel(first.day)}).`);
      if (change.until > addDays(today, longestPauseDays))
        return no("A plan can be paused for up to a year. To stop it, cancel it.");
      if (plan.pausedUntil === change.until && plan.pausedUntil > today)
        return no(`Your plan is paused until ${dayLabel(change.until)} already.`);
      // Visits closed to changes stay: the pause begins with the first one still open.
      const { from } = changesFrom(open, context);
      const pausedFrom = plan.pausedFrom ?? plan.first.day;
      if (plan.pausedUntil !== undefined && pausedFrom <= from && plan.pausedUntil > from)
        return { ok: true, plan: { ...plan, pausedUntil: change.until } };
      // A pause that ended (or ends) before then is kept as the dates it took off: a plan holds
      // one pause.
      const earlier =
        plan.pausedUntil === undefined || pausedFrom >= from
          ? []
          : planDates(plan, { ...rules, from: pausedFrom, to: addDays(from, -1) })
              .filter((date) => date.visit === null && date.why === "paused")
              .map((date) => date.occurrence);
      return {
        ok: true,
        plan: {
          ...open,
          skipped: sortedUnique([...plan.skipped, ...earlier]),
          pausedFrom: from,
          pausedUntil: change.until,
        },
      };
    }
    case "resume": {
      if (plan.pausedUntil === undefined || plan.pausedUntil <= today)
        return no("This plan is not paused.");
      const { from } = changesFrom(withoutPause(plan), context);
      if (plan.pausedUntil <= from)
        return no(`Your plan already starts again on ${dayLabel(plan.pausedUntil)}.`);
      // The paused visits closed to changes stay off: the pause now ends where changes open.
      if ((plan.pausedFrom ?? plan.first.day) < from)
        return { ok: true, plan: { ...plan, pausedUntil: from } };
      return { ok: true, plan: withoutPause(plan) };
    }
    case "every": {
      if (change.every === plan.every)
        return no(`Your plan is already ${describeEvery(plan.every, plan.first.day)}.`);
      const { from, first, straggling } = changesFrom(plan, context);
      if (!first) return no("There is no coming visit to change.");
      // The series so far ends before its first visit still open to changes; a new one starts on
      // that visit's series date (and keeps its move), at the plan's time.
      const ended: Plan = {
        ...seriesOnly(plan),
        cancelledFrom: from,
        skipped: sortedUnique([...plan.skipped, ...straggling]),
      };
      const keepsFirst = first.occurrence >= from;
      const start = keepsFirst ? first.occurrence : seriesDates(plan, from, addDays(from, 62))[0];
      if (!start) return no("There is no coming visit to change.");
      const next = {
        ...withoutPause(plan),
        first: { day: start, time: plan.first.time },
        every: change.every,
        skipped: [],
        moved:
          keepsFirst && first.kind === "moved"
            ? [{ from: first.occurrence, to: { day: first.day, time: first.time } }]
            : [],
      };
      delete (next as Partial<Plan>).cancelledFrom;
      return { ok: true, plan: next, ended };
    }
    case "cancel": {
      const { from, straggling } = changesFrom(plan, context);
      return {
        ok: true,
        plan: {
          ...plan,
          cancelledFrom: from,
          skipped: sortedUnique([...plan.skipped, ...straggling]),
        },
      };
    }
  }
}

/** Every visit of these series in the window, earliest first. */
function visitsOf(series: Plan | readonly Plan[], window: Parameters<typeof planVisits>[1]) {
  return (Array.isArray(series) ? (series as readonly Plan[]) : [series as Plan])
    .flatMap((one) => planVisits(one, window))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * The visits the changed plan has that the plan before did not (a moved visit's new time, a skip
 * taken back, visits after a pause was lifted, a new frequency's), from now to `to`: a crew must be
 * free for each of them. A plan whose frequency changed is passed as its series (the ended ones
 * and the new one).
 */
export function addedVisits(
  before: Plan | readonly Plan[],
  after: Plan | readonly Plan[],
  rules: PlanRules,
  now: Date,
  to: string,
): PlanVisit[] {
  const window = { ...rules, from: calendarDay(now, rules.timeZone), to };
  const had = new Set(visitsOf(before, window).map((visit) => visit.start.getTime()));
  return visitsOf(after, window).filter(
    (visit) => visit.start > now && !had.has(visit.start.getTime()),
  );
}
