/**
 * The week's hours, declared once for every day: a day is closed, or open from a time to a later
 * one, each day a fieldset of the Hours form ("Monday": open or closed, opens at, closes at), each
 * day but Monday with a box that gives it Monday's hours (the editor's week-form.ts), and the
 * history tells a day's change as one line ("Saturday: closes at 5 PM, was 7 PM").
 */
import { z } from "zod";
import { dayName, type Weekday, weekdays } from "../weekdays.ts";
import { type DayNode, each, field, formSet, object, type PartSlug } from "./nodes.ts";
import { clockRule } from "./rules.ts";

/** Every half hour of a working day, as the hours' selects offer them ("08:00", "8:00 AM"). */
const times = Array.from({ length: 38 }, (_, index) => {
  const minutes = 5 * 60 + index * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
  const hour = Math.floor(minutes / 60) % 12 || 12;
  const words = `${hour}:${minutes % 60 === 0 ? "00" : "30"} ${minutes < 12 * 60 ? "AM" : "PM"}`;
  return { value, label: words };
});

const daySchema = () =>
  z.discriminatedUnion("open", [
    z.object({ open: z.literal(false) }),
    z
      .object({ open: z.literal(true), opens: clockRule, closes: clockRule })
      .refine((hours) => hours.opens < hours.closes, {
        message: "The closing time must be after the opening time.",
        path: ["closes"],
      }),
  ]);

function day(name: Weekday, part: PartSlug, hint?: string): DayNode<ReturnType<typeof daySchema>> {
  const words = dayName(name);
  const edit = { in: formSet(part, words, hint) };
  return {
    node: "day",
    schema: daySchema(),
    label: words,
    children: {
      open: field("yesNo", z.boolean(), {
        label: `${words}: open or closed`,
        choices: [
          { value: "true", label: "Open" },
          { value: "false", label: "Closed" },
        ],
        edit,
      }),
      opens: field("time", clockRule, { label: `${words}: opens at`, choices: times, edit }),
      closes: field("time", clockRule, { label: `${words}: closes at`, choices: times, edit }),
    },
  };
}

/**
 * The week on `part`'s form; `sameAsFirst`: the words of the box that gives a day the first day's
 * hours, and the line under the first day that says what it does.
 */
export function week(spec: {
  label: string;
  part: PartSlug;
  sameAsFirst: { label: string; hint: string };
}) {
  const first = weekdays[0];
  return object(
    each(weekdays, (name) =>
      day(name, spec.part, name === first ? spec.sameAsFirst.hint : undefined),
    ),
    { label: spec.label, sameAsFirst: { label: spec.sameAsFirst.label } },
  );
}
