/**
 * The owner's command-line tools' view of the function (scripts/leads.ts, scripts/content.ts,
 * the benchmarks): requests filtered and written as text, CSV and JSON, the numbers, the coming
 * visits, the calendar feed's address, the content versions and the purge of unused pictures.
 */
export { createContentSource } from "./base/content-source.ts";
export { calendarFeedUrl, feedName } from "./booking/calendar-links.ts";
export { handleInbox } from "./inbox/inbox-routes.ts";
export { filterLeads, parseLeadFilter } from "./leads/lead-filters.ts";
export { toCsv, toJsonLine, toLead, toText } from "./leads/lead-formats.ts";
export { periodStats, statsDocument, statsText } from "./leads/lead-stats.ts";
export { type ScheduledVisit, scheduledVisits } from "./leads/schedule.ts";
export {
  comingPeriod,
  parseScheduleDays,
  scheduleJsonLines,
  scheduleText,
} from "./leads/schedule-formats.ts";
export { daysCovered, reportPeriods } from "./leads/stats-periods.ts";
export { inboxPageUrl } from "./links/page-urls.ts";
export {
  planPicturePurge,
  previewKeepDays,
  purgePictures,
} from "./site-pictures/picture-purge.ts";
export type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "./store/content-store.ts";
export type { SiteCount } from "./store/count-store.ts";
