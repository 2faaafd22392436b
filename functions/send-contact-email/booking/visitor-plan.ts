/**
 * The customer's changes to their plan on their own page (docs/owner.md, "The customer manages
 * their plan"): the form's fields become a PlanChange, made into the request's one change as the
 * owner's are (plan-request-change.ts), the customer's cut-off applying. Also the open times a
 * visit may move to, which the page offers and a posted move is checked against.
 */
import {
  notOpenReasons,
  openTimes,
  timeLabel,
  whyNotOpen,
} from "../../../shared/booking/open-times.ts";
import {
  changePlan,
  changesOpenFrom,
  moveDays,
  type PlanChange,
  type PlanChangeContext,
  planVisitOf,
} from "../../../shared/booking/plan-changes.ts";
import type { PlanVisit } from "../../../shared/booking/plans.ts";
import { calendarDay, zonedInstant } from "../../../shared/calendar-day.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { type BookingFacts, bookedVisitsBetween } from "../leads/booked-visits.ts";
import type { BookingStore, RequestChange } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { changeContext, planEvery, planRequestChange } from "./plan-request-change.ts";
import type { VisitorAction } from "./visitor-action-notices.ts";
import type { BookingTimes } from "./visitor-page.ts";
import { dayWords } from "./visitor-plan-words.ts";

const day = 86_400_000;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** What the page's plan forms post as `action`. */
export const planActions = [
  "skip",
  "unskip",
  "move",
  "pause",
  "resume",
  "every",
  "cancel",
] as const;
export type PlanAction = (typeof planActions)[number];

export const isPlanAction = (action: string | null): action is PlanAction =>
  (planActions as readonly (string | null)[]).includes(action);

/** The customer's changes, checked against the live version's rules and cut-off. */
export function planContext(facts: BookingFacts, now: Date): PlanChangeContext {
  return changeContext(facts, now, "visitor");
}

/** Why this visit cannot be skipped or moved by the customer now, or null: it can. */
export function whyNotChangeable(
  plan: StoredPlan,
  occurrence: string,
  context: PlanChangeContext,
): string | null {
  const outcome = changePlan(plan, { kind: "skip", occurrence }, context);
  return outcome.ok ? null : outcome.problem;
}

/** How many days of times the move part shows at once: within the first round trip. */
const daysShown = 4;

/** The open times one visit of the plan may move to, a few days at a time. */
export type MoveTimes = {
  occurrence: string;
  visit: PlanVisit;
  days: BookingTimes["days"];
  minutes: number;
  /** The first day of the next days with times (`&from=`), or null. */
  later: string | null;
  earlier: boolean;
};

/**
 * What a moved visit may take: the open times of its week and the next, from the cut-off on, for
 * its length, beside every visit booked but itself (the plan's others among them).
 */
async function moveRules(
  store: BookingStore,
  request: StoredContactRequest,
  facts: BookingFacts,
  now: Date,
  visit: PlanVisit,
) {
  const context = planContext(facts, now);
  const { timeZone } = context.rules;
  const range = moveDays(visit.occurrence);
  const after = changesOpenFrom(context);
  const from = calendarDay(after, timeZone);
  const busy = (
    await bookedVisitsBetween(
      store,
      new Date(zonedInstant(range.from, "00:00", timeZone).getTime() - day),
      new Date(zonedInstant(range.to, "00:00", timeZone).getTime() + 2 * day),
      context.rules,
    )
  )
    .filter((one) => one.request.id !== request.id || one.start.getTime() !== visit.start.getTime())
    .map(({ start, end }) => ({ start, end }));
  const daysAhead = Math.round(
    (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / day,
  );
  return {
    range,
    rules: {
      // The cut-off is a change's notice: from it on, any day of the two weeks.
      settings: { ...facts.booking, noticeOpenDays: 0, daysAhead: Math.max(0, daysAhead) },
      week: facts.reach.hours.week,
      closedDays: facts.closedDays,
      timeZone,
      busy,
      minutes: (request.plan as StoredPlan).minutes,
      now: after,
    },
  };
}

/** The times one visit may move to (`from`: the first day shown), or null when it cannot move. */
export async function moveTimes(
  store: BookingStore,
  request: StoredContactRequest,
  facts: BookingFacts,
  now: Date,
  occurrence: string,
  from?: string | null,
): Promise<MoveTimes | null> {
  const plan = request.plan;
  const context = planContext(facts, now);
  if (!plan || whyNotChangeable(plan, occurrence, context)) return null;
  const visit = planVisitOf(plan, occurrence, context.rules);
  if (!visit) return null;
  const { range, rules } = await moveRules(store, request, facts, now, visit);
  const open = openTimes(rules).filter(
    (time) =>
      time.day >= range.from &&
      time.day <= range.to &&
      time.start.getTime() !== visit.start.getTime(),
  );
  const days: BookingTimes["days"][number][] = [];
  for (const time of open) {
    const value = { value: `${time.day}T${time.time}`, label: timeLabel(time.time) };
    const last = days.at(-1);
    if (last?.day === time.day) (last.times as (typeof value)[]).push(value);
    else days.push({ day: time.day, label: dayWords(time.day), times: [value] });
  }
  const first = days[0]?.day;
  const start = from && isDate(from) && first && from > first ? from : first;
  const shown = days.filter((one) => start !== undefined && one.day >= start).slice(0, daysShown);
  const last = shown.at(-1);
  return {
    occurrence,
    visit,
    days: shown,
    minutes: plan.minutes,
    later: last ? (days[days.indexOf(last) + 1]?.day ?? null) : null,
    earlier: start !== first,
  };
}

/**
 * The times of the visit the page asks to move (…?move=<its series date>), or why it cannot move
 * (a page kept open past the cut-off); neither for a request without a plan (the caller asks only
 * while the request is open).
 */
export async function movePage(
  store: BookingStore,
  request: StoredContactRequest,
  facts: BookingFacts,
  now: Date,
  occurrence: string | null | undefined,
  from?: string | null,
): Promise<{ move: MoveTimes | null; problem: string | null }> {
  const plan = request.plan;
  if (!plan || !occurrence || !isDate(occurrence)) return { move: null, problem: null };
  const move = await moveTimes(store, request, facts, now, occurrence, from);
  if (move) return { move, problem: null };
  const why = whyNotChangeable(plan, occurrence, planContext(facts, now));
  return { move: null, problem: why ?? "Please choose one of the visits shown." };
}

export type PlanPosted =
  | {
      change: Omit<RequestChange, "notices">;
      action: VisitorAction;
      /** The visit's series date, for the words after the 303 ("Skipped Tuesday, December 8"). */
      on?: string;
    }
  /** `move`: the visit whose times are shown again. */
  | { problem: string; status: 400 | 409; move?: string };

/** What the customer reads when their page was older than the plan. */
export const stalePlan =
  "Your plan was changed meanwhile (perhaps on another page). Here it is as it stands now: nothing was changed.";

/** What the customer reads when the visits a change adds found no crew free under the lock. */
export function planTaken(action: PlanAction): string {
  if (action === "move") return "That time was just taken. Here are the other open times.";
  if (action === "unskip")
    return "That visit cannot come back: every crew is now busy then. Please call us to find another time.";
  return "Every crew is busy at some of the visits that would bring in the coming weeks, so nothing was changed. Please call us.";
}

const altered = { problem: notOpenReasons.altered, status: 400 as const };

/** The change the posted fields ask for, or why they cannot be read. */
function postedChange(
  action: PlanAction,
  form: URLSearchParams,
): PlanChange | { problem: string; status: 400 } {
  const occurrence = form.get("occurrence") ?? "";
  switch (action) {
    case "skip":
    case "unskip":
      return isDate(occurrence) ? { kind: action, occurrence } : altered;
    case "move": {
      const start = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(form.get("start") ?? "");
      if (!isDate(occurrence) || !start) return altered;
      return {
        kind: "move",
        occurrence,
        to: { day: start[1] as string, time: start[2] as string },
      };
    }
    case "pause": {
      const until = form.get("until") ?? "";
      return until
        ? { kind: "pause", until }
        : { problem: "Please choose the date your visits start again.", status: 400 };
    }
    case "resume":
      return { kind: "resume" };
    case "every": {
      const every = planEvery.find((one) => one === form.get("every"));
      return every
        ? { kind: "every", every }
        : { problem: "Please choose how often.", status: 400 };
    }
    case "cancel":
      return form.get("confirm") === "yes"
        ? { kind: "cancel" }
        : {
            problem:
              "Nothing was cancelled: please tick “Yes, cancel my plan” to confirm, then press Cancel my plan.",
            status: 400,
          };
  }
}

/**
 * The change a plan form's post makes, or why not (400: what was sent; 409: the page was stale,
 * or the time was taken). Nothing is stored here: the caller makes the one change.
 */
export async function planChangeFor(
  action: PlanAction,
  form: URLSearchParams,
  request: StoredContactRequest,
  store: BookingStore,
  facts: BookingFacts,
  words: QuoteWords,
  now: Date,
): Promise<PlanPosted> {
  const plan = request.plan;
  if (!plan) return { problem: "This request has no plan to change.", status: 400 };
  if (form.get("sequence") !== String(request.visitSequence))
    return { problem: stalePlan, status: 409 };
  const change = postedChange(action, form);
  if ("problem" in change) return change;
  const move = change.kind === "move" ? { move: change.occurrence } : {};
  const made = planRequestChange({ ...request, plan }, change, {
    facts,
    words,
    now,
    actor: "visitor",
  });
  if (!made.ok) return { problem: made.problem, status: 400, ...move };
  if (change.kind === "move") {
    // The customer moves only to a time the page offers: open, and a crew free then.
    const { rules } = planContext(facts, now);
    const before = planVisitOf(plan, change.occurrence, rules) as PlanVisit;
    const { rules: open } = await moveRules(store, request, facts, now, before);
    const why = whyNotOpen({
      ...open,
      start: zonedInstant(change.to.day, change.to.time, rules.timeZone),
    });
    if (why === notOpenReasons.taken) return { problem: planTaken("move"), status: 409, ...move };
    if (why) return { problem: why, status: 400, ...move };
  }
  return {
    change: made.change,
    action: made.described.action,
    ...("occurrence" in change ? { on: change.occurrence } : {}),
  };
}
