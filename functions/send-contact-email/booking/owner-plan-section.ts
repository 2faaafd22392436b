/**
 * A recurring plan on the owner's request page (owner-booking-section.ts places it instead of the
 * one visit's forms): how often and at what time, its prices, whether it is paused or cancelled,
 * its next six visits (a skipped one with Put it back, one off a closed day said so), and the
 * forms that change it: Skip one visit, Move one visit (a date and a start time of that visit's
 * week or the next), Pause until a date (or Resume now), How often (each with its price from the
 * request's own price list), Cancel the plan (a tick first). They post to …/lead/<id>/visit
 * (owner-plan-changes.ts), and the page says afterwards what was done.
 */
import { timeLabel } from "../../../shared/booking/open-times.ts";
import {
  describeEvery,
  nextVisits,
  type PlanRules,
  type PlanVisit,
  planDates,
} from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import { ownValue } from "../../../shared/own-key.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { formatDate } from "../../../shared/quote/preferred-windows.ts";
import { businessIso, durationWords, timeRange, visitWords } from "../base/visit.ts";
import { seriesOf } from "../leads/booked-visits.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { Fragment, h } from "../views/react.ts";
import { VisitForm } from "./owner-visit-form.ts";
import { laterPriceOf, planEvery } from "./plan-request-change.ts";

/** How many coming visits the page lists (and offers to skip or move). */
export const shownPlanVisits = 6;

export type PlanRequest = StoredContactRequest & { plan: StoredPlan };

type PlanSectionProps = {
  request: PlanRequest;
  token: string;
  now: Date;
  rules: PlanRules;
  /** The request's own content version's words: the price of each frequency. */
  words: QuoteWords;
};

/** What the forms of one request's plan post with. */
type FormProps = Pick<PlanSectionProps, "request" | "token">;

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** "Tue Dec 1, 9:00 AM–12:00 PM". */
const visitText = (visit: PlanVisit) =>
  visitWords({ start: businessIso(visit.start), end: businessIso(visit.end) });

/** One line of the coming visits: a visit, or a series date without one. */
type Row =
  | { day: string; visit: PlanVisit; changeable: boolean }
  | { day: string; occurrence: string; why: "skipped" | "closed"; closedReason?: string };

/**
 * The next visits of every series (a series ended by a change of frequency may keep a visit or two
 * inside the customer's cut-off: shown, but changed by the customer's call), and the skipped and
 * closed dates of the plan among them.
 */
function comingRows(plan: StoredPlan, now: Date, rules: PlanRules): Row[] {
  const visits = seriesOf(plan)
    .flatMap((series) =>
      nextVisits(series, now, shownPlanVisits, rules).map((visit) => ({
        visit,
        changeable: series === plan,
      })),
    )
    .sort((a, b) => a.visit.start.getTime() - b.visit.start.getTime())
    .slice(0, shownPlanVisits);
  const today = calendarDay(now, rules.timeZone);
  const last = visits.at(-1)?.visit.day ?? addDays(today, 56);
  const without = planDates(plan, { ...rules, from: today, to: last }).flatMap((date): Row[] =>
    date.visit === null && (date.why === "skipped" || date.why === "closed")
      ? [
          {
            day: date.occurrence,
            occurrence: date.occurrence,
            why: date.why,
            closedReason: date.closedReason,
          },
        ]
      : [],
  );
  const rows: Row[] = [
    ...visits.map(({ visit, changeable }) => ({ day: visit.day, visit, changeable })),
    ...without,
  ];
  return rows.sort((a, b) => a.day.localeCompare(b.day));
}

/** "Every week on Tuesday at 9:00 AM, 3 hours each." */
export function planSummary(plan: StoredPlan): string {
  return `${capital(describeEvery(plan.every, plan.first.day))} at ${timeLabel(plan.first.time)}, ${durationWords(plan.minutes)} each.`;
}

function priceLine(request: PlanRequest): string {
  const later = request.plan.laterPrice;
  if (!request.estimate) return "Price on the call.";
  const first = formatRange(request.estimate);
  if (!later) return `First visit ${first}.`;
  return formatRange(later) === first
    ? `${first} a visit, the first one too.`
    : `First visit ${first}, then ${formatRange(later)} a visit.`;
}

/** Paused or cancelled, in words; null while it runs. */
function stateLine(plan: StoredPlan, today: string): string | null {
  if (plan.cancelledFrom !== undefined)
    return plan.cancelledFrom <= today
      ? `Cancelled: no visits since ${formatDate(plan.cancelledFrom)}.`
      : `Cancelled: no visits from ${formatDate(plan.cancelledFrom)} on.`;
  if (plan.pausedUntil !== undefined && plan.pausedUntil > today)
    return `Paused: no visits until ${formatDate(plan.pausedUntil)}.`;
  return null;
}

export function PlanSection({ request, token, now, rules, words }: PlanSectionProps) {
  const { plan } = request;
  const today = calendarDay(now, rules.timeZone);
  const rows = comingRows(plan, now, rules);
  const movable = rows.flatMap((row) => ("visit" in row && row.changeable ? [row.visit] : []));
  const state = stateLine(plan, today);
  const ended = plan.cancelledFrom !== undefined && plan.cancelledFrom <= today;
  const form = { request, token };
  return h(
    Fragment,
    null,
    h(
      "p",
      { className: "booked" },
      planSummary(plan),
      h("br"),
      priceLine(request),
      state ? h(Fragment, null, h("br"), state) : null,
    ),
    h("h3", null, "Next visits"),
    rows.length === 0
      ? h("p", null, ended ? "None: the plan is cancelled." : "None coming.")
      : h(
          "ul",
          { className: "plan-visits" },
          rows.map((row) =>
            h(PlanRow, { key: `${row.day} ${"visit" in row ? "visit" : row.why}`, row, ...form }),
          ),
        ),
    movable.length > 0 ? h(MoveForm, { ...form, visits: movable, plan, today }) : null,
    plan.cancelledFrom === undefined
      ? h(
          Fragment,
          null,
          h(PauseForm, { ...form, today, next: movable[0] ?? null }),
          h(EveryForm, { ...form, words }),
          h(CancelForm, { ...form, next: movable[0] ?? null }),
        )
      : null,
  );
}

function PlanRow({ row, request, token }: { row: Row } & FormProps) {
  if (!("visit" in row)) {
    if (row.why === "closed")
      return h(
        "li",
        null,
        `${formatDate(row.occurrence)}: no visit (${row.closedReason ?? "closed"})`,
      );
    return h(
      "li",
      null,
      h("span", null, `${formatDate(row.occurrence)}: skipped`),
      h(
        VisitForm,
        { request, token, action: "plan-unskip", fields: { occurrence: row.occurrence } },
        h(
          "button",
          {
            type: "submit",
            "aria-label": `Put it back: the visit of ${formatDate(row.occurrence)}`,
          },
          "Put it back",
        ),
      ),
    );
  }
  const { visit } = row;
  const moved =
    visit.kind === "moved"
      ? ` (moved from ${formatDate(visit.occurrence)})`
      : visit.kind === "closed-moved"
        ? ` (moved from ${formatDate(visit.occurrence)}, ${visit.closedReason ?? "closed"})`
        : "";
  return h(
    "li",
    null,
    // The day, then the time on a line of its own: a time range never breaks at 390 px.
    h(
      "span",
      null,
      formatDate(visit.day),
      h("br"),
      `${timeRange({ start: businessIso(visit.start), end: businessIso(visit.end) })}${moved}`,
    ),
    row.changeable
      ? h(
          VisitForm,
          { request, token, action: "plan-skip", fields: { occurrence: visit.occurrence } },
          h(
            "button",
            { type: "submit", "aria-label": `Skip: the visit of ${formatDate(visit.day)}` },
            "Skip",
          ),
        )
      : null,
  );
}

function MoveForm({
  request,
  token,
  visits,
  plan,
  today,
}: FormProps & {
  visits: PlanVisit[];
  plan: StoredPlan;
  today: string;
}) {
  const first = visits[0] as PlanVisit;
  return h(
    VisitForm,
    { request, token, action: "plan-move" },
    h(
      "fieldset",
      { className: "own" },
      h("legend", null, "Move one visit"),
      h("label", { htmlFor: "plan-visit" }, "Visit"),
      h(
        "select",
        { id: "plan-visit", name: "occurrence", defaultValue: first.occurrence },
        visits.map((visit) =>
          h("option", { key: visit.occurrence, value: visit.occurrence }, visitText(visit)),
        ),
      ),
      h(
        "div",
        { className: "booking" },
        h(
          "div",
          null,
          h("label", { htmlFor: "plan-date" }, "New date"),
          h("input", {
            id: "plan-date",
            name: "date",
            type: "date",
            min: today,
            defaultValue: first.day,
            required: true,
            "aria-describedby": "plan-move-hint",
          }),
        ),
        h(
          "div",
          null,
          h("label", { htmlFor: "plan-time" }, "Start"),
          h("input", {
            id: "plan-time",
            name: "time",
            type: "time",
            step: 900,
            defaultValue: plan.first.time,
            required: true,
          }),
        ),
      ),
      h(
        "p",
        { id: "plan-move-hint", className: "small" },
        "Any day of that visit's own week or the next (Monday to Sunday). The customer is e-mailed the new time.",
      ),
      h(BusyAnyway, { visits: "one" }),
      h("button", { type: "submit", className: "primary" }, "Move the visit"),
    ),
  );
}

/** The owner's word that the visits a change brings are booked even if every crew is busy then. */
function BusyAnyway({ visits }: { visits: "one" | "several" }) {
  return h(
    "label",
    { className: "check" },
    h("input", { type: "checkbox", name: "anyway", value: "yes" }),
    `Book ${visits === "one" ? "it" : "its visits"} even if every crew is busy then`,
  );
}

/** Pause until a date; while paused, Resume now too. */
function PauseForm({
  request,
  token,
  today,
  next,
}: FormProps & { today: string; next: PlanVisit | null }) {
  const { plan } = request;
  const paused = plan.pausedUntil !== undefined && plan.pausedUntil > today;
  return h(
    Fragment,
    null,
    h(
      VisitForm,
      { request, token, action: "plan-pause" },
      h(
        "fieldset",
        { className: "own" },
        h("legend", null, paused ? "Change the pause" : "Pause the plan"),
        h("label", { htmlFor: "plan-until" }, "Visits start again on"),
        h("input", {
          id: "plan-until",
          name: "until",
          type: "date",
          min: addDays(next?.day ?? today, 1),
          max: addDays(today, 365),
          defaultValue: paused ? plan.pausedUntil : undefined,
          required: true,
          "aria-describedby": "plan-pause-hint",
        }),
        h(
          "p",
          { id: "plan-pause-hint", className: "small" },
          next
            ? `No visits from ${formatDate(next.day)} until that day (up to a year). The customer is e-mailed the pause, with their calendar updated.`
            : "No visits until that day (up to a year). The customer is e-mailed the pause, with their calendar updated.",
        ),
        h("button", { type: "submit", className: "primary" }, "Pause the plan"),
      ),
    ),
    paused
      ? h(
          VisitForm,
          { request, token, action: "plan-resume" },
          h(
            "p",
            null,
            `Paused until ${formatDate(plan.pausedUntil as string)}. `,
            h("button", { type: "submit" }, "Resume now"),
          ),
          h(BusyAnyway, { visits: "several" }),
        )
      : null,
  );
}

/** How often: every week, two weeks or month, each priced from the request's own price list. */
function EveryForm({ request, token, words }: FormProps & { words: QuoteWords }) {
  const { plan } = request;
  const others = planEvery.filter((every) => every !== plan.every);
  return h(
    VisitForm,
    { request, token, action: "plan-every" },
    h(
      "fieldset",
      { className: "own" },
      h("legend", null, "How often"),
      h("p", { className: "small" }, `Now ${describeEvery(plan.every, plan.first.day)}.`),
      others.map((every, index) => {
        const price = laterPriceOf(request, every, words);
        return h(
          "label",
          { key: every, className: "check" },
          h("input", {
            type: "radio",
            name: "every",
            value: every,
            defaultChecked: index === 0,
            required: true,
          }),
          h(
            "span",
            null,
            capital(describeEvery(every, plan.first.day)),
            price ? h(Fragment, null, h("br"), `${formatRange(price)} a visit`) : null,
          ),
        );
      }),
      h(
        "p",
        { className: "small" },
        "From its next visit on, same weekday and time. The customer is e-mailed the new plan, and their calendar is updated.",
      ),
      h(BusyAnyway, { visits: "several" }),
      h("button", { type: "submit", className: "primary" }, "Change how often"),
    ),
  );
}

function CancelForm({ request, token, next }: FormProps & { next: PlanVisit | null }) {
  return h(
    VisitForm,
    { request, token, action: "plan-cancel" },
    h(
      "fieldset",
      { className: "own" },
      h("legend", null, "Cancel the plan"),
      h(
        "p",
        { className: "small" },
        next
          ? `No more visits from ${formatDate(next.day)} on; the visits before stay in the history.`
          : "No more visits.",
      ),
      h(
        "label",
        { className: "check" },
        h("input", { type: "checkbox", name: "confirm", value: "yes", required: true }),
        ` Yes, cancel the plan and e-mail ${request.name} the cancellation`,
      ),
      h("button", { type: "submit", className: "danger" }, "Cancel the plan"),
    ),
  );
}

/** What the page says after a plan's change (the 303's `visit`), of the visit named (`of`). */
const planOutcomes = {
  "plan-skipped": (of: string) => `Skipped ${of}.`,
  "plan-unskipped": (of: string) => `Put back ${of}.`,
  "plan-moved": (of: string, plan: StoredPlan, day: string) => {
    const to = plan.moved.findLast((move) => move.from === day)?.to;
    return to ? `Moved ${of} to ${formatDate(to.day)} at ${timeLabel(to.time)}.` : `Moved ${of}.`;
  },
  "plan-paused": (_of: string, plan: StoredPlan) =>
    plan.pausedUntil ? `Plan paused until ${formatDate(plan.pausedUntil)}.` : "Plan paused.",
  "plan-resumed": () => "Plan resumed.",
  "plan-every": (_of: string, plan: StoredPlan) =>
    `Now ${describeEvery(plan.every, plan.first.day)}, from ${formatDate(plan.first.day)}.`,
  "plan-cancelled": (_of: string, plan: StoredPlan) =>
    plan.cancelledFrom
      ? `Plan cancelled: no visits from ${formatDate(plan.cancelledFrom)} on.`
      : "Plan cancelled.",
} as const;

/** The sentence after a plan's change (the 303's `visit` and `day`), or null when it is not one. */
export function planOutcomeWords(
  outcome: string | null,
  day: string | null,
  request: StoredContactRequest,
): string | null {
  const words = ownValue(planOutcomes, outcome);
  if (!words || !request.plan) return null;
  const when = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : "";
  const of = when ? `the visit of ${formatDate(when)}` : "the visit";
  const undo = outcome === "plan-skipped" ? " To undo it, press Put it back beside it." : "";
  return `${words(of, request.plan, when)} ${request.name} is e-mailed the change, with their calendar updated.${undo}`;
}

/** Why a plan's change was refused, by code (a link can only name a code; the page has the words). */
export const planProblems = {
  "plan-confirm": "Nothing was cancelled: tick the box to confirm, then press Cancel the plan.",
  "plan-date": "Nothing was moved: please choose a date.",
  "plan-time": "Nothing was moved: please choose a start time.",
  "plan-week":
    "Nothing was moved: a visit moves to a day of its own week or the next (Monday to Sunday).",
  "plan-past": "Nothing was moved: that time has passed.",
  "plan-begun": "Nothing was changed: that visit has already begun.",
  "plan-ended": "Nothing was changed: the plan is cancelled, and that visit is no longer in it.",
  "plan-visit": "Nothing was changed: that visit is not in the plan as it is now. Here it is.",
  "plan-full":
    "Nothing was changed: every crew is busy then (your crews and travel time are set in the site editor, Online booking). Choose another time, or tick “Book it even if every crew is busy then”.",
  "plan-one-time": "This customer has a plan: skip, move or cancel its visits under Plan instead.",
  "plan-pause-date":
    "Nothing was paused: choose the day visits start again, after the plan's next visit and within a year.",
  "plan-paused-already": "Nothing was changed: the plan is paused until that day already.",
  "plan-not-paused": "Nothing was changed: the plan is not paused, or starts again by then anyway.",
  "plan-every": "Nothing was changed: please choose how often.",
  "plan-every-same": "Nothing was changed: the plan already comes that often.",
  "plan-none-coming": "Nothing was changed: the plan has no coming visit to change.",
} as const;
export type PlanProblem = keyof typeof planProblems;
