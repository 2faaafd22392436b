/**
 * The owner changes a recurring plan from the request page (owner-plan-section.ts draws the
 * forms; owner-visit-routes.ts hands over a posted `plan-*` action): skip one visit or put it
 * back, move one visit, cancel the plan. The change is worked out once for the customer and the
 * owner (shared/booking/plan-changes.ts), as the owner (no cut-off before a visit); a crew must be
 * free for each visit it adds (a moved visit's new time, a skipped one put back), decided in the
 * change's own transaction under the booking lock like any booking, unless the owner ticks "Book
 * it even if every crew is busy then". The change, its event and the customer's e-mail with the
 * updated calendar series are stored together, at the SEQUENCE the page showed.
 */
import { fitsAt } from "../../../shared/booking/open-times.ts";
import { addedVisits, changePlan, type PlanChange } from "../../../shared/booking/plan-changes.ts";
import type { PlanRules } from "../../../shared/booking/plans.ts";
import { addDays, calendarDay } from "../../../shared/calendar-day.ts";
import type { Logger } from "../base/log.ts";
import { type BookingFacts, busyIn, planRulesOf } from "../leads/booked-visits.ts";
import type { BookingStore, RequestChange } from "../store/booking-store.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import type { PlanProblem } from "./owner-plan-section.ts";
import { planEmail } from "./visit-changes.ts";
import { planChangeWords } from "./visitor-plan-events.ts";

const minute = 60_000;

export type OwnerPlanChange = {
  store: Pick<BookingStore, "changeRequest">;
  facts: BookingFacts;
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
  if (action === "plan-cancel")
    return form.get("confirm") === "yes" ? { kind: "cancel" } : { problem: "plan-confirm" };
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
  return "plan-visit";
}

/**
 * Whether a crew is free for each visit the change adds, beside every other request's visits
 * (`others`, from the store's transaction) and this plan's own other visits.
 */
function addedFit(
  added: readonly { start: Date; end: Date }[],
  after: StoredPlan,
  request: StoredContactRequest,
  facts: BookingFacts,
  rules: PlanRules,
) {
  const travel = facts.booking.travelMinutes * minute;
  return (others: readonly StoredContactRequest[]) =>
    added.every((visit) => {
      const from = new Date(visit.start.getTime() - travel);
      const to = new Date(visit.end.getTime() + travel);
      const busy = busyIn([...others, { ...request, plan: after }], from, to, rules).filter(
        (one) => one.start.getTime() !== visit.start.getTime(),
      );
      return fitsAt({ settings: facts.booking, busy, start: visit.start, end: visit.end });
    });
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
  const { facts, now } = deps;
  const rules = planRulesOf(facts);
  const context = { now, rules, actor: "owner" as const, cutoffHours: facts.booking.cutoffHours };
  const outcome = changePlan(plan, change, context);
  if (!outcome.ok) return { problem: problemOf(outcome.problem) };
  const after = outcome.plan;
  // Its event and the customer's e-mail, in the same words and dates as the customer's changes.
  const described = planChangeWords(change, plan, after, context);
  const today = calendarDay(now, rules.timeZone);
  // The visits a change adds: a moved visit's new time, a skip put back on its own date.
  const reach =
    change.kind === "move" ? change.to.day : "occurrence" in change ? change.occurrence : today;
  const added = addedVisits(plan, after, rules, now, addDays(reach, 7));
  const anyway = form.get("anyway") === "yes";
  const travel = facts.booking.travelMinutes * minute;
  const capacity: RequestChange["capacity"] =
    added.length === 0 || anyway
      ? undefined
      : {
          from: new Date(Math.min(...added.map((visit) => visit.start.getTime())) - travel),
          to: new Date(Math.max(...added.map((visit) => visit.end.getTime())) + travel),
          fits: addedFit(added, after, request, facts, rules),
        };
  const result = await deps.store.changeRequest(
    request.id,
    {
      expectedSequence,
      plan: after,
      event: { actor: "owner", kind: described.kind, details: described.details },
      visitorEmail: planEmail(described.email, request),
      ...(capacity ? { capacity } : {}),
    },
    now,
  );
  if (!result.ok && result.reason === "taken") return { problem: "plan-full" };
  if (!result.ok) return { problem: "stale" };
  deps.onChanged?.(request.id);
  deps.log.info(`plan changed by the owner (${change.kind})`, { id: request.id });
  const day = "occurrence" in change ? change.occurrence : (after.cancelledFrom ?? "");
  return { done: described.kind, day };
}
