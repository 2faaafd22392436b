/**
 * The opening hours the booking tests share: weekdays 8 AM to 7 PM, Saturday 9 AM to 1 PM, closed
 * on Sunday, Thanksgiving and Christmas Day, in New York.
 */

import type { Plan, PlanRules } from "../../shared/booking/plans.ts";
import type { Holiday } from "../../shared/business-reach.ts";
import { zonedInstant } from "../../shared/calendar-day.ts";
import { closedDaysOf } from "../../shared/closed-days.ts";
import { type Week, weekWords } from "../../shared/content/opening-hours.ts";

export const ny = "America/New_York";

/** A business date and wall time as an instant in New York. */
export const local = (day: string, time: string) => zonedInstant(day, time, ny);

const weekday = { open: true, opens: "08:00", closes: "19:00" } as const;
export const week: Week = {
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: { open: true, opens: "09:00", closes: "13:00" },
  sunday: { open: false },
};
export const holidays: Holiday[] = [
  { name: "Thanksgiving", month: 11, weekday: 4, nth: 4 },
  { name: "Christmas Day", month: 12, day: 25 },
];
export const closedDays = closedDaysOf({ ...weekWords(week), week, holidays });

/** How the plans' tests work visits out: this week, its closed days, a closed day's visit skipped. */
export const planRules: PlanRules = { closedDays, week, timeZone: ny, closedDayVisits: "skip" };

/** Every Tuesday at 9:00 AM from Tuesday, December 1, 2026, two hours each. */
export const weeklyPlan: Plan = {
  first: { day: "2026-12-01", time: "09:00" },
  minutes: 120,
  every: "week",
  skipped: [],
  moved: [],
};

/** The weekly plan with some changes. */
export const planWith = (changes: Partial<Plan>): Plan => ({ ...weeklyPlan, ...changes });
