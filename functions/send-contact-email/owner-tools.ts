/**
 * The owner's command-line tools' view of the function (scripts/leads.ts, scripts/content.ts,
 * the benchmarks): requests filtered and written as text, CSV and JSON, the numbers, the coming
 * visits (worked out with the store's live version), the calendar feed's address, the content
 * versions and the purge of unused pictures; the open times a visitor's page offers, for
 * `npm run bench:open-times`.
 */
export { createContentSource } from "./base/content-source.ts";
export { calendarFeedUrl, feedName } from "./booking/calendar-links.ts";
export { offeredTimes } from "./booking/visitor-booking.ts";
export { handleInbox } from "./inbox/inbox-routes.ts";
export { bookedVisitsBetween, planRulesOf } from "./leads/booked-visits.ts";
export { filterLeads, parseLeadFilter } from "./leads/lead-filters.ts";
export { toCsv, toJsonLine, toLead, toText } from "./leads/lead-formats.ts";
export { periodStats, statsDocument, statsText } from "./leads/lead-stats.ts";
export { storedLiveFacts } from "./leads/live-facts.ts";
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
