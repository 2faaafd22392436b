/**
 * How often a quoted cleaning repeats: whether it has later visits at all, how people say its
 * rhythm ("every two weeks"), and how many visits a month it brings. The estimate, the form, the
 * owner's e-mail, page and push, and `npm run leads -- --stats` all read it from here.
 */
import { ownValue } from "../own-key.ts";
import type { Frequency } from "./price-list.ts";

/** What an estimate's schedule depends on: a home's frequency, a business's visits a week. */
export type ScheduleInputs =
  | { kind: "home"; frequency: Frequency }
  | { kind: "business"; visitsPerWeek: number };

/** A home's weekly, bi-weekly or monthly plan, and every business plan, has later visits. */
export function isRecurring(inputs: ScheduleInputs): boolean {
  return inputs.kind === "business" || inputs.frequency !== "one-time";
}

const homeCadence: Record<Exclude<Frequency, "one-time">, string> = {
  weekly: "every week",
  "bi-weekly": "every two weeks",
  monthly: "every month",
};

/**
 * How a later visit's price reads after its amount: "$260–$330 every two weeks" for a home,
 * "$400–$510 a visit, 3 visits a week" for a business; null for a one-time cleaning.
 */
export function cadenceText(inputs: ScheduleInputs): string | null {
  if (inputs.kind === "business") {
    const visits =
      inputs.visitsPerWeek === 1 ? "once a week" : `${inputs.visitsPerWeek} visits a week`;
    return `a visit, ${visits}`;
  }
  // Read from stored estimates too: a frequency no table knows has no cadence to name.
  return ownValue(homeCadence, inputs.frequency) ?? null;
}

const weeksPerMonth = 52 / 12;

/** Later visits in an average month: 52 weeks over 12 months; 0 for a one-time cleaning. */
export function visitsPerMonth(inputs: ScheduleInputs): number {
  if (inputs.kind === "business") return inputs.visitsPerWeek * weeksPerMonth;
  switch (inputs.frequency) {
    case "weekly":
      return weeksPerMonth;
    case "bi-weekly":
      return weeksPerMonth / 2;
    case "monthly":
      return 1;
    case "one-time":
      return 0;
  }
}
