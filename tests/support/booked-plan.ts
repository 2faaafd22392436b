/**
 * Test support for a plan's e-mails, reminders, file and feed: a request with a weekly cleaning
 * plan booked in the real SQLite store in memory, and its changes made as the customer's page
 * makes them (shared/booking/plan-changes.ts, then planEmail in the change's transaction).
 */

import type { PlanEmailAction } from "../../functions/send-contact-email/booking/visit-changes.ts";
import { planEmail } from "../../functions/send-contact-email/booking/visit-changes.ts";
import { planRulesOf } from "../../functions/send-contact-email/leads/booked-visits.ts";
import type { RequestEventKind } from "../../functions/send-contact-email/store/booking-store.ts";
import type {
  StoredContactRequest,
  StoredPlan,
} from "../../functions/send-contact-email/store/store.ts";
import { changePlan, type PlanChange } from "../../shared/booking/plan-changes.ts";
import type { Plan, WallTime } from "../../shared/booking/plans.ts";
import { zonedInstant } from "../../shared/calendar-day.ts";
import { type Facts, repositoryFacts } from "../../shared/content/facts.ts";
import type { StoredEstimate } from "../../shared/quote/estimate.ts";
import { storeRequest } from "./booking.ts";
import { homeInputs } from "./booking-function.ts";
import type { testStore } from "./stores.ts";

type Store = ReturnType<typeof testStore>;

/** A three-bedroom home cleaned every week: $150–$185 the first visit, $120–$145 each later one. */
export const weeklyEstimate: StoredEstimate = {
  low: 150,
  high: 185,
  recurring: { low: 120, high: 145 },
  currency: "USD",
  priceList: "2026-01",
  inputs: homeInputs("weekly"),
};

/** The repository's facts, with a plan's visit on a closed day moved (or skipped). */
export function factsWith(closedDayVisits: "skip" | "move"): Facts {
  const facts = repositoryFacts();
  return { ...facts, booking: { ...facts.booking, closedDayVisits } };
}

/** Stores a request and books a weekly plan from `first` (two-hour visits) at `at`. */
export async function bookedPlan(
  store: Store,
  at: Date,
  first: WallTime,
  changes: Partial<StoredPlan> = {},
): Promise<StoredContactRequest> {
  const id = await storeRequest(
    store,
    at,
    { name: "Dana Whitfield", service: "residential" },
    { zip: "19312", inServiceArea: true, town: "Berwyn", estimate: weeklyEstimate },
  );
  const before = await store.get(id);
  if (!before) throw new Error("not stored");
  const plan: StoredPlan = {
    first,
    minutes: 120,
    every: "week",
    skipped: [],
    moved: [],
    laterPrice: weeklyEstimate.recurring ?? null,
    ...changes,
  };
  const start = zonedInstant(first.day, first.time, "America/New_York");
  const result = await store.changeRequest(
    id,
    {
      status: "booked",
      visit: { start, end: new Date(start.getTime() + 120 * 60_000) },
      plan,
      expectedSequence: before.visitSequence,
      event: { actor: "visitor", kind: "booked" },
      visitorEmail: planEmail({ kind: "booked" }, before),
    },
    at,
  );
  if (!result.ok) throw new Error(`not booked: ${result.reason}`);
  return result.request;
}

const kinds: Record<PlanChange["kind"], RequestEventKind> = {
  skip: "plan-skipped",
  unskip: "plan-unskipped",
  move: "plan-moved",
  pause: "plan-paused",
  resume: "plan-resumed",
  every: "plan-every",
  cancel: "plan-cancelled",
};

function actionOf(change: PlanChange): PlanEmailAction {
  switch (change.kind) {
    case "skip":
      return { kind: "skipped", occurrence: change.occurrence };
    case "unskip":
      return { kind: "unskipped", occurrence: change.occurrence };
    case "move":
      return { kind: "moved", occurrence: change.occurrence };
    case "pause":
      return { kind: "paused", until: change.until };
    case "resume":
      return { kind: "resumed" };
    case "every":
      return { kind: "every" };
    case "cancel":
      return { kind: "cancelled" };
  }
}

/** Makes one change of the plan as the customer (or the owner) would at `at`; the request as changed. */
export async function changeBookedPlan(
  store: Store,
  id: string,
  change: PlanChange,
  at: Date,
  facts: Facts = repositoryFacts(),
  actor: "visitor" | "owner" = "visitor",
): Promise<StoredContactRequest> {
  const before = await store.get(id);
  if (!before?.plan) throw new Error("no plan");
  const outcome = changePlan(before.plan, change, {
    now: at,
    rules: planRulesOf(facts),
    actor,
    cutoffHours: facts.booking.cutoffHours,
  });
  if (!outcome.ok) throw new Error(outcome.problem);
  let plan: StoredPlan = outcome.plan;
  if (outcome.ended) {
    // The ended series is kept as a plain series, beside the ones ended before it.
    const { earlier: _earlier, laterPrice: _price, ...ended } = outcome.ended as StoredPlan;
    plan = { ...plan, earlier: [...(before.plan.earlier ?? []), ended as Plan] };
  }
  const result = await store.changeRequest(
    id,
    {
      plan,
      expectedSequence: before.visitSequence,
      event: { actor, kind: kinds[change.kind] },
      visitorEmail: planEmail(actionOf(change), before),
    },
    at,
  );
  if (!result.ok) throw new Error(`not changed: ${result.reason}`);
  return result.request;
}
