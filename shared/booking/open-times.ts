/**
 * The times a visitor can book (docs/owner.md, "Online booking" and "The
 * customer books a time themselves"): one rule, read by the visitor's page (the times it offers), by
 * the store's booking check (inside its transaction) and by the benchmark. Pure: the caller hands
 * in "now", the hours, the closed days and every visit already booked.
 *
 * A visit starts on the half hour within the day's opening hours and ends by closing time, on an
 * open day from the notice's first day to the horizon, never in the past; a crew is busy from a
 * visit's start until its end plus the travel gap, and a time is open while fewer visits than there
 * are crews overlap at every moment of the new visit (and its travel). Days and times are the
 * business's dates and wall clock: 9:00 AM stays 9:00 AM across daylight saving time.
 */
import { addDays, calendarDay, wallClock, zonedInstant } from "../calendar-day.ts";
import { type ClosedDays, weekdayOf } from "../closed-days.ts";
import type { Week } from "../content/opening-hours.ts";
import { type BookingSettings, slotMinutes } from "./booking-settings.ts";

/** A visit already booked (one-time, a plan's occurrence, the owner's own): a crew is busy then. */
export type Busy = { start: Date; end: Date };

/** A time a visitor can book: its instants, and its business date and wall clock. */
export type OpenTime = {
  start: Date;
  end: Date;
  /** The business's date, YYYY-MM-DD. */
  day: string;
  /** The business's wall clock at the start, HH:MM. */
  time: string;
};

/** What the capacity rule reads of the owner's settings. */
export type CapacitySettings = Pick<BookingSettings, "crews" | "travelMinutes">;

export type OpenTimesInput = {
  settings: CapacitySettings & Pick<BookingSettings, "noticeOpenDays" | "daysAhead">;
  /** The opening hours of each weekday (reach.hours.week). */
  week: Week;
  closedDays: ClosedDays;
  timeZone: string;
  /** Every visit already booked: the caller gathers them, in any order. */
  busy: readonly Busy[];
  /** How long the new visit takes (visitMinutes). */
  minutes: number;
  now: Date;
};

/** The fixed reasons a time is refused, for callers that tell them apart (a taken time is a 409). */
export const notOpenReasons = {
  altered: "Please choose one of the times shown.",
  passed: "That time has passed.",
  halfHour: "Times start on the hour or the half hour.",
  hours: "That time is outside our opening hours.",
  taken: "That time is taken.",
} as const;

const minute = 60_000;

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};
const pad = (value: number) => String(value).padStart(2, "0");
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The first and last day a visitor may book. The first is the `noticeOpenDays`-th open day after
 * today (1: the next open day; 0: today), null when no day is open in the year ahead; the last is
 * today plus `daysAhead`, open or not.
 */
function bookableDays({
  settings,
  closedDays,
  timeZone,
  now,
}: Pick<OpenTimesInput, "settings" | "closedDays" | "timeZone" | "now">) {
  const today = calendarDay(now, timeZone);
  const last = addDays(today, settings.daysAhead);
  if (settings.noticeOpenDays <= 0) return { first: today, last };
  let openDays = 0;
  for (let ahead = 1; ahead <= 366; ahead += 1) {
    const day = addDays(today, ahead);
    if (closedDays.closedReason(day) === null && ++openDays >= settings.noticeOpenDays)
      return { first: day, last };
  }
  return { first: null, last };
}

/**
 * The half-hour starts of a day's opening hours whose visit ends by closing time, earliest first
 * (the day's hours only: closed days, notice, the past and the crews are the caller's rules).
 */
function dayStarts(day: string, week: Week, minutes: number, timeZone: string): OpenTime[] {
  const hours = week[weekdayOf(new Date(`${day}T00:00:00Z`))];
  if (!hours.open) return [];
  const firstWall = Math.ceil(minutesOf(hours.opens) / slotMinutes) * slotMinutes;
  const closesWall = minutesOf(hours.closes);
  const opening = zonedInstant(day, clockOf(firstWall), timeZone).getTime();
  const closing = zonedInstant(day, hours.closes, timeZone).getTime();
  // The clock changes at 2 AM: unless the hours span it, the day's offset is one, and each half
  // hour is the opening's instant plus its minutes (no time-zone lookup per start).
  const steady = closing - opening === (closesWall - firstWall) * minute;
  const starts: OpenTime[] = [];
  for (let wall = firstWall; wall < closesWall; wall += slotMinutes) {
    const time = clockOf(wall);
    const start = steady
      ? opening + (wall - firstWall) * minute
      : zonedInstant(day, time, timeZone).getTime();
    const end = start + minutes * minute;
    if (end > closing) break;
    // A wall time the spring change skips (2:30 AM) is no start of its own.
    if (!steady && wallTime(new Date(start), timeZone) !== `${day} ${time}`) continue;
    starts.push({ start: new Date(start), end: new Date(end), day, time });
  }
  return starts;
}

const wallTime = (at: Date, timeZone: string) => {
  const clock = wallClock(at, timeZone);
  return `${calendarDay(at, timeZone)} ${pad(clock.hour)}:${pad(clock.minute)}`;
};

/**
 * How many crews are busy over time: the padded visits' depth as steps, `depths[i]` from
 * `times[i]` until `times[i + 1]` (none before the first step or after the last).
 */
type Depths = { times: number[]; depths: number[] };

function depthsOf(busy: readonly Busy[], travelMs: number): Depths {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const visit of busy) {
    const start = visit.start.getTime();
    const end = visit.end.getTime() + travelMs;
    if (!(end > start)) continue;
    starts.push(start);
    ends.push(end);
  }
  starts.sort((a, b) => a - b);
  ends.sort((a, b) => a - b);
  const times: number[] = [];
  const depths: number[] = [];
  let depth = 0;
  let s = 0;
  let e = 0;
  while (e < ends.length) {
    const at = Math.min(starts[s] ?? Number.POSITIVE_INFINITY, ends[e] as number);
    // A visit that ends when another starts frees its crew for it: both steps at once.
    while (starts[s] === at) {
      depth += 1;
      s += 1;
    }
    while (ends[e] === at) {
      depth -= 1;
      e += 1;
    }
    times.push(at);
    depths.push(depth);
  }
  return { times, depths };
}

/** The most crews busy at any moment from `from` until (not including) `to`. */
function deepestIn({ times, depths }: Depths, from: number, to: number): number {
  // The last step at or before `from` (binary search), then every step that begins before `to`.
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] as number) <= from) low = middle + 1;
    else high = middle;
  }
  let deepest = 0;
  for (let step = Math.max(0, low - 1); step < times.length; step += 1) {
    if ((times[step] as number) >= to) break;
    deepest = Math.max(deepest, depths[step] as number);
  }
  return deepest;
}

function fitsIn(depths: Depths, settings: CapacitySettings, start: number, end: number): boolean {
  return deepestIn(depths, start, end + settings.travelMinutes * minute) < settings.crews;
}

/**
 * Whether a crew is free for a visit from `start` to `end` (and its travel after) while `busy` is
 * booked: fewer padded busy visits than crews overlap at every moment of it. The store asks it
 * inside its transaction, over the visits it has just read.
 */
export function fitsAt({
  settings,
  busy,
  start,
  end,
}: {
  settings: CapacitySettings;
  busy: readonly Busy[];
  start: Date;
  end: Date;
}): boolean {
  return crewFree(settings, busy)(start, end);
}

/**
 * `fitsAt` for many visits beside the same busy ones (every visit of a plan, at every time a page
 * offers): the busy visits are sorted once, each question is then a binary search.
 */
export function crewFree(
  settings: CapacitySettings,
  busy: readonly Busy[],
): (start: Date, end: Date) => boolean {
  const depths = depthsOf(busy, settings.travelMinutes * minute);
  return (start, end) => fitsIn(depths, settings, start.getTime(), end.getTime());
}

/** The times a visitor can book for a visit of `minutes`, earliest first. */
export function openTimes(input: OpenTimesInput): OpenTime[] {
  const { settings, week, closedDays, timeZone, minutes, now } = input;
  if (!(minutes > 0)) return [];
  const { first, last } = bookableDays(input);
  if (first === null) return [];
  const depths = depthsOf(input.busy, settings.travelMinutes * minute);
  const open: OpenTime[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (closedDays.closedReason(day) !== null) continue;
    for (const time of dayStarts(day, week, minutes, timeZone)) {
      if (time.start.getTime() <= now.getTime()) continue;
      if (fitsIn(depths, settings, time.start.getTime(), time.end.getTime())) open.push(time);
    }
  }
  return open;
}

/**
 * Null when `start` is one of `openTimes(input)`, else why not, in words for the visitor: the
 * same rules, asked one by one.
 */
export function whyNotOpen(input: OpenTimesInput & { start: Date }): string | null {
  const { start, settings, week, closedDays, timeZone, minutes, now } = input;
  const at = start.getTime();
  if (Number.isNaN(at) || !(minutes > 0)) return notOpenReasons.altered;
  if (at <= now.getTime()) return notOpenReasons.passed;
  const clock = wallClock(start, timeZone);
  if (clock.minute % slotMinutes !== 0 || at % minute !== 0) return notOpenReasons.halfHour;
  const day = calendarDay(start, timeZone);
  const closed = closedDays.closedReason(day);
  if (closed !== null) return `We are closed on ${closed}.`;
  const { first, last } = bookableDays(input);
  if (first === null) return notOpenReasons.hours;
  if (day < first) return `That is sooner than we can book: the first day is ${dayLabel(first)}.`;
  if (day > last) {
    let lastOpen = last;
    while (lastOpen > first && closedDays.closedReason(lastOpen) !== null)
      lastOpen = addDays(lastOpen, -1);
    return `That is further ahead than we book: up to ${dayLabel(lastOpen)}.`;
  }
  const slot = dayStarts(day, week, minutes, timeZone).find((time) => time.start.getTime() === at);
  if (!slot) return notOpenReasons.hours;
  if (!fitsAt({ settings, busy: input.busy, start: slot.start, end: slot.end }))
    return notOpenReasons.taken;
  return null;
}

/** A day's times as the visitor's page lists them. */
export type TimesOfDay = {
  /** YYYY-MM-DD, the business's date. */
  day: string;
  /** "Tuesday, December 1". */
  label: string;
  /** `value`: what the form posts back (timeValue); `label`: "9:00 AM". */
  times: { value: string; label: string }[];
};

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});

/** "Tuesday, December 1" for 2026-12-01. */
export function dayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00Z`));
}

/** "9:00 AM", "12:30 PM" for "09:00", "12:30". */
export function timeLabel(time: string): string {
  const minutes = minutesOf(time);
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 || 12}:${pad(minutes % 60)} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * What a form posts for a time: its start in ISO 8601 with the business's offset,
 * "2026-12-01T09:00:00-05:00" (`new Date(value)` reads it back). The offset is the distance from
 * the time's own wall clock to its instant: no time zone needed.
 */
export function timeValue({ start, day, time }: OpenTime): string {
  const offset = Math.round((Date.parse(`${day}T${time}:00Z`) - start.getTime()) / minute);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${day}T${time}:00${sign}${clockOf(abs)}`;
}

/** The start a posted value names, or null for anything but a timeValue's form. */
export function parseTimeValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}

/** The times by day, in their order, for a page at 390 px. */
export function groupByDay(times: readonly OpenTime[]): TimesOfDay[] {
  const days: TimesOfDay[] = [];
  for (const time of times) {
    let group = days.at(-1);
    if (group?.day !== time.day) {
      group = { day: time.day, label: dayLabel(time.day), times: [] };
      days.push(group);
    }
    group.times.push({ value: timeValue(time), label: timeLabel(time.time) });
  }
  return days;
}
