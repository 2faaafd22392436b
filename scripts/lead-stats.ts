/**
 * `npm run leads -- --stats`: numbers the owner can act on, for the last 7, 30 and 90 days.
 * Requests by service and by town, how many were in the service area, the median time from request
 * to the first answer (contacted, booked, won or lost), how many have a visit booked, how many
 * were won and what their estimates add up to. Spam is not counted.
 *
 * Won value, side by side rather than summed over a guessed horizon (docs/quote-details.md):
 * - first visits: each won estimate's first visit (with the offer when one was claimed), counted
 *   once, one-time cleanings included;
 * - recurring a month: each won recurring plan's later-visit price (never discounted) times its
 *   visits in an average month (weekly 52/12, bi-weekly 26/12, monthly 1, a business's visits a
 *   week × 52/12).
 */
import { visitsPerMonth } from "../shared/quote/schedule.ts";
import type { Lead } from "./lead-formats.ts";

type Range = { low: number; high: number };

export type PeriodStats = {
  days: number;
  requests: number;
  byService: Record<string, number>;
  byTown: Record<string, number>;
  inArea: number;
  /** Of the requests that had a ZIP. */
  withZip: number;
  /** Median hours from request to the first answer, over the answered ones; null if none. */
  medianHoursToContact: number | null;
  answered: number;
  /** Requests with a visit booked (status booked) now. */
  booked: number;
  won: number;
  /** What the won requests' estimates add up to (whole dollars); see the top of this file. */
  wonValue: {
    firstVisits: Range;
    recurringPerMonth: Range;
    /** Won requests with a recurring plan (counted in recurringPerMonth). */
    recurringPlans: number;
    withoutEstimate: number;
  };
};

export const statsPeriods = [7, 30, 90] as const;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function count(into: Record<string, number>, key: string) {
  into[key] = (into[key] ?? 0) + 1;
}

export function periodStats(leads: Lead[], now: Date, days: number): PeriodStats {
  const since = now.getTime() - days * 86_400_000;
  const inPeriod = leads.filter(
    (lead) => lead.status !== "spam" && Date.parse(lead.receivedAt) >= since,
  );
  const stats: PeriodStats = {
    days,
    requests: inPeriod.length,
    byService: {},
    byTown: {},
    inArea: 0,
    withZip: 0,
    medianHoursToContact: null,
    answered: 0,
    booked: 0,
    won: 0,
    wonValue: {
      firstVisits: { low: 0, high: 0 },
      recurringPerMonth: { low: 0, high: 0 },
      recurringPlans: 0,
      withoutEstimate: 0,
    },
  };
  const hours: number[] = [];
  for (const lead of inPeriod) {
    count(stats.byService, lead.serviceLabel);
    if (lead.zip !== undefined) {
      stats.withZip += 1;
      if (lead.inServiceArea) stats.inArea += 1;
      count(stats.byTown, lead.inServiceArea && lead.town ? lead.town : "outside the area");
    } else {
      count(stats.byTown, "no ZIP given");
    }
    if (lead.contactedAt) {
      hours.push((Date.parse(lead.contactedAt) - Date.parse(lead.receivedAt)) / 3_600_000);
    }
    if (lead.status === "booked") stats.booked += 1;
    if (lead.status === "won") {
      stats.won += 1;
      const value = stats.wonValue;
      if (lead.estimate) {
        add(value.firstVisits, lead.estimate);
        // An estimate stored before recurring prices existed has no `recurring`: first visit only.
        if (lead.estimate.recurring) {
          add(
            value.recurringPerMonth,
            lead.estimate.recurring,
            visitsPerMonth(lead.estimate.inputs),
          );
          value.recurringPlans += 1;
        }
      } else {
        value.withoutEstimate += 1;
      }
    }
  }
  const monthly = stats.wonValue.recurringPerMonth;
  monthly.low = Math.round(monthly.low);
  monthly.high = Math.round(monthly.high);
  stats.answered = hours.length;
  stats.medianHoursToContact = median(hours);
  return stats;
}

function add(into: Range, range: Range, times = 1) {
  into.low += range.low * times;
  into.high += range.high * times;
}

function duration(hours: number | null): string {
  if (hours === null) return "no answers yet";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;

function table(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (entries.length === 0) return "    (none)";
  return entries.map(([label, value]) => `    ${String(value).padStart(4)}  ${label}`).join("\n");
}

export function statsText(all: PeriodStats[]): string {
  return `${all
    .map((stats) => {
      const value = stats.wonValue;
      const range = ({ low, high }: Range) => `${dollars(low)}–${dollars(high)}`;
      const plans = `${value.recurringPlans} recurring plan${value.recurringPlans === 1 ? "" : "s"}`;
      const won =
        stats.won === 0
          ? "0"
          : [
              `${stats.won}, first visits ${range(value.firstVisits)} in total`,
              value.recurringPlans
                ? `, then ${range(value.recurringPerMonth)} a month from ${plans}`
                : "",
              value.withoutEstimate ? ` (${value.withoutEstimate} without an estimate)` : "",
            ].join("");
      return [
        `Last ${stats.days} days: ${stats.requests} request${stats.requests === 1 ? "" : "s"}`,
        `  In the service area: ${stats.inArea} of ${stats.withZip} with a ZIP`,
        `  Time to first answer (median): ${duration(stats.medianHoursToContact)} (${stats.answered} answered)`,
        `  Booked: ${stats.booked}`,
        `  Won: ${won}`,
        "  By service:",
        table(stats.byService),
        "  By town:",
        table(stats.byTown),
      ].join("\n");
    })
    .join("\n\n")}\n`;
}
