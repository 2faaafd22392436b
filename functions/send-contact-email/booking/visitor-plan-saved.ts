/**
 * What the customer's last change of their plan did, in words, after the 303 back to the page, with
 * its undo where there is one: "Skipped Tuesday, December 8. [Put it back]".
 */
import { changePlan, type PlanChange, planVisitOf } from "../../../shared/booking/plan-changes.ts";
import { nextVisits } from "../../../shared/booking/plans.ts";
import { addDays } from "../../../shared/calendar-day.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { seriesOf } from "../leads/booked-visits.ts";
import type { StoredPlan } from "../store/store.ts";
import { h, type ReactNode } from "../views/react.ts";
import { planContext } from "./visitor-plan.ts";
import { ActionButton, PlanForm } from "./visitor-plan-forms.ts";
import type { PlanFacts, PlanSectionOptions } from "./visitor-plan-section.ts";
import { dayWords, planWords, visitDayWords } from "./visitor-plan-words.ts";

/** How many visits a cancellation may have kept: those inside the cut-off, a day's at most. */
const keptShown = 6;

/**
 * What the last change did, in words, with its undo where there is one ("Skipped Tuesday,
 * December 8. [Put it back]"), after the 303; null for an action that is not the plan's.
 */
export function PlanSaved({
  saved,
  on: posted,
  ...options
}: PlanSectionOptions & { saved: string; on: string | null }) {
  const { request, token, now, facts } = options;
  const { plan, visitSequence: sequence } = request;
  const context = planContext(facts, now);
  const { rules } = context;
  // The series date comes back in the address: only a real date is read.
  const on = posted && isDay(posted) ? posted : null;
  const visit = on ? planVisitOfAny(plan, on, now, facts) : null;
  const can = (change: PlanChange) => changePlan(plan, change, context).ok;
  const undo = (action: string, label: string, fields: Record<string, string> = {}) =>
    h(
      PlanForm,
      { token, sequence, fields: { ...fields, ...(on ? { occurrence: on } : {}) } },
      h(ActionButton, { action }, label),
    );
  const said: Record<string, () => ReactNode[] | null> = {
    skip: () =>
      on === null
        ? null
        : [
            `Skipped ${dayWords(on)}.`,
            can({ kind: "unskip", occurrence: on }) ? undo("unskip", "Put it back") : null,
          ],
    unskip: () =>
      visit && [
        `Put back: ${visitDayWords(visit)}.`,
        can({ kind: "skip", occurrence: visit.occurrence }) ? undo("skip", "Skip it again") : null,
      ],
    move: () => {
      if (!on || !visit) return null;
      const home = { day: on, time: plan.first.time };
      return [
        `Moved to ${visitDayWords(visit)}.`,
        can({ kind: "move", occurrence: on, to: home })
          ? undo("move", "Move it back", { start: `${home.day}T${home.time}` })
          : null,
      ];
    },
    pause: () =>
      plan.pausedUntil
        ? [
            `Paused until ${dayWords(plan.pausedUntil)}.`,
            can({ kind: "resume" }) ? undo("resume", "Resume now") : null,
          ]
        : null,
    resume: () => {
      const [next] = nextVisits(plan, now, 1, rules);
      return [`Resumed.${next ? ` Your next visit: ${visitDayWords(next)}.` : ""}`];
    },
    every: () => [
      `Your plan is now ${planWords(plan)}, from ${dayWords(plan.first.day)}${plan.laterPrice ? `: ${formatRange(plan.laterPrice)} a visit` : ""}.`,
    ],
    cancel: () => {
      const { phone } = facts.business;
      const kept = seriesOf(plan)
        .flatMap((series) => nextVisits(series, now, keptShown, rules))
        .map((visit) =>
          h(
            "p",
            { key: visit.start.getTime() },
            `Your visit of ${visitDayWords(visit)} stays: it is less than ${facts.booking.cutoffHours} hours away. To cancel it too, please call us at `,
            h("a", { href: `tel:${phone.e164}` }, phone.display),
            ".",
          ),
        );
      return ["Your plan is cancelled. We are sorry to see you go.", ...kept];
    },
  };
  const parts = ownValue(said, saved)?.();
  if (!parts) return null;
  const [words, ...rest] = parts;
  return h("div", { className: "notice", role: "status" }, h("p", null, words), ...rest);
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

/** One series date's visit, of whichever series of the plan holds it (the current one first). */
function planVisitOfAny(plan: StoredPlan, occurrence: string, now: Date, facts: PlanFacts) {
  const { rules } = planContext(facts, now);
  for (const series of seriesOf(plan).reverse()) {
    const visit = planVisitOf(series, occurrence, rules);
    if (visit) return visit;
  }
  return null;
}
