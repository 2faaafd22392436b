/**
 * When a booked visit's reminder goes to the visitor: once, the day before, at a sensible hour in
 * the business's time zone (VISIT_REMINDER_TIME, 10:00 by default: inside office hours, so a
 * visitor who must change the time can call). Every visit has one, a one-time visit and each visit
 * of a plan alike (the visits come from leads/booked-visits.ts). Pure functions of "now", like
 * owner/clock.ts.
 *
 * - A visit booked or moved less than 12 hours before its reminder time gets none: the
 *   confirmation has just said it all (a visit booked this morning for tomorrow). Of a plan, that
 *   is its first visit (of the plan, or of a new frequency) and a visit moved by a person: the
 *   plan's last change stands for the time of the move, and its e-mail listed the visit.
 * - A visit held for the owner's confirmation gets none until the owner confirms it.
 * - A server that was down at that time sends it when it is back, up to 10 hours late (with the
 *   default time, until 8 PM the day before: never in the night), and never once the visit began.
 * - A one-time visit's key is `reminder:<id>:<sequence>`: a visit moved to another day has a
 *   reminder of its own. A plan visit's is `reminder:<id>:<series date>:<start>`: another change of
 *   the plan (a skip next month) leaves tomorrow's alone, a visit moved has a reminder of its own.
 */
import type { PlanRules, PlanVisit } from "../../../shared/booking/plans.ts";
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { calendarDay } from "../../../shared/calendar-day.ts";
import { addDays, zonedInstant } from "../base/clock.ts";
import { planVisitsBetween, type RequestVisit, seriesOf } from "../leads/booked-visits.ts";
import type { StoredPlan } from "../store/store.ts";

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

/** What a reminder e-mail carries: the visit, and for a plan's, the series date it stands for. */
export type ReminderPayload = {
  start: string;
  end: string;
  sequence: number;
  occurrence?: string;
};

export type DueReminder = { key: string; visit: RequestVisit; payload: ReminderPayload };

/** Whether the visit's booking or move just told the visitor about it (see above). */
function justToldOf({ request, planVisit }: RequestVisit): boolean {
  if (!planVisit || !request.plan) return true;
  const first = seriesOf(request.plan).some((series) => series.first.day === planVisit.occurrence);
  return first || planVisit.kind === "moved";
}

function window(visit: RequestVisit, settings: ReminderSettings) {
  // A time held for the owner's confirmation is not booked yet: its confirmation comes first.
  if (!settings.time || visit.request.visitHeld) return null;
  const dayBefore = addDays(calendarDay(visit.start, settings.timeZone), -1);
  const dueAt = zonedInstant(dayBefore, settings.time, settings.timeZone);
  const until = Math.min(dueAt.getTime() + lateMs, visit.start.getTime());
  const changed = visit.request.visitChangedAt ? Date.parse(visit.request.visitChangedAt) : 0;
  if (justToldOf(visit) && changed > dueAt.getTime() - freshBookingMs) return null;
  return { dueAt: dueAt.getTime(), until };
}

function reminderOf(visit: RequestVisit): DueReminder {
  const { request, planVisit } = visit;
  const start = visit.start.toISOString();
  const payload = {
    start,
    end: visit.end.toISOString(),
    sequence: request.visitSequence,
    ...(planVisit ? { occurrence: planVisit.occurrence } : {}),
  };
  const key = planVisit
    ? `reminder:${request.id}:${planVisit.occurrence}:${start}`
    : `reminder:${request.id}:${request.visitSequence}`;
  return { key, visit, payload };
}

/** The reminders due now among these visits (those of the next two days). */
export function dueVisitReminders(
  visits: readonly RequestVisit[],
  now: Date,
  settings: ReminderSettings,
): DueReminder[] {
  return visits.flatMap((visit) => {
    const due = window(visit, settings);
    if (!due || now.getTime() < due.dueAt || now.getTime() >= due.until) return [];
    return [reminderOf(visit)];
  });
}

/** The next instant after `now` a reminder falls due among these visits, or null. */
export function nextVisitReminderAt(
  visits: readonly RequestVisit[],
  now: Date,
  settings: ReminderSettings,
): Date | null {
  let next: number | null = null;
  for (const visit of visits) {
    const due = window(visit, settings);
    if (due && due.dueAt > now.getTime() && (next === null || due.dueAt < next)) next = due.dueAt;
  }
  return next === null ? null : new Date(next);
}

/**
 * The plan's visit a reminder was queued for, as the plan is now: the one of that series date
 * still at that time, or null (skipped, moved, paused or cancelled since).
 */
export function plannedVisitAt(
  plan: StoredPlan,
  occurrence: string,
  start: Date,
  rules: PlanRules,
): PlanVisit | null {
  const visits = planVisitsBetween(plan, start, new Date(start.getTime() + 1), rules);
  return visits.find((visit) => visit.occurrence === occurrence) ?? null;
}
