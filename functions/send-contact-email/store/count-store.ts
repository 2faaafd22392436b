/**
 * What the site's counts need from a store (shared/site-counts.ts): one total per day, page and
 * event, added to one at a time, and read back for a range of days. Days are the business's
 * (YYYY-MM-DD in America/New_York), so a week's numbers are the owner's week.
 */
import type { CountEvent } from "../../../shared/site-counts.ts";

export type SiteCount = { day: string; path: string; event: CountEvent; count: number };

export type CountStore = {
  /** Adds one to the total of that day, page and event. */
  addCount(day: string, path: string, event: CountEvent): Promise<void>;
  /** The totals of the days from `from` to `to`, both included, by day then page then event. */
  countsBetween(from: string, to: string): Promise<SiteCount[]>;
};
