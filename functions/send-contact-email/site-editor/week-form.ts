/**
 * The week on its form (shared/content/model/week.ts declares it): each day but the first has a
 * box that gives it the first day's hours ("Tuesday: same hours as Monday"), shown ticked when the
 * day has them, and a closed day keeps offering the usual times, so opening it again is one choice.
 * The box is the form's only: the document keeps each day's own hours.
 */
import {
  type Declared,
  declarationAt,
  declarations,
} from "../../../shared/content/model/content-model.ts";
import type { ObjectNode, PartSlug } from "../../../shared/content/model/nodes.ts";
import type { Field, Group, Values } from "./site-fields.ts";

/** A closed day's times, offered when it opens again. */
const usualTimes = { opens: "08:00", closes: "17:00" } as const;
const dayParts = ["open", "opens", "closes"] as const;

const parentPath = (path: string) => path.slice(0, path.lastIndexOf("."));

/** The week a day's field is in, when its days may take the first's hours. */
function weekOf(declared: Declared): { path: string; node: ObjectNode; first: string } | null {
  if (declared.parent?.node !== "day") return null;
  const path = parentPath(parentPath(declared.path));
  const week = declarationAt(path)?.node;
  if (week?.node !== "object" || !week.sameAsFirst) return null;
  return { path, node: week, first: Object.keys(week.children)[0] as string };
}

/** The box's name for a day: `hours.week.tuesday.sameAsMonday`. */
const boxName = (weekPath: string, day: string, first: string) =>
  `${weekPath}.${day}.sameAs${first.charAt(0).toUpperCase()}${first.slice(1)}`;

/** The first box of a day's fieldset, before its own fields: none for the first day. */
export function sameHoursBox(declared: Declared): Field | null {
  const week = weekOf(declared);
  if (!week || declared.parent?.node !== "day") return null;
  const day = parentPath(declared.path).slice(week.path.length + 1);
  if (day === week.first) return null;
  const name = declared.parent.label;
  return {
    path: boxName(week.path, day, week.first),
    kind: "checkbox",
    label: `${name}: ${week.node.sameAsFirst?.label}`,
    formOnly: true,
    said: `${name}: `,
  };
}

/** The weeks edited on a part's form, each with its days. */
function weeksOn(part: PartSlug) {
  const weeks = new Map<string, { first: string; days: string[] }>();
  for (const declared of declarations()) {
    const week = weekOf(declared);
    if (!week || declared.node.node !== "field" || declared.node.edit?.in.part !== part) continue;
    weeks.set(week.path, { first: week.first, days: Object.keys(week.node.children) });
  }
  return [...weeks].map(([path, week]) => ({ path, ...week }));
}

/** The week's part of a group: the values shown and the values sent made whole. */
export function weekForm(part: PartSlug): Pick<Group, "fill" | "complete"> {
  const weeks = weeksOn(part);
  if (weeks.length === 0) return {};
  const at = (path: string, day: string, key: string) => `${path}.${day}.${key}`;
  return {
    fill(values: Values) {
      for (const { path, first, days } of weeks) {
        for (const day of days)
          for (const key of ["opens", "closes"] as const)
            values[at(path, day, key)] ||= usualTimes[key];
        // A day with the first day's hours is shown as one ticked box.
        for (const day of days.filter((one) => one !== first))
          values[boxName(path, day, first)] = dayParts.every(
            (key) => values[at(path, day, key)] === values[at(path, first, key)],
          )
            ? "on"
            : "";
      }
    },
    complete(values: Values) {
      // A ticked day takes the first day's hours as sent, whatever its own boxes say.
      for (const { path, first, days } of weeks)
        for (const day of days.filter((one) => one !== first))
          if (values[boxName(path, day, first)])
            for (const key of dayParts)
              values[at(path, day, key)] = values[at(path, first, key)] ?? "";
    },
  };
}
