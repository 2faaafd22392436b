/**
 * The week as the owner enters it (open or closed, opening and closing time per day) in the words
 * people use, and in the lists the structured data needs. The days are grouped as a person would
 * say them, whatever the owner changes: "Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM",
 * "Monday to Saturday except Wednesday, 8 AM to 7 PM", "Every day, 9 AM to 5 PM", "Saturday,
 * 9 AM to 1 PM" (never "Monday to Friday and Saturday").
 */
import { dayName, type Weekday, weekdays } from "./weekdays.ts";

export type DayHours = { open: false } | { open: true; opens: string; closes: string };
export type Week = Record<Weekday, DayHours>;

/** A run of days in a row with the same hours: what the structured data lists. */
export type OpeningSlot = {
  /** "08:00" 24-hour, for structured data */
  opens: string;
  closes: string;
  /** The slot's days, full English names, for structured data */
  dayNames: string[];
};

const name = (index: number) => dayName(weekdays[index] as Weekday);

/** "19:00" -> "7 PM", "17:30" -> "5:30 PM", "12:00" -> "noon". */
export function clockWords(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  if (hours === 12 && !minutes) return "noon";
  return `${hours % 12 || 12}${minutes ? time.slice(2) : ""} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Monday, Wednesday and Friday" */
const list = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");

/**
 * Any set of days, as a person says it: "Saturday", "Monday and Tuesday", "Monday to Saturday",
 * "Monday to Saturday except Wednesday" (a few closed days inside a long span; not for the
 * closed days themselves), "Monday to Wednesday and Saturday", "Monday to Sunday".
 */
export function daysWords(days: readonly Weekday[], except = true): string {
  const mask = weekdays.map((day) => +days.includes(day)).join(""); // "1101110"
  const first = mask.indexOf("1");
  const last = mask.lastIndexOf("1");
  const gaps = weekdays.slice(first, last + 1).filter((day) => !days.includes(day));
  if (except && gaps.length && days.length > 3 && gaps.length * 2 < days.length)
    return `${name(first)} to ${name(last)} except ${list(gaps.map(dayName))}`;
  // Each run of days in a row: three or more as "Monday to Wednesday", fewer by name.
  return list(
    [...mask.matchAll(/1+/g)].flatMap(({ 0: run, index }) =>
      run.length > 2
        ? `${name(index)} to ${name(index + run.length - 1)}`
        : [...run].map((_, offset) => name(index + offset)),
    ),
  );
}

type Hours = { opens: string; closes: string };
type Group = Hours & { days: Weekday[] };

/** The open days gathered by their hours, in the order of their first day. */
function hoursGroups(week: Week): Group[] {
  const groups: Group[] = [];
  for (const day of weekdays) {
    const hours = week[day];
    if (!hours.open) continue;
    const same = groups.find(
      (group) => group.opens === hours.opens && group.closes === hours.closes,
    );
    if (same) same.days.push(day);
    else groups.push({ opens: hours.opens, closes: hours.closes, days: [day] });
  }
  return groups;
}

const span = (hours: Hours) => `${clockWords(hours.opens)} to ${clockWords(hours.closes)}`;

/** How a group's hours differ from the usual ones: "until 5 PM", "from 10 AM", "9 AM to 1 PM". */
function difference(hours: Hours, usual: Hours): string {
  if (hours.opens === usual.opens) return `until ${clockWords(hours.closes)}`;
  if (hours.closes === usual.closes) return `from ${clockWords(hours.opens)}`;
  return span(hours);
}

/** The week in words: what the quote form, the e-mails and the pages' sentences say. */
export function weekWords(week: Week) {
  const openDays = weekdays.filter((day) => week[day].open);
  const closed = weekdays.filter((day) => !week[day].open);
  // The usual hours are those of the most days (a stable sort: on a tie, the earliest day's).
  const [usual, ...others] = hoursGroups(week).sort((a, b) => b.days.length - a.days.length);
  const days = daysWords(openDays);
  return {
    /**
     * "Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM": every open day with the usual
     * hours, then each day that differs, and how. For a sentence, an e-mail.
     */
    summary: usual
      ? [
          `${days.replace(/^Monday to Sunday/, "Every day")}, ${span(usual)}`,
          ...others.map((group) => `${daysWords(group.days)} ${difference(group, usual)}`),
        ].join("; ")
      : "Closed all week",
    /** "Monday to Saturday": the days a visit may be asked for. */
    openDays: days,
    /** "Sunday", "Wednesday and Sunday"; empty when no day is closed. */
    closedDays: daysWords(closed, false),
  };
}

/**
 * One line per set of hours, then the closed days, for the cards ("Monday to Friday: 8 AM to
 * 7 PM", "Saturday: 8 AM to 5 PM", "Sunday: Closed"); the hours with no-break spaces.
 */
export function hoursLines(week: Week): string[] {
  const closed = weekdays.filter((day) => !week[day].open);
  return [
    // No-break spaces: "8 AM to 7 PM" stays on one line, after the days if need be.
    ...hoursGroups(week).map(
      (group) => `${daysWords(group.days)}: ${span(group).replaceAll(" ", "\u00a0")}`,
    ),
    ...(closed.length ? [`${daysWords(closed, false)}: Closed`] : []),
  ];
}

/** Runs of days in a row with the same hours, for structured data. */
export function openingSlots(week: Week): OpeningSlot[] {
  const open: OpeningSlot[] = [];
  weekdays.forEach((day, index) => {
    const hours = week[day];
    const before = week[weekdays[index - 1] as Weekday];
    const slot = open.at(-1);
    if (!hours.open) return;
    if (slot && before?.open && before.opens === hours.opens && before.closes === hours.closes)
      slot.dayNames.push(dayName(day));
    else open.push({ opens: hours.opens, closes: hours.closes, dayNames: [dayName(day)] });
  });
  return open;
}
