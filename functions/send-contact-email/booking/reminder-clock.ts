/**
 * When a booked visit's reminder goes to the visitor: once, the day before, at a sensible hour in
 * the business's time zone (VISIT_REMINDER_TIME, 10:00 by default: inside office hours, so a
 * visitor who must change the time can call). Pure functions of "now", like owner/clock.ts.
 *
 * - A visit booked or moved less than 12 hours before its reminder time gets none: the
 *   confirmation has just said it all (a visit booked this morning for tomorrow).
 * - A server that was down at that time sends it when it is back, up to 10 hours late (with the
 *   default time, until 8 PM the day before: never in the night), and never once the visit began.
 * - Its key is `reminder:<id>:<sequence>`: a visit moved to another day has a reminder of its own.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { addDays, zonedInstant } from "../base/clock.ts";
import { visitDay } from "../base/visit.ts";
import type { StoredContactRequest } from "../store/store.ts";

export type ReminderSettings = {
  /** Local "HH:MM" the day before the visit, or null for no reminders. */
  time: string | null;
  timeZone: string;
};

export const reminderDefaults: ReminderSettings = { time: "10:00", timeZone: businessTimeZone };

/** A booking this close before the reminder time makes the reminder pointless. */
const freshBookingMs = 12 * 3_600_000;
/** How late a reminder may still go out (a server down at its time): 10:00 → 8 PM. */
const lateMs = 10 * 3_600_000;

export type DueReminder = { key: string; request: StoredContactRequest };

function window(request: StoredContactRequest, settings: ReminderSettings) {
  if (!request.visit || !settings.time) return null;
  const dayBefore = addDays(visitDay(request.visit), -1);
  const dueAt = zonedInstant(dayBefore, settings.time, settings.timeZone);
  const until = Math.min(dueAt.getTime() + lateMs, Date.parse(request.visit.start));
  const changed = request.visitChangedAt ? Date.parse(request.visitChangedAt) : 0;
  if (changed > dueAt.getTime() - freshBookingMs) return null;
  return { dueAt: dueAt.getTime(), until };
}

/** The reminders due now among these requests (their visits in the next two days). */
export function dueVisitReminders(
  requests: readonly StoredContactRequest[],
  now: Date,
  settings: ReminderSettings,
): DueReminder[] {
  return requests.flatMap((request) => {
    const due = window(request, settings);
    if (!due || now.getTime() < due.dueAt || now.getTime() >= due.until) return [];
    return [{ key: `reminder:${request.id}:${request.visitSequence}`, request }];
  });
}

/** The next instant after `now` a reminder falls due among these requests, or null. */
export function nextVisitReminderAt(
  requests: readonly StoredContactRequest[],
  now: Date,
  settings: ReminderSettings,
): Date | null {
  let next: number | null = null;
  for (const request of requests) {
    const due = window(request, settings);
    if (due && due.dueAt > now.getTime() && (next === null || due.dueAt < next)) next = due.dueAt;
  }
  return next === null ? null : new Date(next);
}
