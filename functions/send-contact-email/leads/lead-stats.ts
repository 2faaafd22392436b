/**
 * The owner's numbers, one module for every place they are read: `npm run leads -- --stats` (the
 * last week, then the last 7, 30 and 90 days), the inbox's week (inbox/week-numbers.ts) and the
 * Monday e-mail (owner/notifier.ts). From the stored requests and the site's daily counts:
 *
 * - requests by source (shared/visit-source.ts's names), by service and by town; how many were in
 *   the service area;
 * - what became of them: booked, won and lost (their status now); the median time from request to
 *   the first answer (contacted, won or lost);
 * - quote forms started (the pages' beacons) against sent (the requests themselves);
 * - phone taps by page, page views;
 * - what booked and won work is worth, two figures side by side rather than summed over a guessed
 *   horizon (docs/quote-details.md): the first visits (each estimate's first visit, with the offer
 *   when one was claimed, counted once; one-time cleanings are only this) and the recurring plans
 *   a month (each plan's later-visit price, never discounted, times its visits in an average
 *   month: weekly 52/12, bi-weekly 26/12, monthly 1, a business's visits a week × 52/12).
 *
 * Spam is not counted anywhere.
 */

import { addTo as count, emptyTally, ownValue } from "../../../shared/own-key.ts";
import { visitsPerMonth } from "../../../shared/quote/schedule.ts";
import { sourceChannel } from "../../../shared/source-words.ts";
import type { SiteCount } from "../store/count-store.ts";
import type { Lead } from "./lead-formats.ts";
import { periodDays, type StatsPeriod } from "./stats-periods.ts";

type Range = { low: number; high: number };

/** What the requests of one status are worth. */
export type WorkValue = {
  count: number;
  firstVisits: Range;
  recurringPerMonth: Range;
  /** Requests with a recurring plan (counted in recurringPerMonth). */
  recurringPlans: number;
  withoutEstimate: number;
};

/**
 * Statuses whose work is counted in money: a booked visit (booking/), a won job. Another valued
 * status is one more line here.
 */
export const valuedStatuses = ["booked", "won"] as const;
export type ValuedStatus = (typeof valuedStatuses)[number];

/** What became of the requests, in this order on every report. */
export const outcomeStatuses = ["booked", "won", "lost"] as const;

export type PeriodStats = {
  label: string;
  /** "Mon Nov 16 – Sun Nov 22" */
  days: string;
  requests: number;
  bySource: Record<string, number>;
  byService: Record<string, number>;
  byTown: Record<string, number>;
  inArea: number;
  /** Of the requests that had a ZIP. */
  withZip: number;
  /** Of the period's requests, how many have each status now. */
  byStatus: Record<string, number>;
  /** Median hours from request to the first answer, over the answered ones; null if none. */
  medianHoursToContact: number | null;
  answered: number;
  value: Record<ValuedStatus, WorkValue>;
  site: {
    views: number;
    calls: number;
    callsByPage: Record<string, number>;
    formStarts: number;
    /** Quote forms sent: the period's requests. */
    formSends: number;
  };
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const noValue = (): WorkValue => ({
  count: 0,
  firstVisits: { low: 0, high: 0 },
  recurringPerMonth: { low: 0, high: 0 },
  recurringPlans: 0,
  withoutEstimate: 0,
});

export function periodStats(
  leads: readonly Lead[],
  counts: readonly SiteCount[],
  period: StatsPeriod,
): PeriodStats {
  const from = period.from.getTime();
  const to = period.to.getTime();
  const inPeriod = leads.filter((lead) => {
    const at = Date.parse(lead.receivedAt);
    return lead.status !== "spam" && at >= from && at < to;
  });
  const stats: PeriodStats = {
    label: period.label,
    days: periodDays(period),
    requests: inPeriod.length,
    // Keyed by what visitors typed and tagged: tallies without a prototype (shared/own-key.ts).
    bySource: emptyTally(),
    byService: emptyTally(),
    byTown: emptyTally(),
    inArea: 0,
    withZip: 0,
    byStatus: emptyTally(),
    medianHoursToContact: null,
    answered: 0,
    value: { booked: noValue(), won: noValue() },
    site: {
      views: 0,
      calls: 0,
      callsByPage: emptyTally(),
      formStarts: 0,
      formSends: inPeriod.length,
    },
  };
  const hours: number[] = [];
  for (const lead of inPeriod) {
    count(stats.bySource, sourceChannel(lead.source));
    count(stats.byService, lead.serviceLabel);
    count(stats.byStatus, lead.status);
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
    const valued = valuedStatuses.find((status) => status === lead.status);
    if (valued) addValue(stats.value[valued], lead);
  }
  for (const value of Object.values(stats.value)) {
    value.recurringPerMonth.low = Math.round(value.recurringPerMonth.low);
    value.recurringPerMonth.high = Math.round(value.recurringPerMonth.high);
  }
  for (const row of counts) {
    if (row.day < period.firstDay || row.day > period.lastDay) continue;
    if (row.event === "view") stats.site.views += row.count;
    if (row.event === "form-start") stats.site.formStarts += row.count;
    if (row.event === "call") {
      stats.site.calls += row.count;
      count(stats.site.callsByPage, row.path, row.count);
    }
  }
  stats.answered = hours.length;
  stats.medianHoursToContact = median(hours);
  return stats;
}

function addValue(value: WorkValue, lead: Lead) {
  value.count += 1;
  if (!lead.estimate) {
    value.withoutEstimate += 1;
    return;
  }
  add(value.firstVisits, lead.estimate);
  // An estimate stored before recurring prices existed has no `recurring`: first visit only.
  if (lead.estimate.recurring) {
    add(value.recurringPerMonth, lead.estimate.recurring, visitsPerMonth(lead.estimate.inputs));
    value.recurringPlans += 1;
  }
}

function add(into: Range, range: Range, times = 1) {
  into.low += range.low * times;
  into.high += range.high * times;
}

// ---------------------------------------------------------------------------------------------
// The same figures in words: one sentence each, for the terminal, the e-mail and the inbox.

export function durationText(hours: number | null): string {
  if (hours === null) return "no answers yet";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;
const range = ({ low, high }: Range) => `${dollars(low)}–${dollars(high)}`;
export const plural = (amount: number, noun: string) =>
  `${amount} ${noun}${amount === 1 ? "" : "s"}`;

/** "3, first visits $1,120–$1,350 in total, then $650–$802 a month from 1 recurring plan". */
export function valueText(value: WorkValue): string {
  if (value.count === 0) return "0";
  if (value.withoutEstimate === value.count) return `${value.count}, without an estimate`;
  return [
    `${value.count}, first visits ${range(value.firstVisits)} in total`,
    value.recurringPlans
      ? `, then ${range(value.recurringPerMonth)} a month from ${plural(value.recurringPlans, "recurring plan")}`
      : "",
    value.withoutEstimate ? ` (${value.withoutEstimate} without an estimate)` : "",
  ].join("");
}

/** "6 booked, 3 won, 1 lost" (of the period's requests, what they are now). */
export function outcomesText(stats: PeriodStats): string {
  return outcomeStatuses
    .map((status) => `${ownValue(stats.byStatus, status) ?? 0} ${status}`)
    .join(", ");
}

/** "Google 5, Direct 2, Facebook 1": most first, then by name. */
export function tallyText(counts: Record<string, number>): string {
  const entries = sorted(counts);
  return entries.length === 0 ? "none" : entries.map(([name, n]) => `${name} ${n}`).join(", ");
}

export function sorted(counts: Record<string, number>): Array<[string, number]> {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The figures as lines of plain text (the Monday e-mail; the terminal indents them). */
export function statsLines(stats: PeriodStats): string[] {
  const site = stats.site;
  return [
    `${stats.label} (${stats.days}): ${plural(stats.requests, "request")}`,
    `By source: ${tallyText(stats.bySource)}`,
    `By town: ${tallyText(stats.byTown)}`,
    `By service: ${tallyText(stats.byService)}`,
    `In the service area: ${stats.inArea} of ${stats.withZip} with a ZIP`,
    `What became of them: ${outcomesText(stats)}`,
    `Time to first answer (median): ${durationText(stats.medianHoursToContact)} (${stats.answered} answered)`,
    `Booked: ${valueText(stats.value.booked)}`,
    `Won: ${valueText(stats.value.won)}`,
    `Quote forms: ${site.formStarts} started, ${site.formSends} sent`,
    `Phone taps: ${site.calls}${site.calls ? ` (${tallyText(site.callsByPage)})` : ""}`,
    `Page views: ${site.views}`,
  ];
}

/** `npm run leads -- --stats`: each period's lines, indented under its title. */
export function statsText(all: PeriodStats[]): string {
  return `${all
    .map((stats) => {
      const [title, ...rest] = statsLines(stats);
      return [title, ...rest.map((line) => `  ${line}`)].join("\n");
    })
    .join("\n\n")}\n`;
}

/**
 * `npm run leads -- --stats --json`: the same figures as one JSON document, for a script. Each
 * period says which instants it covers (`from` inclusive, `to` exclusive, ISO 8601 in UTC like
 * `--json`'s dates) and which business days its site counts are of; tallies are objects of
 * name to count; `medianHoursToContact` is null when nothing was answered.
 */
export function statsDocument(
  periods: readonly StatsPeriod[],
  all: readonly PeriodStats[],
  now: Date,
  timeZone: string,
) {
  return {
    generatedAt: now.toISOString(),
    timeZone,
    periods: periods.map((period, index) => ({
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      ...all[index],
    })),
  };
}
