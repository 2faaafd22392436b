/**
 * When the visitor may expect our call: the site promises an answer within 24 hours
 * (business.responseTime), and the office calls during that day's hours (Monday to Saturday,
 * 8 AM to 7 PM as shipped; each day as the owner sets it), never on its holidays. 24 hours after
 * the request, rounded up to the hour, kept when the office is open then; otherwise the earliest
 * time the office can keep it:
 * - after closing on an open day: that day's closing (the office calls that afternoon; a Thursday
 *   evening request is called on Friday, not on Saturday morning);
 * - before opening, or on a closed day: the first open day's first hour of calls (opening + 1 h).
 * Shown as "Wed Nov 25, 5 PM" in the business's time zone.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { calendarDay, wallClock } from "../../../shared/calendar-day.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { formatDate } from "../../../shared/quote/preferred-windows.ts";
import { addDays, zonedInstant } from "../base/clock.ts";

const hour = 3_600_000;
const timeZone = businessTimeZone;

const weekdays = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;

/** What the call-back time reads of a content version: each day's hours, the closed days. */
export type OfficeFacts = Pick<Facts, "reach" | "closedDays">;

/**
 * The office's hours on an open day, as the version says (the owner may change them with a
 * published one), and one day may differ from the rest (Saturday until 5 PM keeps its own closing).
 */
function officeHours(day: string, facts: OfficeFacts) {
  const hours =
    facts.reach.hours.week[weekdays[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? "monday"];
  const [opens, closes] = hours.open ? [hours.opens, hours.closes] : ["08:00", "19:00"];
  return { closes, openHour: Number(opens.slice(0, 2)), closeHour: Number(closes.slice(0, 2)) };
}

const firstCalls = (day: string, facts: OfficeFacts) =>
  `${String(officeHours(day, facts).openHour + 1).padStart(2, "0")}:00`;

/** `facts`: the live version's, when the visitor is told (the office keeps today's hours). */
export function callBackBy(receivedAt: Date, facts: OfficeFacts): Date {
  const { closedReason } = facts.closedDays;
  const due = new Date(Math.ceil((receivedAt.getTime() + 24 * hour) / hour) * hour);
  const day = calendarDay(due, timeZone);
  const { hour: local } = wallClock(due, timeZone);
  if (closedReason(day) === null) {
    const { closes, openHour, closeHour } = officeHours(day, facts);
    if (local >= openHour + 1 && local <= closeHour) return due;
    if (local > closeHour) return zonedInstant(day, closes, timeZone);
    return zonedInstant(day, firstCalls(day, facts), timeZone);
  }
  let next = addDays(day, 1);
  while (closedReason(next) !== null) next = addDays(next, 1);
  return zonedInstant(next, firstCalls(next, facts), timeZone);
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** "Wed Nov 26, 5 PM" */
export function callBackWords(at: Date): string {
  const time = timeFormat.format(at).replace(":00", "");
  return `${formatDate(calendarDay(at, timeZone))}, ${time}`;
}
