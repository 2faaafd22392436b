/**
 * A plan's visits in the customer's words, for its e-mails (plan-emails.ts) and for the reminder
 * before each of its visits: "Tuesday, December 1, 9:00–11:00 AM", the next visits with the closed
 * dates they pass over, and what a reminder adds.
 *
 * A series date the business is closed on (a holiday) whose visit is not moved is an EXDATE in the
 * customer's calendar; in words it is named in every plan e-mail whose next visits pass it, and in
 * the reminder of the visit before it, which says when the next one is. A visit moved off a closed
 * day says so in its own reminder.
 */
import { dayLabel, timeLabel } from "../../../shared/booking/open-times.ts";
import {
  describeEvery,
  type Plan,
  type PlanRules,
  type PlanVisit,
  planDates,
} from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import { weekdayOf } from "../../../shared/closed-days.ts";
import { dayName } from "../../../shared/content/weekdays.ts";
import { timeRange, visitOf } from "../base/visit.ts";
import { planRulesOf, planVisitsBetween, seriesOf } from "../leads/booked-visits.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import type { ReminderWords, Section, VisitorLetters } from "./visitor-emails.ts";

const day = 86_400_000;
/** How far ahead the next visits are looked for: past the longest pause (a year). */
const lookAheadDays = 400;
/** How many next visits an e-mail lists. */
const listed = 4;

/** "Tuesday, December 1, 9:00–11:00 AM". */
export function planVisitWords(visit: PlanVisit): string {
  return `${dayLabel(visit.day)}, ${timeRange(visitOf(visit.start, visit.end))}`;
}

/** "every week on Tuesday at 9:00 AM". */
export function everyWords(plan: Plan): string {
  return `${describeEvery(plan.every, plan.first.day)} at ${timeLabel(plan.first.time)}`;
}

export const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** The plan's visits (of every series) that start after `now`, earliest first. */
export function comingVisits(plan: StoredPlan, now: Date, rules: PlanRules, count: number) {
  const to = new Date(now.getTime() + lookAheadDays * day);
  return planVisitsBetween(plan, now, to, rules).slice(0, count);
}

/** "Friday, November 27, 9:00–11:00 AM (moved from Thursday, November 26: we are closed on Thanksgiving)". */
export function listedVisit(visit: PlanVisit): string {
  if (visit.kind !== "closed-moved") return planVisitWords(visit);
  return `${planVisitWords(visit)} (moved from ${dayLabel(visit.occurrence)}: we are closed on ${visit.closedReason})`;
}

/** The series dates from `from` to `to` with no visit because the business is closed then. */
function closedDates(plan: StoredPlan, from: string, to: string, rules: PlanRules) {
  return seriesOf(plan)
    .flatMap((series) => planDates(series, { ...rules, from, to }))
    .flatMap((date) =>
      date.visit === null && date.why === "closed"
        ? [`No visit on ${dayLabel(date.occurrence)}: we are closed on ${date.closedReason}.`]
        : [],
    );
}

/** "Your next visits", with the closed dates they pass over. */
export function nextVisitsSection(
  plan: StoredPlan,
  now: Date,
  rules: PlanRules,
  timeZone: string,
): Section[] {
  const visits = comingVisits(plan, now, rules, listed);
  const last = visits.at(-1);
  if (!last) return [{ heading: "Your next visits", lines: ["No visits are planned."] }];
  return [
    {
      heading: "Your next visits",
      lines: [
        ...visits.map(listedVisit),
        ...closedDates(plan, calendarDay(now, timeZone), last.day, rules),
      ],
    },
  ];
}

/**
 * What a plan visit's reminder adds: why it is not on its usual day (moved off a closed day), when
 * the visit after it is, naming a closed date between them (no visit that day), and how to change
 * it: on the page until the cut-off, by phone after.
 */
export function planReminderWords(
  request: StoredContactRequest,
  visit: PlanVisit,
  letters: VisitorLetters,
  now: Date,
): ReminderWords {
  const plan = request.plan;
  const { cutoffHours } = letters.live.booking;
  const after =
    visit.start.getTime() - now.getTime() > cutoffHours * 3_600_000
      ? "Something changed? Skip or move this visit on that page, or call us."
      : "Something changed? Please call us: this visit is too close to change on that page.";
  if (!plan) return { notes: [], after };
  const rules = planRulesOf(letters.live);
  const notes: string[] = [];
  if (visit.kind === "closed-moved") {
    const weekday = dayName(weekdayOf(new Date(`${visit.day}T00:00:00Z`)));
    notes.push(
      `We are closed on ${visit.closedReason} (${dayLabel(visit.occurrence)}), so this visit moved to ${weekday}.`,
    );
  }
  const [following] = comingVisits(plan, visit.end, rules, 1);
  if (!following) return { notes, after };
  // A closed date whose visit moved has its visit: only the ones left without are named.
  const closed = closedDates(plan, addDays(visit.occurrence, 1), following.day, rules);
  notes.push(...closed, `After this one, your next visit is ${planVisitWords(following)}.`);
  return { notes, after };
}
