/**
 * The periods the owner's numbers cover (lead-stats.ts), in the business's time zone: the week as
 * the owner lives it (Monday 00:00 to Monday 00:00, daylight saving included), the week so far,
 * and the last N days. Each names its days too, for the site's daily counts.
 */
import { calendarDay } from "../../../shared/calendar-day.ts";
import { addDays, mondayOf, zonedInstant } from "../base/clock.ts";

export { mondayOf };

export type StatsPeriod = {
  /** "Last week", "This week", "Last 30 days". */
  label: string;
  /** Requests received at or after `from` and before `to` count. */
  from: Date;
  to: Date;
  /** The business days it covers, both included (YYYY-MM-DD): the daily counts read. */
  firstDay: string;
  lastDay: string;
};

const dayMs = 86_400_000;

/** Monday 00:00 of that week to `now`. */
export function thisWeek(now: Date, timeZone: string): StatsPeriod {
  const monday = mondayOf(now, timeZone);
  return {
    label: "This week",
    from: zonedInstant(monday, "00:00", timeZone),
    to: now,
    firstDay: monday,
    lastDay: calendarDay(now, timeZone),
  };
}

/**
 * A whole week, Monday 00:00 to the next Monday 00:00: `weeksFromNow` after the one that holds
 * `now` (-1 the week before, 0 this one, 1 the next).
 */
export function wholeWeek(
  now: Date,
  timeZone: string,
  weeksFromNow: number,
  label: string,
): StatsPeriod {
  const monday = addDays(mondayOf(now, timeZone), 7 * weeksFromNow);
  const next = addDays(monday, 7);
  return {
    label,
    from: zonedInstant(monday, "00:00", timeZone),
    to: zonedInstant(next, "00:00", timeZone),
    firstDay: monday,
    lastDay: addDays(next, -1),
  };
}

/** The whole week before the one that holds `now`, Monday to Sunday. */
export function lastWeek(now: Date, timeZone: string): StatsPeriod {
  return wholeWeek(now, timeZone, -1, "Last week");
}

/** The last `days` × 24 hours; its counts are those of the days it touches. */
export function lastDays(now: Date, days: number, timeZone: string): StatsPeriod {
  const from = new Date(now.getTime() - days * dayMs);
  return {
    label: `Last ${days} days`,
    from,
    to: now,
    firstDay: calendarDay(from, timeZone),
    lastDay: calendarDay(now, timeZone),
  };
}

// Days are formatted as calendar dates (noon UTC of the day): no time zone can move them.
const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

/** "Mon Nov 16 – Sun Nov 22", the period's days as the owner reads them. */
export function periodDays(period: Pick<StatsPeriod, "firstDay" | "lastDay">): string {
  const show = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`)).replace(",", "");
  return period.firstDay === period.lastDay
    ? show(period.firstDay)
    : `${show(period.firstDay)} – ${show(period.lastDay)}`;
}

/** `npm run leads -- --stats`: the last whole week, then the last 7, 30 and 90 days. */
export function reportPeriods(now: Date, timeZone: string): StatsPeriod[] {
  return [lastWeek(now, timeZone), ...[7, 30, 90].map((days) => lastDays(now, days, timeZone))];
}

/** The first and last day of several periods: which daily counts to read for them all. */
export function daysCovered(periods: readonly StatsPeriod[]): { from: string; to: string } {
  const firsts = periods.map((period) => period.firstDay).sort();
  const lasts = periods.map((period) => period.lastDay).sort();
  return { from: firsts[0] ?? "", to: lasts.at(-1) ?? "" };
}
