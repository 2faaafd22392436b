/**
 * The week as the owner enters it (open or closed, opening and closing time per day) in the words
 * and lists the pages, the structured data and the e-mails use: "Mon–Sat 8:00 AM to 7:00 PM",
 * one slot per run of days with the same hours, the closed days by name.
 */
import type { Weekday } from "./site-content.ts";

export type DayHours = { open: false } | { open: true; opens: string; closes: string };
export type Week = Record<Weekday, DayHours>;

export type OpeningSlot = {
  /** "Monday to Saturday", "Sunday", "Monday and Tuesday" */
  days: string;
  /** "08:00" 24-hour, for structured data */
  opens: string;
  closes: string;
  /** "8:00 AM to 7:00 PM" with no-break spaces, for the pages */
  label: string;
  /** The slot's days, full English names, for structured data */
  dayNames: string[];
};

const order: Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];

const fullName = (day: Weekday) => day[0]?.toUpperCase() + day.slice(1);
const shortName = (day: Weekday) => fullName(day).slice(0, 3);

/** "19:00" -> "7:00 PM", with a chosen space before the period. */
export function clockWords(time: string, space = " "): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const period = hours < 12 ? "AM" : "PM";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, "0")}${space}${period}`;
}

type Run = { days: Weekday[]; opens: string; closes: string };

function openRuns(week: Week): Run[] {
  const runs: Run[] = [];
  let previous: Weekday | null = null;
  for (const day of order) {
    const hours = week[day];
    const last = runs.at(-1);
    if (!hours.open) {
      previous = null;
      continue;
    }
    if (last && previous && last.opens === hours.opens && last.closes === hours.closes)
      last.days.push(day);
    else runs.push({ days: [day], opens: hours.opens, closes: hours.closes });
    previous = day;
  }
  return runs;
}

function spanWords(days: Weekday[], name: (day: Weekday) => string, to: string): string {
  const first = days[0] as Weekday;
  const last = days.at(-1) as Weekday;
  if (days.length === 1) return name(first);
  if (days.length === 2) return `${name(first)} and ${name(last)}`;
  return `${name(first)}${to}${name(last)}`;
}

export function openingHours(week: Week) {
  const runs = openRuns(week);
  const open: OpeningSlot[] = runs.map((run) => ({
    days: spanWords(run.days, fullName, " to "),
    opens: run.opens,
    closes: run.closes,
    label: `${clockWords(run.opens, "\u00a0")} to ${clockWords(run.closes, "\u00a0")}`,
    dayNames: run.days.map(fullName),
  }));
  const summary = runs
    .map(
      (run) =>
        `${spanWords(run.days, shortName, "–")} ${clockWords(run.opens)} to ${clockWords(run.closes)}`,
    )
    .join(", ");
  return {
    summary,
    open,
    closed: order.filter((day) => !week[day].open).map(fullName),
    schemaDays: open.flatMap((slot) => slot.dayNames),
  };
}
