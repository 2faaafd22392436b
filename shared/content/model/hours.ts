/**
 * The Hours form: the week (week.ts) and the days the business is closed besides, each a date
 * (July 4) or a weekday in its month (the last Monday of May).
 */
import { z } from "zod";
import { text, whole } from "./fields.ts";
import { field, itemOf, object, rows } from "./nodes.ts";
import { wholeRule } from "./rules.ts";
import { week } from "./week.ts";

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
].map((name, index) => ({ value: String(index + 1), label: name }));

const sundayFirst = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const holiday = {
  name: text("the holiday's name", 60, { label: "Name of the day" }),
  month: whole("the month", 1, 12, { label: "Month", choices: months, blank: "1" }),
  day: whole("the day", 1, 31, { label: "Day" }),
  weekday: whole("the weekday (0 for Sunday)", 0, 6, {
    label: "Or a weekday",
    choices: [
      { value: "", label: "(a date)" },
      ...sundayFirst.map((name, index) => ({ value: String(index), label: name })),
    ],
  }),
  nth: field("whole", z.union([wholeRule("which week", 1, 5), z.literal("last")]), {
    label: "Which one",
    choices: [
      { value: "", label: "(a date)" },
      { value: "1", label: "First" },
      { value: "2", label: "Second" },
      { value: "3", label: "Third" },
      { value: "4", label: "Fourth" },
      { value: "5", label: "Fifth" },
      { value: "last", label: "Last" },
    ],
  }),
};
const date = ["name", "month", "day"] as const;
const weekdayInMonth = ["name", "month", "weekday", "nth"] as const;

export const hours = object({
  week: week({
    label: "Opening hours",
    part: "hours",
    sameAsFirst: {
      label: "same hours as Monday",
      hint: "Each other day has a box “Same hours as Monday”: ticked, that day takes Monday's hours when you publish.",
    },
  }),
  holidays: rows({
    label: "Holidays",
    legend: "Closed days and holidays",
    hint: "Each is a date (July 4: July, day 4) or a weekday in its month (Memorial Day: May, Monday, Last; leave Day empty).",
    item: "Holiday",
    edit: { part: "hours" },
    fields: holiday,
    // A row with a weekday and no day of the month is a weekday in its month; any other, a date.
    shapes: {
      keys: [date, weekdayInMonth],
      of: (row) => ((row.day ?? "").trim() === "" && (row.weekday ?? "") !== "" ? 1 : 0),
    },
    schema: z
      .array(z.union([itemOf(holiday, date), itemOf(holiday, weekdayInMonth)]))
      .max(20, "Give at most 20 holidays."),
  }),
});
