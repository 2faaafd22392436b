/**
 * The plan on the customer's own page (visitor-page.ts places it): the prices, the next visits with
 * Skip and Move (Put it back for a skipped one; past the cut-off, our number instead), Pause and
 * Resume, how often, and Cancel; or the times a visit may move to (visitor-plan-move.ts). Plain HTML
 * forms; each posts the plan's SEQUENCE, so that a page older than the plan changes nothing
 * (visitor-plan.ts makes the change).
 */

import { timeLabel } from "../../../shared/booking/open-times.ts";
import { changePlan, changesOpenFrom } from "../../../shared/booking/plan-changes.ts";
import {
  nextVisits,
  type PlanEvery,
  type PlanVisit,
  planDates,
} from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { cadenceText } from "../../../shared/quote/schedule.ts";
import { timeRange } from "../base/visit.ts";
import { seriesOf } from "../leads/booked-visits.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { Definitions } from "../views/parts.ts";
import { Fragment, h } from "../views/react.ts";
import { frequencyOf, laterPriceOf, planEvery } from "./plan-request-change.ts";
import { type MoveTimes, planContext, whyNotChangeable } from "./visitor-plan.ts";
import { ActionButton, CallToChange, PlanForm } from "./visitor-plan-forms.ts";
import { MovePart } from "./visitor-plan-move.ts";
import { dayWords, lengthWords, planWords, visitDayWords } from "./visitor-plan-words.ts";

/** What the plan's part reads of the live version. */
export type PlanFacts = Pick<Facts, "booking" | "reach" | "closedDays" | "business">;

export type PlanSectionOptions = {
  request: StoredContactRequest & { plan: StoredPlan };
  token: string;
  now: Date;
  facts: PlanFacts;
  /** The request's own price list (the version it was made with): each frequency's price. */
  words: QuoteWords;
  /** The times one visit may move to (…?move=), shown instead of the rest. */
  move: MoveTimes | null;
};

/** How many of the next visits the page lists. */
const visitsShown = 6;

/** "Every two weeks", as the estimate says a home's rhythm. */
function everyWords(every: PlanEvery): string {
  const frequency = frequencyOf(every);
  const words = (frequency && cadenceText({ kind: "home", frequency })) ?? every;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Where the plan stands, in the page's first line. */
export function planStatus(plan: StoredPlan, now: Date, timeZone: string): string {
  if (plan.cancelledFrom)
    return `Your plan is cancelled: no visits from ${dayWords(plan.cancelledFrom)} on.`;
  const paused =
    plan.pausedUntil && plan.pausedUntil > calendarDay(now, timeZone)
      ? `, paused until ${dayWords(plan.pausedUntil)}`
      : "";
  return `Your plan: ${planWords(plan)}${paused}`;
}

/** What a visit of the list says besides its time: moved, or moved off a closed day. */
/** `time`: the plan's time ("09:00"), which a visit moved within its own day was at. */
function visitNote(visit: PlanVisit, time: string): string | null {
  if (visit.kind === "moved")
    return visit.day === visit.occurrence
      ? `Moved from ${timeLabel(time)} that day`
      : `Moved from ${dayWords(visit.occurrence)}`;
  if (visit.kind === "closed-moved")
    return `Moved from ${dayWords(visit.occurrence)}: we are closed on ${visit.closedReason}`;
  return null;
}

type Row =
  | { day: string; visit: PlanVisit }
  | { day: string; occurrence: string; why: "skipped" }
  | { day: string; occurrence: string; why: "closed"; closedReason: string }
  | { day: string; why: "paused"; until: string };

/** The next visits of every series, with the dates among them skipped or closed, and the pause. */
function planRows(plan: StoredPlan, now: Date, facts: PlanFacts): Row[] {
  const { rules } = planContext(facts, now);
  const visits = seriesOf(plan)
    .flatMap((series) => nextVisits(series, now, visitsShown, rules))
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, visitsShown);
  const today = calendarDay(now, rules.timeZone);
  const last = visits.at(-1)?.day ?? addDays(today, 28);
  const rows: Row[] = visits.map((visit) => ({ day: visit.day, visit }));
  const { pausedFrom = plan.first.day, pausedUntil } = plan;
  // A cancelled plan's status says it all; a pause still to run is said once, in the list.
  const paused =
    pausedUntil && pausedUntil > today && plan.cancelledFrom === undefined ? pausedUntil : null;
  if (paused)
    rows.push({ day: [pausedFrom, today].sort()[1] as string, why: "paused", until: paused });
  // The dates without a visit among the ones listed; a pause's are said once, above.
  const inPause = (day: string) => paused !== null && day >= pausedFrom && day < paused;
  for (const date of planDates(plan, { ...rules, from: today, to: last })) {
    if (date.visit !== null || inPause(date.occurrence)) continue;
    if (date.why === "skipped")
      rows.push({ day: date.occurrence, occurrence: date.occurrence, why: "skipped" });
    else if (date.why === "closed")
      rows.push({
        day: date.occurrence,
        occurrence: date.occurrence,
        why: "closed",
        closedReason: date.closedReason ?? "",
      });
  }
  return rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

function VisitList(options: PlanSectionOptions) {
  const { request, token, now, facts } = options;
  const { plan, visitSequence: sequence } = request;
  const context = planContext(facts, now);
  const opensAt = changesOpenFrom(context);
  const rows = planRows(plan, now, facts);
  const move = (occurrence: string) =>
    `?token=${encodeURIComponent(token)}&move=${occurrence}#move`;
  return h(
    Fragment,
    null,
    h("h2", null, "Your next visits"),
    rows.length === 0
      ? h("p", null, "No visits planned.")
      : h(
          "ul",
          { className: "visits" },
          rows.map((row) => {
            if ("visit" in row) {
              const { visit } = row;
              const words = visitDayWords(visit);
              const note = visitNote(visit, plan.first.time);
              const open = !whyNotChangeable(plan, visit.occurrence, context);
              return h(
                "li",
                { key: `${visit.occurrence}${visit.start.getTime()}` },
                h(
                  "p",
                  null,
                  h("b", null, dayWords(visit.day)),
                  h("br"),
                  timeRange({ start: visit.start.toISOString(), end: visit.end.toISOString() }),
                  note ? h("br") : null,
                  note,
                ),
                open
                  ? h(
                      PlanForm,
                      {
                        token,
                        sequence,
                        fields: { occurrence: visit.occurrence },
                        className: "actions",
                      },
                      h(ActionButton, { action: "skip", about: words }, "Skip"),
                      h(
                        "a",
                        { className: "button quiet", href: move(visit.occurrence) },
                        "Move",
                        h("span", { className: "sr-only" }, ` ${words}`),
                      ),
                    )
                  : visit.start < opensAt
                    ? h(CallToChange, { facts })
                    : null,
              );
            }
            if (row.why === "paused")
              return h(
                "li",
                { key: "paused" },
                h(
                  "p",
                  null,
                  h("b", null, `Paused until ${dayWords(row.until)}`),
                  ": no visits before then.",
                ),
              );
            const day = dayWords(row.occurrence);
            if (row.why === "closed")
              return h(
                "li",
                { key: row.occurrence },
                h(
                  "p",
                  null,
                  h("b", null, day),
                  `: no visit, we are closed on ${row.closedReason}.`,
                ),
              );
            const back = changePlan(plan, { kind: "unskip", occurrence: row.occurrence }, context);
            return h(
              "li",
              { key: row.occurrence },
              h("p", null, h("b", null, day), ": skipped"),
              back.ok
                ? h(
                    PlanForm,
                    {
                      token,
                      sequence,
                      fields: { occurrence: row.occurrence },
                      className: "actions",
                    },
                    h(ActionButton, { action: "unskip", about: day }, "Put it back"),
                  )
                : null,
            );
          }),
        ),
  );
}

function PausePart(options: PlanSectionOptions) {
  const { request, token, now, facts } = options;
  const { plan, visitSequence: sequence } = request;
  const today = calendarDay(now, facts.reach.timeZone);
  const paused = plan.pausedUntil && plan.pausedUntil > today ? plan.pausedUntil : null;
  const context = planContext(facts, now);
  const { pausedFrom: _from, pausedUntil: _until, ...unpaused } = plan;
  const [next] = nextVisits(unpaused, changesOpenFrom(context), 1, context.rules);
  return h(
    Fragment,
    null,
    h("h2", null, "Pause"),
    paused
      ? h(
          PlanForm,
          { token, sequence, fields: { action: "resume" } },
          h("p", null, `Paused until ${dayWords(paused)}: no visits before then.`),
          h("button", { className: "primary" }, "Resume now"),
        )
      : null,
    next
      ? h(
          PlanForm,
          { token, sequence, fields: { action: "pause" } },
          h("label", { htmlFor: "until" }, paused ? "Pause until another day" : "Pause until"),
          h("input", {
            type: "date",
            id: "until",
            name: "until",
            required: true,
            min: addDays(next.day, 1),
            max: addDays(today, 365),
            "aria-describedby": "until-hint",
          }),
          h(
            "p",
            { className: "small", id: "until-hint" },
            `Your visits from ${dayWords(next.day)} are off until then, and start again on that day.`,
          ),
          h("button", { className: "primary" }, paused ? "Change the day" : "Pause my plan"),
        )
      : null,
  );
}

function EveryPart(options: PlanSectionOptions) {
  const { request, token, words } = options;
  const { plan, visitSequence: sequence } = request;
  return h(
    Fragment,
    null,
    h("h2", null, "How often"),
    h(
      PlanForm,
      { token, sequence, fields: { action: "every" } },
      h(
        "fieldset",
        null,
        h("legend", null, "Clean my home"),
        planEvery.map((every) => {
          const price = laterPriceOf(request, every, words);
          return h(
            "label",
            { key: every, className: "check" },
            h("input", {
              type: "radio",
              name: "every",
              value: every,
              defaultChecked: every === plan.every,
            }),
            `${everyWords(every)}${price ? `: ${formatRange(price)} a visit` : ""}`,
          );
        }),
      ),
      h(
        "p",
        { className: "small" },
        "From your next visit that can still be changed, at the same time of day.",
      ),
      h("button", { className: "primary" }, "Change how often"),
    ),
  );
}

function CancelPart(options: PlanSectionOptions) {
  const { request, token, facts } = options;
  return h(
    Fragment,
    null,
    h("h2", null, "Cancel your plan"),
    h(
      PlanForm,
      { token, sequence: request.visitSequence, fields: { action: "cancel" } },
      h(
        "label",
        { className: "check" },
        h("input", { type: "checkbox", name: "confirm", value: "yes", required: true }),
        "Yes, cancel my plan",
      ),
      h(
        "p",
        { className: "small" },
        `A visit less than ${facts.booking.cutoffHours} hours away stays: to cancel it too, please call us.`,
      ),
      h("button", { className: "danger" }, "Cancel my plan"),
    ),
  );
}

/** The plan's prices, how long a visit takes, where. */
function PlanSummary({ request }: { request: StoredContactRequest & { plan: StoredPlan } }) {
  const { plan, estimate, serviceAddress } = request;
  const rows: Array<[string, string]> = [["Each visit", `About ${lengthWords(plan.minutes)}`]];
  if (estimate) rows.push(["First visit", formatRange(estimate)]);
  if (plan.laterPrice) rows.push(["Later visits", `${formatRange(plan.laterPrice)} each`]);
  if (serviceAddress) rows.push(["Address", serviceAddress]);
  return h(Fragment, null, h("h2", null, "Your plan"), h(Definitions, { rows }));
}

/** The plan's part of the page, or the times of the visit being moved. */
export function PlanSection(options: PlanSectionOptions) {
  const { request } = options;
  if (options.move) return h(MovePart, { ...options, move: options.move });
  const open = request.plan.cancelledFrom === undefined;
  return h(
    Fragment,
    null,
    h(PlanSummary, { request }),
    h(VisitList, options),
    open ? h(PausePart, options) : null,
    open ? h(EveryPart, options) : null,
    open ? h(CancelPart, options) : null,
  );
}
