/**
 * A booked visit: when it starts and ends, in the business's time zone (America/New_York,
 * daylight saving handled by owner/clock.ts's zonedInstant), and how people read it
 * ("Tue Dec 1, 9:00–11:00 AM"). The contract's `visit: { start, end }` is ISO 8601 with the
 * business's offset ("2026-12-01T09:00:00-05:00"); the stores keep instants (UTC).
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import { calendarDay, wallClock } from "../../../shared/calendar-day.ts";
import type { ClosedDays } from "../../../shared/closed-days.ts";
import {
  type DayWindow,
  formatDate,
  type PreferredWindow,
} from "../../../shared/quote/preferred-windows.ts";
import { addDays, zonedInstant, zonedIso } from "./clock.ts";

export type Visit = { start: string; end: string };

const timeZone = businessTimeZone;
const minute = 60_000;

/** When a window's crew arrives if the owner books it in one tap (its hours: the form's labels). */
export const windowStarts: Record<DayWindow, string> = {
  morning: "08:00",
  afternoon: "12:00",
  evening: "16:00",
};

/** Durations the owner chooses from, in minutes; the one-tap booking takes the default. */
export const visitDurations = [60, 90, 120, 180, 240, 300, 360, 480] as const;
export const defaultDurationMinutes = 120;

/** How far ahead the owner may book (a year) and how long a visit may last. */
const maxDaysAhead = 366;

/** The instant as ISO 8601 with the business's offset, e.g. 2026-12-01T09:00:00-05:00. */
export function businessIso(at: Date): string {
  return zonedIso(at, timeZone);
}

export function visitOf(start: Date, end: Date): Visit {
  return { start: businessIso(start), end: businessIso(end) };
}

/**
 * The local calendar day a visit starts on, YYYY-MM-DD: from the instant, since a visit written
 * in UTC (an event's details) may start on the next day there.
 */
export function visitDay(visit: Visit): string {
  return calendarDay(new Date(visit.start), timeZone);
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone,
  hour: "numeric",
  minute: "2-digit",
});

function timeParts(at: Date): { time: string; period: string } {
  const parts = timeFormat.formatToParts(at);
  const period = parts.find((part) => part.type === "dayPeriod")?.value ?? "";
  const time = parts
    .filter((part) => part.type === "hour" || part.type === "minute" || part.type === "literal")
    .map((part) => part.value)
    .join("")
    .trim();
  return { time, period };
}

/** "9:00–11:00 AM", "11:00 AM–1:00 PM": the period said once when both ends share it. */
export function timeRange(visit: Visit): string {
  const start = timeParts(new Date(visit.start));
  const end = timeParts(new Date(visit.end));
  return start.period === end.period
    ? `${start.time}–${end.time} ${end.period}`
    : `${start.time} ${start.period}–${end.time} ${end.period}`;
}

/** "Tue Dec 1, 9:00–11:00 AM" (a visit past midnight names its last day too). */
export function visitWords(visit: Visit): string {
  const endDay = calendarDay(new Date(visit.end), timeZone);
  const range = timeRange(visit);
  return endDay === visitDay(visit)
    ? `${formatDate(visitDay(visit))}, ${range}`
    : `${formatDate(visitDay(visit))}, ${range} (ends ${formatDate(endDay)})`;
}

/** The one-tap booking of a preferred window: its start, for the default duration. */
export function windowBooking(window: PreferredWindow): { start: Date; end: Date } {
  const start = zonedInstant(window.date, windowStarts[window.window], timeZone);
  return { start, end: new Date(start.getTime() + defaultDurationMinutes * minute) };
}

export type BookingInput = { date: string; time: string; minutes: number };

/** Why a booking was refused, by code: the page shows the words, a link can only name a code. */
export const bookingProblems = {
  date: "Please choose a date.",
  time: "Please choose a start time.",
  minutes: "Please choose how long the visit takes.",
  past: "That time has passed: please choose a later one.",
  range: "Please choose a date within a year.",
  stale: "The request changed since this page was opened: here it is as it is now.",
  action: "Please use the page's buttons.",
  confirm: "Nothing was cancelled: tick the box to confirm, then press Cancel the visit.",
  "decline-confirm": "Nothing changed: tick the box to confirm, then press Turn it down.",
  full: "Nothing was booked: every crew is busy then (your crews and travel time are set in the site editor, Online booking). Choose another time, or tick “Book it even if every crew is busy then”.",
} as const;
export type BookingProblem = keyof typeof bookingProblems;

export type BookingCheck =
  | { ok: true; start: Date; end: Date }
  | { ok: false; problem: BookingProblem };

/**
 * The owner's own date, start time and duration. The owner may book any day from today to a year
 * ahead, Sundays and holidays included (commercial work is done evenings and weekends); a closed
 * day is only named on the page, never refused.
 */
export function checkBooking(input: BookingInput, now: Date): BookingCheck {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(input.date) ? new Date(`${input.date}T00:00:00Z`) : null;
  // "2026-02-30" is no date: a real one reads back the same.
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.date)
    return { ok: false, problem: "date" };
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(input.time)) return { ok: false, problem: "time" };
  if (!(visitDurations as readonly number[]).includes(input.minutes))
    return { ok: false, problem: "minutes" };
  const start = zonedInstant(input.date, input.time, timeZone);
  if (start.getTime() < now.getTime()) return { ok: false, problem: "past" };
  const today = wallClock(now, timeZone);
  const last = addDays(
    `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`,
    maxDaysAhead,
  );
  if (input.date > last) return { ok: false, problem: "range" };
  return { ok: true, start, end: new Date(start.getTime() + input.minutes * minute) };
}

/** "(Thanksgiving)" or "(Sunday)" beside a day the business is normally closed, else "". */
export function closedNote(date: string, closedDays: ClosedDays): string {
  const reason = closedDays.closedReason(date);
  return reason ? ` (${reason}: normally closed)` : "";
}

/** "2 hours", "1 hour 30 minutes". */
export function durationWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "",
    rest ? `${rest} minutes` : "",
  ];
  return parts.filter(Boolean).join(" ");
}
