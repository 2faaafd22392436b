/**
 * A plan and its visits as the customer's page, the owner's notices and the events say them:
 * "every week on Tuesday at 9:00 AM", "Tuesday, December 8, 9:00 AM–1:00 PM".
 */
import { dayLabel, timeLabel } from "../../../shared/booking/open-times.ts";
import { describeEvery, type Plan } from "../../../shared/booking/plans.ts";
import { timeRange } from "../base/visit.ts";

/** "Tuesday, December 8" for 2026-12-08. */
export const dayWords = dayLabel;

/** "Tuesday, December 8, 9:00 AM–1:00 PM". */
export function visitDayWords(visit: { day: string; start: Date; end: Date }): string {
  return `${dayLabel(visit.day)}, ${timeRange({ start: visit.start.toISOString(), end: visit.end.toISOString() })}`;
}

/** "every week on Tuesday at 9:00 AM". */
export function planWords(plan: Pick<Plan, "every" | "first">): string {
  return `${describeEvery(plan.every, plan.first.day)} at ${timeLabel(plan.first.time)}`;
}

/** "4 hours", "2 hours 30 minutes". */
export function lengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minutes` : ""]
    .filter(Boolean)
    .join(" ");
}
