/**
 * Preferred times: up to three windows (morning, afternoon, evening) on days the business is open
 * (not a Sunday, not one of its holidays: shared/closed-days.ts), from tomorrow to 21 days ahead,
 * in the business's time zone. The form offers only such windows and the contact function refuses
 * any other.
 */
import { businessTimeZone } from "../business-reach.ts";
import { calendarDay } from "../calendar-day.ts";
import type { ClosedDays } from "../closed-days.ts";

/**
 * What the windows' rules read of a content version (shared/content/facts.ts): its closed days,
 * and its open days in words ("Monday to Saturday") for the message that names them.
 */
export type WindowFacts = {
  closedDays: Pick<ClosedDays, "closedReason">;
  reach: { hours: { openDays: string } };
};

export const windowRules = {
  timeZone: businessTimeZone,
  maxWindows: 3,
  firstDayOffset: 1,
  lastDayOffset: 21,
} as const;

export const dayWindows = ["morning", "afternoon", "evening"] as const;
export type DayWindow = (typeof dayWindows)[number];
export type PreferredWindow = { date: string; window: DayWindow };

export const windowLabels: Record<DayWindow, string> = {
  morning: "Morning (8 AM to noon)",
  afternoon: "Afternoon (noon to 4 PM)",
  evening: "Evening (4 PM to 7 PM)",
};

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** Today's calendar date where the business is, as YYYY-MM-DD. */
export function businessToday(now: Date, timeZone: string = windowRules.timeZone): string {
  return calendarDay(now, timeZone);
}

/** A real calendar date as a UTC midnight, or null ("2026-02-30" is null). */
function parseDate(value: string): Date | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/** The dates a visitor may choose, tomorrow to 21 days ahead, days the business is open only. */
export function bookableDates(now: Date, facts: WindowFacts): string[] {
  const today = parseDate(businessToday(now)) as Date;
  const dates: string[] = [];
  for (let offset = windowRules.firstDayOffset; offset <= windowRules.lastDayOffset; offset++) {
    const day = new Date(today.getTime() + offset * dayMs).toISOString().slice(0, 10);
    if (facts.closedDays.closedReason(day) === null) dates.push(day);
  }
  return dates;
}

/** Why a list of windows is refused, or null when every rule holds. */
export function checkWindows(
  windows: readonly PreferredWindow[],
  now: Date,
  facts: WindowFacts,
): string | null {
  if (windows.length > windowRules.maxWindows)
    return `Please choose at most ${windowRules.maxWindows} times.`;
  const allowed = new Set(bookableDates(now, facts));
  const today = parseDate(businessToday(now)) as Date;
  const inRange = (date: Date) => {
    const offset = Math.round((date.getTime() - today.getTime()) / dayMs);
    return offset >= windowRules.firstDayOffset && offset <= windowRules.lastDayOffset;
  };
  const seen = new Set<string>();
  for (const { date, window } of windows) {
    if (!dayWindows.includes(window)) return "Please choose morning, afternoon or evening.";
    if (!allowed.has(date)) {
      // A closed day is named only where the visitor could otherwise have chosen it.
      const parsed = parseDate(date);
      const closed = parsed && inRange(parsed) ? facts.closedDays.closedReason(date) : null;
      return closed
        ? `We are closed on ${formatDate(date)} (${closed}): please choose another day.`
        : `Please choose a day from tomorrow to three weeks ahead, ${facts.reach.hours.openDays}.`;
    }
    const key = `${date} ${window}`;
    if (seen.has(key)) return "Please choose each time only once.";
    seen.add(key);
  }
  return null;
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Tue Dec 1": a date as the owner's e-mail and the form show it. */
export function formatDate(value: string): string {
  const date = parseDate(value);
  if (!date) return value;
  return `${weekdays[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "Tue Dec 1, morning". */
export function formatWindow({ date, window }: PreferredWindow): string {
  return `${formatDate(date)}, ${window}`;
}
