/**
 * The owner's calendar feed over the real SQLite store in memory: a one-time visit is one event, a
 * plan is its series (the customer's UID, the dates it leaves out through two years ahead), a
 * series ended by a change of how often stays under its own UID, and a lost request drops out.
 */
import { describe, expect, it } from "vitest";
import { type Plan, planVisits } from "../../../shared/booking/plans.ts";
import { bookedPlan, changeBookedPlan } from "../../../tests/support/booked-plan.ts";
import { functionUrl, ownerSigner, storeRequest } from "../../../tests/support/booking.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { expandSeries, unfoldedLines } from "../../../tests/support/ical.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { planRulesOf } from "../leads/booked-visits.ts";
import { handleCalendarFeed } from "./calendar-feed.ts";

const mailFrom = "Keystone Shine Cleaning <hello@example.com>";
const content = fixedContent();
/** Tuesday, November 10, 2026, 10:00 AM in New York. */
const now = new Date("2026-11-10T15:00:00Z");
const thursdays = { day: "2026-11-19", time: "09:00" };

async function feed(store: ReturnType<typeof testStore>, at = now) {
  const response = await handleCalendarFeed(new Request(`${functionUrl}/calendar/visits.ics`), {
    store,
    ownerSigner,
    functionUrl,
    mailFrom,
    content,
    now: () => at,
  });
  expect(response.status).toBe(200);
  return response.text();
}

const uidOf = (id: string, firstDay: string) =>
  `plan-${id}-${firstDay.replace(/-/g, "")}@example.com`;

function planned(series: Plan, count: number) {
  return planVisits(series, {
    ...planRulesOf(content.live().facts),
    from: series.first.day,
    to: "2028-12-31",
  })
    .slice(0, count)
    .map((visit) => ({
      start: visit.start.toISOString(),
      end: visit.end.toISOString(),
      hour: Number(visit.time.slice(0, 2)),
    }));
}

describe("the owner's calendar feed", () => {
  it("lists a plan as its series, with the customer's UID, beside a one-time visit", async () => {
    const store = testStore();
    const plan = await bookedPlan(store, now, thursdays);
    const once = await storeRequest(store, now, { name: "Sam Ortiz" });
    const before = await store.get(once);
    if (!before) throw new Error("not stored");
    await store.changeRequest(
      once,
      {
        status: "booked",
        visit: { start: new Date("2026-11-20T14:00:00Z"), end: new Date("2026-11-20T16:00:00Z") },
        event: { actor: "owner", kind: "booked" },
      },
      now,
    );
    const text = await feed(store);
    const lines = unfoldedLines(text);
    expect(lines).toContain(`UID:visit-${once}@example.com`);
    expect(lines).toContain(`UID:${uidOf(plan.id, "2026-11-19")}`);
    // The plan's request keeps its first visit as `visit`: it is the series, not an event of its own.
    expect(lines).not.toContain(`UID:visit-${plan.id}@example.com`);
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH");
    expect(lines.join("\n")).toContain("\\nCleaning plan: every week on Thursday at 9:00 AM\\n");
    expect(lines).toContain("SUMMARY:Dana Whitfield: Residential Cleaning");
    // Thanksgiving 2026 and 2027: the dates left out reach two years ahead, not one.
    expect(lines).toContain("EXDATE;TZID=America/New_York:20261126T090000");
    expect(lines).toContain("EXDATE;TZID=America/New_York:20271125T090000");
    expect(expandSeries(text, 20, uidOf(plan.id, "2026-11-19"))).toEqual(
      planned(plan.plan as Plan, 20),
    );
  });

  it("keeps a series ended by a change of how often under its own UID, and drops a lost request", async () => {
    const store = testStore();
    const plan = await bookedPlan(store, now, thursdays);
    const at = new Date("2026-12-01T15:00:00Z");
    const changed = await changeBookedPlan(
      store,
      plan.id,
      { kind: "every", every: "two-weeks" },
      at,
    );
    const lines = unfoldedLines(await feed(store, at));
    expect(lines).toContain(`UID:${uidOf(plan.id, "2026-11-19")}`);
    expect(lines).toContain(`UID:${uidOf(plan.id, "2026-12-03")}`);
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH;UNTIL=20261126T140000Z");
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH");
    expect(changed.plan?.earlier).toHaveLength(1);

    await store.changeRequest(
      plan.id,
      { status: "lost", event: { actor: "owner", kind: "cancelled-request" } },
      at,
    );
    expect(unfoldedLines(await feed(store, at)).filter((line) => line.startsWith("UID:"))).toEqual(
      [],
    );
  });
});
