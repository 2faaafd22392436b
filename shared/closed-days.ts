/**
 * The days the business is closed: its closed weekdays (Sunday) and its holidays, both from the
 * business facts (shared/business-reach.ts), each year's holiday dates worked out from their rules.
 * The quote form offers only open days and the contact function refuses any other: one rule, read
 * by both. Dates are calendar dates, "YYYY-MM-DD", where the business is (America/New_York).
 */
import type { BusinessReach, Holiday } from "./business-reach.ts";
import { dayName, type Weekday, weekdays } from "./content/weekdays.ts";

/** The owner's day a date falls on: JavaScript counts from Sunday (0), the owner's week from Monday. */
export const weekdayOf = (date: Date): Weekday => weekdays[(date.getUTCDay() + 6) % 7] as Weekday;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

function holidayDate(holiday: Holiday, year: number): Date {
  if ("day" in holiday) return utc(year, holiday.month, holiday.day);
  if (holiday.nth === "last") {
    const last = utc(year, holiday.month + 1, 0);
    return utc(
      year,
      holiday.month,
      last.getUTCDate() - ((last.getUTCDay() - holiday.weekday + 7) % 7),
    );
  }
  const first = utc(year, holiday.month, 1);
  const offset = (holiday.weekday - first.getUTCDay() + 7) % 7;
  return utc(year, holiday.month, 1 + offset + (holiday.nth - 1) * 7);
}

export type ClosedDays = {
  /** The year's holidays the business closes for, with the Monday after a Sunday one. */
  holidaysIn(year: number): { date: string; name: string }[];
  /** Why the business is closed on a date ("Sunday", "Thanksgiving"), or null when it is open. */
  closedReason(date: string): string | null;
};

/** The closed days of one version's hours; each year's holidays worked out once, when asked. */
export function closedDaysOf(hours: BusinessReach["hours"]): ClosedDays {
  const closedOn = (date: Date) => !hours.week[weekdayOf(date)].open;
  const byYear = new Map<number, Map<string, string>>();

  function holidaysIn(year: number): { date: string; name: string }[] {
    return hours.holidays.flatMap((holiday) => {
      const date = holidayDate(holiday, year);
      const days = [{ date: iso(date), name: holiday.name }];
      if ("day" in holiday && closedOn(date)) {
        const monday = new Date(date.getTime() + 86_400_000);
        days.push({ date: iso(monday), name: `${holiday.name} (observed)` });
      }
      return days;
    });
  }

  return {
    holidaysIn,
    closedReason(date) {
      const day = new Date(`${date}T00:00:00Z`);
      if (closedOn(day)) return dayName(weekdayOf(day));
      const year = day.getUTCFullYear();
      let holidays = byYear.get(year);
      if (!holidays) {
        holidays = new Map(holidaysIn(year).map((holiday) => [holiday.date, holiday.name]));
        byYear.set(year, holidays);
      }
      return holidays.get(date) ?? null;
    },
  };
}
