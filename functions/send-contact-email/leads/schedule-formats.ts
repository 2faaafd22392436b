/**
 * `npm run leads -- --schedule`: the coming visits (schedule.ts) as the owner reads them in a
 * terminal, one line each, grouped by day, or one JSON object a line for a script. Visitor text
 * is printed, never obeyed (lead-formats.ts's terminalText and toJsonLine).
 */
import { phoneDisplay } from "../../../shared/phone.ts";
import { type Visit, visitDay, visitWords } from "../base/visit.ts";
import { terminalText, toJsonLine } from "./lead-formats.ts";
import { kindWords, placeWords, priceWords, type ScheduledVisit } from "./schedule.ts";

/** How far ahead `--schedule` looks without `--days`, and at most. */
export const scheduleDays = { default: 14, max: 366 } as const;

/** `--days N`: a whole number of days, 1 to a year. */
export function parseScheduleDays(raw: string | undefined): number {
  if (raw === undefined) return scheduleDays.default;
  const days = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(days >= 1 && days <= scheduleDays.max))
    throw new Error(`--days takes a number of days from 1 to ${scheduleDays.max}, not "${raw}".`);
  return days;
}

/** From now to `days` × 24 hours ahead: the visits starting then are listed. */
export function comingPeriod(now: Date, days: number): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + days * 86_400_000) };
}

const ahead = (days: number) => (days === 1 ? "the next day" : `the next ${days} days`);

/**
 * "Tue Dec 1, 9:00–11:00 AM  Dana Whitfield  (484) 555-0199  12 Main St, Exton PA 19341
 * $180–$220  One-time" (or "Plan: every week", "Plan: every week, moved from Tue Dec 1"), a line
 * a visit, a blank line between days, then how many.
 */
export function scheduleText(visits: readonly ScheduledVisit[], days: number): string {
  if (visits.length === 0) return `No visits booked in ${ahead(days)}.\n`;
  const lines: string[] = [];
  let day = "";
  for (const visit of visits) {
    const times: Visit = { start: visit.start, end: visit.end };
    if (day && visitDay(times) !== day) lines.push("");
    day = visitDay(times);
    lines.push(
      [
        visitWords(times),
        terminalText(visit.name),
        terminalText(phoneDisplay(visit.phone)),
        terminalText(placeWords(visit)),
        priceWords(visit),
        kindWords(visit),
      ].join("  "),
    );
  }
  const count = `${visits.length} visit${visits.length === 1 ? "" : "s"} in ${ahead(days)}.`;
  return `${lines.join("\n")}\n\n${count}\n`;
}

/** One JSON object a line: times as ISO 8601 with the business's offset, the price in dollars. */
export function scheduleJsonLines(visits: readonly ScheduledVisit[]): string {
  return visits.map((visit) => `${toJsonLine(visit)}\n`).join("");
}
