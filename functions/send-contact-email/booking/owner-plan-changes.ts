/**
 * The owner changes a recurring plan from the request page (owner-plan-section.ts draws the
 * forms; owner-visit-routes.ts hands over a posted `plan-*` action): skip one visit or put it
 * back, move one visit, pause the plan until a date or resume it, change how often, cancel the
 * plan. The change is made as the customer's are (plan-request-change.ts), as the owner: no
 * cut-off before a visit, and "Book it even if every crew is busy then" when ticked. The change,
 * its event and the customer's e-mail with the updated calendar series are stored together, at
 * the SEQUENCE the page showed.
 */
import type { PlanChange } from "../../../shared/booking/plan-changes.ts";
import { addDays } from "../../../shared/calendar-day.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import type { Logger } from "../base/log.ts";
import type { BookingFacts } from "../leads/booked-visits.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import type { PlanProblem } from "./owner-plan-section.ts";
import { planEvery, planRequestChange } from "./plan-request-change.ts";

export type OwnerPlanChange = {
  store: Pick<BookingStore, "changeRequest">;
  facts: BookingFacts;
  /** The request's own content version's words: its price list prices a new frequency. */
  words: QuoteWords;
  now: Date;
  log: Logger;
  onChanged?: (id: string) => void;
};

/** Where the page goes after a post: `visit=…` and more, or a problem's code. */
export type PlanAnswer = { done: string; day: string } | { problem: PlanProblem | "stale" };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The change a posted form asks for, or why it cannot be one. */
function postedChange(
  action: string,
  form: URLSearchParams,
): PlanChange | { problem: PlanProblem | "stale" } {
  switch (action) {
    case "plan-cancel":
      return form.get("confirm") === "yes" ? { kind: "cancel" } : { problem: "plan-confirm" };
    case "plan-pause": {
      const until = form.get("until") ?? "";
      return isDay(until) ? { kind: "pause", until } : { problem: "plan-pause-date" };
    }
    case "plan-resume":
      return { kind: "resume" };
    case "plan-every": {
      const every = planEvery.find((one) => one === form.get("every"));
      return every ? { kind: "every", every } : { problem: "plan-every" };
    }
  }
  const occurrence = form.get("occurrence") ?? "";
  if (!isDay(occurrence)) return { problem: "plan-visit" };
  if (action === "plan-skip") return { kind: "skip", occurrence };
  if (action === "plan-unskip") return { kind: "unskip", occurrence };
  if (action !== "plan-move") return { problem: "stale" };
  const day = form.get("date") ?? "";
  const time = form.get("time") ?? "";
  if (!isDay(day)) return { problem: "plan-date" };
  if (!isTime(time)) return { problem: "plan-time" };
  return { kind: "move", occurrence, to: { day, time } };
}

/**
 * changePlan's reasons are the customer's words; the owner's page names them by code. What the
 * owner cannot cause (the customer's cut-off) never comes back here.
 */
function problemOf(problem: string): PlanProblem {
  if (/cancelled/i.test(problem)) return "plan-ended";
  if (/already begun/i.test(problem)) return "plan-begun";
  if (/own week or the next/i.test(problem)) return "plan-week";
  if (/has passed/i.test(problem)) return "plan-past";
  if (/paused for up to a year|date after your next visit|choose a date/i.test(problem))
    return "plan-pause-date";
  if (/paused until .* already/i.test(problem)) return "plan-paused-already";
  if (/not paused|already starts again/i.test(problem)) return "plan-not-paused";
  if (/is already every/i.test(problem)) return "plan-every-same";
  if (/no coming visit/i.test(problem)) return "plan-none-coming";
  return "plan-visit";
}

/** Makes the posted change of `request`'s plan, or says why not. */
export async function changeOwnerPlan(
  request: StoredContactRequest,
  action: string,
  form: URLSearchParams,
  expectedSequence: number,
  deps: OwnerPlanChange,
): Promise<PlanAnswer> {
  const { plan } = request;
  // A second tap, or a page left open while the plan changed: the page as it is now (the store
  // checks it again in the change's transaction).
  if (!plan || request.visitSequence !== expectedSequence) return { problem: "stale" };
  const change = postedChange(action, form);
  if ("problem" in change) return change;
  const { now } = deps;
  const made = planRequestChange({ ...request, plan }, change, {
    facts: deps.facts,
    words: deps.words,
    now,
    actor: "owner",
    anyway: form.get("anyway") === "yes",
  });
  if (!made.ok) return { problem: problemOf(made.problem) };
  const result = await deps.store.changeRequest(request.id, made.change, now);
  if (!result.ok && result.reason === "taken") return { problem: "plan-full" };
  if (!result.ok) return { problem: "stale" };
  deps.onChanged?.(request.id);
  deps.log.info(`plan changed by the owner (${change.kind})`, { id: request.id });
  const after = made.change.plan;
  const day =
    "occurrence" in change
      ? change.occurrence
      : change.kind === "pause"
        ? change.until
        : change.kind === "every"
          ? (after?.first.day ?? "")
          : (after?.cancelledFrom ?? "");
  return { done: made.described.kind, day };
}
