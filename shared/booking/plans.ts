/**
 * Recurring plans (docs/owner.md, "Online booking": the plans' settings): a weekly, every-two-weeks or
 * monthly series of visits and the changes made to it (skipped, moved, paused, cancelled), turned
 * into the visits it books. Pure: the caller hands in the window, the hours, the closed days and,
 * for a closed-day visit that moves, the visits already booked. Read by the customer's page (the
 * next visits), the owner's week, the reminders and the calendar series (plan-event.ts), so that
 * they all show the same visits.
 *
 * Everything is worked out in business dates ("YYYY-MM-DD") and wall times ("HH:MM"), turned into
 * instants last: a 9:00 AM plan stays at 9:00 AM across daylight saving time.
 */
import { addDays, calendarDay, zonedInstant } from "../calendar-day.ts";
import { type ClosedDays, weekdayOf } from "../closed-days.ts";
import type { Week } from "../content/opening-hours.ts";
import { dayName } from "../content/weekdays.ts";
import type { BookingSettings } from "./booking-settings.ts";
import { type Busy, type CapacitySettings, fitsAt } from "./open-times.ts";

/** A business date and the wall clock there. */
export type WallTime = {
  /** YYYY-MM-DD, the business's date. */
  day: string;
  /** HH:MM, the business's wall clock. */
  time: string;
};

/**
 * How often: every week or two on the first visit's weekday; every month on the same weekday of
 * the month ("the first Tuesday"; a fifth one is the month's last).
 */
export type PlanEvery = "week" | "two-weeks" | "month";

/** How often a plan books, from the estimate's frequency; null for a one-time visit. */
export function planEveryOf(frequency: string): PlanEvery | null {
  if (frequency === "weekly") return "week";
  if (frequency === "bi-weekly") return "two-weeks";
  if (frequency === "monthly") return "month";
  return null;
}

export type Plan = {
  /** The first visit: its date sets the weekday (and for a month, which one), its time every visit's. */
  first: WallTime;
  /** How long each visit takes. */
  minutes: number;
  every: PlanEvery;
  /** Series dates with no visit (the customer or the owner skipped them). */
  skipped: readonly string[];
  /** One visit moved: the series date it stands for, and where it is now. The last one of a date counts. */
  moved: readonly { from: string; to: WallTime }[];
  /** No visit before this date (neither a series date nor a visit's day)… */
  pausedUntil?: string;
  /** …from this one on (absent: from the start); the visits before it stay. */
  pausedFrom?: string;
  /** No visit from this date on (neither a series date nor a visit's day). */
  cancelledFrom?: string;
};

export type PlanVisit = WallTime & {
  start: Date;
  end: Date;
  /** The series date this visit stands for. */
  occurrence: string;
  /** "planned": on its series date; "moved": where it was moved to; "closed-moved": away from a closed day. */
  kind: "planned" | "moved" | "closed-moved";
  /** Why the series date was closed ("Thanksgiving"), for a "closed-moved" visit: the reminder says so. */
  closedReason?: string;
};

/** Why a series date has no visit. */
export type NoVisit = "skipped" | "paused" | "cancelled" | "closed";

/** A series date and what became of it: its visit, or why there is none. */
export type PlanDate =
  | { occurrence: string; visit: PlanVisit }
  | { occurrence: string; visit: null; why: NoVisit; closedReason?: string };

/** What a plan's visits are worked out with, besides the plan. */
export type PlanRules = {
  closedDays: ClosedDays;
  /** The opening hours of each weekday: a visit moved off a closed day fits within them. */
  week: Week;
  timeZone: string;
  /** How long a visit takes, when not the plan's own minutes (a changed estimate). */
  minutes?: number;
  closedDayVisits: BookingSettings["closedDayVisits"];
  /**
   * The other visits already booked and the crews: a visit moved off a closed day goes only to a
   * time a crew is free. Without it, the move looks at the hours alone.
   */
  busy?: { visits: readonly Busy[]; settings: CapacitySettings };
};

/** Dates from `from` to `to`, both included. */
export type PlanWindow = PlanRules & { from: string; to: string };

const dayMs = 86_400_000;
const minuteMs = 60_000;

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const daysBetween = (from: string, to: string) =>
  Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / dayMs);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Which weekday of the month a monthly plan keeps: 1 to 4, or -1 for the last. */
export type MonthlyWeek = 1 | 2 | 3 | 4 | -1;

/**
 * The weekday (0 Sunday to 6 Saturday) and which of the month a date is: the 8th is the second,
 * the 29th the fifth, which is always the month's last (a month that lacks a fifth gets its last).
 */
export function monthlyWeekOf(day: string): { weekday: number; week: MonthlyWeek } {
  const date = utcDate(day);
  const nth = Math.ceil(date.getUTCDate() / 7);
  return { weekday: date.getUTCDay(), week: nth >= 5 ? -1 : (nth as MonthlyWeek) };
}

/** The date of that weekday of the month, `month` from 1. */
function weekdayOfMonth(year: number, month: number, weekday: number, week: MonthlyWeek): string {
  if (week === -1) {
    const last = new Date(Date.UTC(year, month, 0));
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return isoDay(new Date(Date.UTC(year, month - 1, last.getUTCDate() - back)));
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  const ahead = (weekday - first.getUTCDay() + 7) % 7;
  return isoDay(new Date(Date.UTC(year, month - 1, 1 + ahead + (week - 1) * 7)));
}

const stepDays = { week: 7, "two-weeks": 14 } as const;

/**
 * The series dates from `from` to `to`, earliest first, as the rule alone makes them: none before
 * the first visit; skips, moves, a pause and a cancellation are not applied.
 */
export function seriesDates(
  plan: Pick<Plan, "first" | "every">,
  from: string,
  to: string,
): string[] {
  const start = from > plan.first.day ? from : plan.first.day;
  if (start > to) return [];
  const dates: string[] = [];
  if (plan.every !== "month") {
    const step = stepDays[plan.every];
    const behind = daysBetween(plan.first.day, start);
    let day = addDays(plan.first.day, Math.ceil(behind / step) * step);
    for (; day <= to; day = addDays(day, step)) dates.push(day);
    return dates;
  }
  const { weekday, week } = monthlyWeekOf(plan.first.day);
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  for (;;) {
    const day = weekdayOfMonth(year, month, weekday, week);
    if (day > to) return dates;
    if (day >= start) dates.push(day);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** Whether a date is one of the plan's series dates. */
export function isSeriesDate(plan: Pick<Plan, "first" | "every">, day: string): boolean {
  return seriesDates(plan, day, day).length === 1;
}

const ordinals = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" } as const;

/** "every week on Tuesday", "every two weeks on Tuesday", "every month on the first Tuesday". */
export function describeEvery(every: PlanEvery, firstDay: string): string {
  const weekday = dayName(weekdayOf(utcDate(firstDay)));
  if (every === "week") return `every week on ${weekday}`;
  if (every === "two-weeks") return `every two weeks on ${weekday}`;
  return `every month on the ${ordinals[monthlyWeekOf(firstDay).week]} ${weekday}`;
}

type Bounds = Pick<Plan, "pausedUntil" | "pausedFrom" | "cancelledFrom">;
const paused = (plan: Bounds, day: string) =>
  plan.pausedUntil !== undefined &&
  day < plan.pausedUntil &&
  (plan.pausedFrom === undefined || day >= plan.pausedFrom);
const cancelled = (plan: Bounds, day: string) =>
  plan.cancelledFrom !== undefined && day >= plan.cancelledFrom;

/** The instants of a visit at a wall time. */
function instantsOf(at: WallTime, minutes: number, rules: PlanRules): { start: Date; end: Date } {
  const start = zonedInstant(at.day, at.time, rules.timeZone);
  return { start, end: new Date(start.getTime() + minutes * minuteMs) };
}

/** Whether a visit off a closed day can go to `day` at the same time: open, in hours, a crew free. */
function canMoveTo(plan: Plan, day: string, time: string, minutes: number, rules: PlanRules) {
  if (rules.closedDays.closedReason(day) !== null) return null;
  if (paused(plan, day) || cancelled(plan, day)) return null;
  const hours = rules.week[weekdayOf(utcDate(day))];
  if (!hours.open) return null;
  const visit = instantsOf({ day, time }, minutes, rules);
  const opens = zonedInstant(day, hours.opens, rules.timeZone);
  const closes = zonedInstant(day, hours.closes, rules.timeZone);
  if (visit.start < opens || visit.end > closes) return null;
  if (rules.busy && !fitsAt({ settings: rules.busy.settings, busy: rules.busy.visits, ...visit }))
    return null;
  return visit;
}

/**
 * The nearest open day of the same Monday-to-Sunday week, at the same time: the days after first,
 * then the days before.
 */
function closedDayMove(plan: Plan, at: WallTime, minutes: number, rules: PlanRules) {
  const index = (utcDate(at.day).getUTCDay() + 6) % 7;
  const offsets = [
    ...Array.from({ length: 6 - index }, (_, i) => i + 1),
    ...Array.from({ length: index }, (_, i) => -(i + 1)),
  ];
  for (const offset of offsets) {
    const day = addDays(at.day, offset);
    const visit = canMoveTo(plan, day, at.time, minutes, rules);
    if (visit) return { day, time: at.time, ...visit };
  }
  return null;
}

/** What became of one series date. */
function dateOutcome(plan: Plan, occurrence: string, rules: PlanRules): PlanDate {
  if (cancelled(plan, occurrence)) return { occurrence, visit: null, why: "cancelled" };
  if (plan.skipped.includes(occurrence)) return { occurrence, visit: null, why: "skipped" };
  if (paused(plan, occurrence)) return { occurrence, visit: null, why: "paused" };
  const move = plan.moved.findLast((change) => change.from === occurrence);
  const at = move ? move.to : { day: occurrence, time: plan.first.time };
  if (cancelled(plan, at.day)) return { occurrence, visit: null, why: "cancelled" };
  if (paused(plan, at.day)) return { occurrence, visit: null, why: "paused" };
  const minutes = rules.minutes ?? plan.minutes;
  const closedReason = rules.closedDays.closedReason(at.day);
  if (closedReason === null) {
    const visit = instantsOf(at, minutes, rules);
    return { occurrence, visit: { ...at, ...visit, occurrence, kind: move ? "moved" : "planned" } };
  }
  const moved = rules.closedDayVisits === "move" ? closedDayMove(plan, at, minutes, rules) : null;
  if (!moved) return { occurrence, visit: null, why: "closed", closedReason };
  return { occurrence, visit: { ...moved, occurrence, kind: "closed-moved", closedReason } };
}

/** Each series date from `from` to `to` (by series date), earliest first, with its visit or why none. */
export function planDates(plan: Plan, window: PlanWindow): PlanDate[] {
  return seriesDates(plan, window.from, window.to).map((day) => dateOutcome(plan, day, window));
}

/**
 * The visits from `from` to `to` (by the day they are on), earliest first: skipped dates left
 * out, moved ones where they were moved to, none in a pause or after a cancellation, and none on
 * a closed day or holiday (left out, or moved within its week: `closedDayVisits`).
 */
export function planVisits(plan: Plan, window: PlanWindow): PlanVisit[] {
  // A visit moved off a closed day stays in its week: a series date up to six days outside the
  // window can land inside it. A visit the customer moved can come from any series date.
  const outcomes = new Map<string, PlanDate>();
  for (const day of seriesDates(plan, addDays(window.from, -6), addDays(window.to, 6)))
    outcomes.set(day, dateOutcome(plan, day, window));
  for (const move of plan.moved) {
    const near = addDays(window.from, -6) <= move.to.day && move.to.day <= addDays(window.to, 6);
    if (near && !outcomes.has(move.from) && isSeriesDate(plan, move.from))
      outcomes.set(move.from, dateOutcome(plan, move.from, window));
  }
  const visits: PlanVisit[] = [];
  for (const { visit } of outcomes.values())
    if (visit && window.from <= visit.day && visit.day <= window.to) visits.push(visit);
  return visits.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** How far ahead `nextVisits` looks for visits before it gives up (a plan skipped for years). */
const searchYears = 3;
const searchStepDays = 91;

/** The next `count` visits that start after `now`, earliest first (fewer when the plan ends). */
export function nextVisits(plan: Plan, now: Date, count: number, rules: PlanRules): PlanVisit[] {
  let from = calendarDay(now, rules.timeZone);
  const pausedFromStart = plan.pausedFrom === undefined || plan.pausedFrom <= from;
  if (plan.pausedUntil && plan.pausedUntil > from && pausedFromStart) from = plan.pausedUntil;
  const last = addDays(from, searchYears * 366);
  const next: PlanVisit[] = [];
  for (; from <= last && next.length < count; from = addDays(from, searchStepDays)) {
    if (cancelled(plan, from)) break;
    const to = addDays(from, searchStepDays - 1);
    for (const visit of planVisits(plan, { ...rules, from, to }))
      if (visit.start > now && next.length < count) next.push(visit);
  }
  return next;
}
