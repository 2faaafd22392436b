/**
 * The owner's clock rules, as pure functions of "now" (tests pass any time): when a request still
 * `new` deserves its one reminder, when the daily digest and the Monday report are due in the
 * business's time zone (daylight saving included), and what a restarted server still has to catch
 * up on.
 *
 * Each due item has a key (`reminder:<id>`, `digest:<day>`); the outbox keeps one notice per key,
 * so asking again after a restart, or from two servers, never sends anything twice.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { addDays, calendarDay, wallClock, zonedInstant } from "../../../shared/calendar-day.ts";

// Their home is shared/calendar-day.ts (the open times for booking need them too); callers here
// keep importing them from the owner's clock.
export { addDays, zonedInstant, zonedIso } from "../../../shared/calendar-day.ts";

export type ClockSettings = {
  /** A request still `new` this many hours after it came gets one reminder; 0 turns them off. */
  reminderAfterHours: number;
  /** Local "HH:MM" of the daily digest, or null for none. */
  digestTime: string | null;
  /** Local "HH:MM" on Mondays of the last week's numbers (leads/lead-stats.ts), or null. */
  weeklyReportTime: string | null;
  timeZone: string;
};

export const clockDefaults: ClockSettings = {
  reminderAfterHours: 20,
  digestTime: "08:00",
  weeklyReportTime: "07:00",
  timeZone: businessTimeZone,
};

/** How late a reminder or a digest may still go out after downtime; older ones are skipped. */
export const catchUpMs = 12 * 3_600_000;

const hour = 3_600_000;

export function parseDigestTime(raw: string | undefined): string | null | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === "off" || value === "none") return null;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return undefined;
  return `${(match[1] as string).padStart(2, "0")}:${match[2]}`;
}

export type DueDigest = { key: string; day: string; at: Date; from: Date };

/**
 * The latest digest whose time has come, if it is not more than `catchUpMs` late (a server that
 * was down at 08:00 sends it when it starts at 10:00, not the next evening). It covers the 24
 * hours before its time. Asked again, it answers the same key: the outbox sends it once.
 */
export function dueDigest(now: Date, settings: ClockSettings): DueDigest | null {
  if (!settings.digestTime) return null;
  const today = calendarDay(now, settings.timeZone);
  for (const day of [today, addDays(today, -1)]) {
    const at = zonedInstant(day, settings.digestTime, settings.timeZone);
    if (at.getTime() > now.getTime()) continue;
    if (now.getTime() - at.getTime() > catchUpMs) return null;
    return { key: `digest:${day}`, day, at, from: new Date(at.getTime() - 24 * hour) };
  }
  return null;
}

/** When the next digest falls due after `now` (the embedded server's timer sleeps until then). */
export function nextDigestAt(now: Date, settings: ClockSettings): Date | null {
  if (!settings.digestTime) return null;
  const today = calendarDay(now, settings.timeZone);
  for (const offset of [0, 1, 2]) {
    const at = zonedInstant(addDays(today, offset), settings.digestTime, settings.timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

/** The Monday (YYYY-MM-DD) of the business's week that holds `at`. */
export function mondayOf(at: Date, timeZone: string): string {
  const day = calendarDay(at, timeZone);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export type DueReport = { key: string; monday: string; at: Date };

/**
 * This Monday's report, once its time has come and for `catchUpMs` after (a server down at 07:00
 * sends it when it starts at 09:00, not on Tuesday). Asked again, the same key.
 */
export function dueWeeklyReport(now: Date, settings: ClockSettings): DueReport | null {
  if (!settings.weeklyReportTime) return null;
  const monday = mondayOf(now, settings.timeZone);
  const at = zonedInstant(monday, settings.weeklyReportTime, settings.timeZone);
  const late = now.getTime() - at.getTime();
  return late >= 0 && late <= catchUpMs ? { key: `weekly:${monday}`, monday, at } : null;
}

/** When the next Monday report falls due after `now`. */
export function nextWeeklyReportAt(now: Date, settings: ClockSettings): Date | null {
  if (!settings.weeklyReportTime) return null;
  const monday = mondayOf(now, settings.timeZone);
  for (const offset of [0, 7]) {
    const at = zonedInstant(addDays(monday, offset), settings.weeklyReportTime, settings.timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

export type Remindable = { id: string; createdAt: string; status: string };

/**
 * Requests that are still `new` `reminderAfterHours` after they came, each once (`reminder:<id>`).
 * Requests far past their reminder time (older than the catch-up window) get none: the first
 * start with this feature must not remind the owner of last year's requests.
 */
export function dueReminders<T extends Remindable>(
  leads: readonly T[],
  now: Date,
  settings: Pick<ClockSettings, "reminderAfterHours">,
): Array<{ key: string; lead: T }> {
  if (settings.reminderAfterHours <= 0) return [];
  const afterMs = settings.reminderAfterHours * hour;
  return leads
    .filter((lead) => {
      if (lead.status !== "new") return false;
      const late = now.getTime() - (Date.parse(lead.createdAt) + afterMs);
      return late >= 0 && late <= catchUpMs;
    })
    .map((lead) => ({ key: `reminder:${lead.id}`, lead }));
}

/** The earliest instant a reminder falls due for one of these leads after `now`, or null. */
export function nextReminderAt(
  leads: readonly Remindable[],
  now: Date,
  settings: Pick<ClockSettings, "reminderAfterHours">,
): Date | null {
  if (settings.reminderAfterHours <= 0) return null;
  let next: number | null = null;
  for (const lead of leads) {
    if (lead.status !== "new") continue;
    const due = Date.parse(lead.createdAt) + settings.reminderAfterHours * hour;
    if (due > now.getTime() && (next === null || due < next)) next = due;
  }
  return next === null ? null : new Date(next);
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** "Thu Nov 26, 9:04 PM": an instant as people read it on the zone's wall clock. */
export function momentWords(at: Date, timeZone: string): string {
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    momentFormats.set(timeZone, format);
  }
  // "Thu, Nov 26, 9:04 PM" → "Thu Nov 26, 9:04 PM", as the visit's words are written.
  return format.format(at).replace(",", "");
}

/**
 * "2026-11-26 9:04 PM": the zone's wall clock in a form spreadsheets read as a date and time and
 * people read at a glance (the CSV's `received`).
 */
export function spreadsheetTime(at: Date, timeZone: string): string {
  const clock = wallClock(at, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  const hour12 = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${hour12}:${pad(clock.minute)} ${clock.hour < 12 ? "AM" : "PM"}`;
}
