import { describe, expect, it } from "vitest";
import {
  local,
  planWith as plan,
  planRules as rules,
  weeklyPlan as weekly,
} from "../../tests/support/booking-week.ts";
import {
  addedVisits,
  changePlan,
  moveDays,
  type PlanChange,
  type PlanChangeContext,
} from "./plan-changes.ts";
import { type Plan, planVisits } from "./plans.ts";

const customer = (now: Date): PlanChangeContext => ({
  now,
  rules,
  actor: "visitor",
  cutoffHours: 24,
});
const owner = (now: Date): PlanChangeContext => ({ ...customer(now), actor: "owner" });

/** The plan as changed, failing the test with the problem when the change is refused. */
function changed(of: Plan, change: PlanChange, context: PlanChangeContext) {
  const outcome = changePlan(of, change, context);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome;
}
const problem = (of: Plan, change: PlanChange, context: PlanChangeContext) => {
  const outcome = changePlan(of, change, context);
  return outcome.ok ? null : outcome.problem;
};

/** The days (and times, when not 9:00) of a plan's visits from `from` to `to`. */
const days = (of: Plan | Plan[], from: string, to: string) =>
  [of]
    .flat()
    .flatMap((series) => planVisits(series, { ...rules, from, to }))
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((visit) => (visit.time === "09:00" ? visit.day : `${visit.day} ${visit.time}`));

/** Monday, November 30, 2026, 8:00 AM: the first visit is 25 hours away. */
const dayBefore = local("2026-11-30", "08:00");
/** Monday, December 7, 10:00 AM: Tuesday's 9:00 AM visit is 23 hours away. */
const insideCutoff = local("2026-12-07", "10:00");

const lessThanADay =
  "That visit is less than 24 hours away, so it can no longer be changed here. Please call us.";

describe("skipping a visit and taking the skip back", () => {
  it("skips one visit: its date has none, the others stay", () => {
    const { plan: skipped } = changed(
      weekly,
      { kind: "skip", occurrence: "2026-12-08" },
      customer(dayBefore),
    );
    expect(skipped.skipped).toEqual(["2026-12-08"]);
    expect(days(skipped, "2026-12-01", "2026-12-20")).toEqual(["2026-12-01", "2026-12-15"]);
    const back = changed(
      skipped,
      { kind: "unskip", occurrence: "2026-12-08" },
      customer(dayBefore),
    );
    expect(days(back.plan, "2026-12-01", "2026-12-20")).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
    ]);
  });

  it("refuses a date that is no visit of the plan, one skipped already, and an unskip of a visit not skipped", () => {
    const context = customer(dayBefore);
    expect(problem(weekly, { kind: "skip", occurrence: "2026-12-09" }, context)).toBe(
      "Please choose one of the visits shown.",
    );
    expect(
      problem(
        plan({ skipped: ["2026-12-08"] }),
        { kind: "skip", occurrence: "2026-12-08" },
        context,
      ),
    ).toBe("Please choose one of the visits shown.");
    expect(problem(weekly, { kind: "unskip", occurrence: "2026-12-08" }, context)).toBe(
      "That visit is not skipped: nothing to take back.",
    );
    // Christmas Day is closed: a visit that would fall on it is none to skip.
    const friday = plan({ first: { day: "2026-12-04", time: "09:00" } });
    expect(problem(friday, { kind: "skip", occurrence: "2026-12-25" }, context)).toBe(
      "There is no visit on that date to skip.",
    );
  });

  it("closes at the cut-off for the customer, not for the owner, and for nobody once the visit began", () => {
    const skip: PlanChange = { kind: "skip", occurrence: "2026-12-08" };
    expect(problem(weekly, skip, customer(insideCutoff))).toBe(lessThanADay);
    expect(changed(weekly, skip, owner(insideCutoff)).plan.skipped).toEqual(["2026-12-08"]);
    expect(problem(weekly, skip, owner(local("2026-12-08", "09:30")))).toBe(
      "That visit has already begun.",
    );
    // Taking a skip back brings a visit back: the same cut-off.
    const unskip: PlanChange = { kind: "unskip", occurrence: "2026-12-08" };
    expect(problem(plan({ skipped: ["2026-12-08"] }), unskip, customer(insideCutoff))).toBe(
      lessThanADay,
    );
  });
});

describe("moving a visit", () => {
  const context = customer(dayBefore);

  it("moves it to a day of its week or the next; moved again, the last move counts; moved home, no move is left", () => {
    expect(moveDays("2026-12-08")).toEqual({ from: "2026-12-07", to: "2026-12-20" });
    const once = changed(
      weekly,
      { kind: "move", occurrence: "2026-12-08", to: { day: "2026-12-10", time: "13:30" } },
      context,
    ).plan;
    expect(days(once, "2026-12-07", "2026-12-13")).toEqual(["2026-12-10 13:30"]);
    const twice = changed(
      once,
      { kind: "move", occurrence: "2026-12-08", to: { day: "2026-12-16", time: "08:00" } },
      context,
    ).plan;
    expect(twice.moved).toEqual([{ from: "2026-12-08", to: { day: "2026-12-16", time: "08:00" } }]);
    expect(days(twice, "2026-12-07", "2026-12-20")).toEqual(["2026-12-15", "2026-12-16 08:00"]);
    const home = changed(
      twice,
      { kind: "move", occurrence: "2026-12-08", to: { day: "2026-12-08", time: "09:00" } },
      context,
    ).plan;
    expect(home.moved).toEqual([]);
  });

  it("refuses another week, a closed day, a time inside the cut-off, a day the plan is paused, the same time, an altered value", () => {
    const move = (day: string, time = "10:00", of = weekly, at = context) =>
      problem(of, { kind: "move", occurrence: "2026-12-22", to: { day, time } }, at);
    expect(move("2027-01-04")).toBe("A visit moves to a day of its own week or the next.");
    expect(move("2026-12-20")).toBe("A visit moves to a day of its own week or the next.");
    expect(move("2026-12-25")).toBe("We are closed on Christmas Day.");
    expect(move("2026-12-27")).toBe("We are closed on Sunday.");
    expect(move("2026-12-22", "09:00")).toBe("Your visit is at that time already.");
    expect(move("2026-12-22", "9 AM")).toBe("Please choose one of the times shown.");
    expect(move("2026-12-32")).toBe("Please choose one of the times shown.");
    const paused = plan({ pausedFrom: "2026-12-29", pausedUntil: "2027-01-10" });
    expect(move("2026-12-30", "10:00", paused)).toBe(
      "Your plan has no visits that day: please choose another.",
    );
    // The visit itself is open to changes, the time is not.
    expect(move("2026-12-21", "09:00", weekly, customer(local("2026-12-20", "10:00")))).toBe(
      "Please choose a time at least 24 hours from now.",
    );
  });
});

describe("pausing and resuming", () => {
  it("pauses from the first visit still open to changes: one inside the cut-off stays", () => {
    const { plan: paused } = changed(
      weekly,
      { kind: "pause", until: "2027-01-04" },
      customer(insideCutoff),
    );
    expect(paused).toMatchObject({ pausedFrom: "2026-12-15", pausedUntil: "2027-01-04" });
    expect(days(paused, "2026-12-07", "2027-01-12")).toEqual([
      "2026-12-08",
      "2027-01-05",
      "2027-01-12",
    ]);
  });

  it("pauses from a first open visit that was moved earlier than its date", () => {
    const moved = plan({
      moved: [{ from: "2026-12-15", to: { day: "2026-12-14", time: "15:00" } }],
    });
    const { plan: paused } = changed(
      moved,
      { kind: "pause", until: "2027-01-04" },
      customer(insideCutoff),
    );
    expect(days(paused, "2026-12-07", "2027-01-05")).toEqual(["2026-12-08", "2027-01-05"]);
  });

  it("refuses a date up to the next visit, over a year ahead, or no date", () => {
    const context = customer(insideCutoff);
    expect(problem(weekly, { kind: "pause", until: "2026-12-15" }, context)).toBe(
      "Please choose a date after your next visit (Tuesday, December 15).",
    );
    expect(problem(weekly, { kind: "pause", until: "2027-12-08" }, context)).toBe(
      "A plan can be paused for up to a year. To stop it, cancel it.",
    );
    expect(problem(weekly, { kind: "pause", until: "2027-02-30" }, context)).toBe(
      "Please choose a date.",
    );
  });

  it("lengthens or shortens a pause in effect from where it began", () => {
    const paused = plan({ pausedFrom: "2026-12-08", pausedUntil: "2027-01-04" });
    const context = customer(local("2026-12-10", "10:00"));
    const shorter = changed(paused, { kind: "pause", until: "2026-12-21" }, context).plan;
    expect(shorter).toMatchObject({ pausedFrom: "2026-12-08", pausedUntil: "2026-12-21" });
    expect(days(shorter, "2026-12-01", "2026-12-29")).toEqual([
      "2026-12-01",
      "2026-12-22",
      "2026-12-29",
    ]);
    const longer = changed(paused, { kind: "pause", until: "2027-02-01" }, context).plan;
    expect(longer).toMatchObject({ pausedFrom: "2026-12-08", pausedUntil: "2027-02-01" });
  });

  it("keeps the dates an ended pause took off when a new one begins", () => {
    const ended = plan({ pausedFrom: "2026-12-08", pausedUntil: "2026-12-16" });
    const { plan: again } = changed(
      ended,
      { kind: "pause", until: "2027-01-11" },
      customer(local("2026-12-20", "10:00")),
    );
    expect(again).toMatchObject({
      pausedFrom: "2026-12-22",
      pausedUntil: "2027-01-11",
      skipped: ["2026-12-08", "2026-12-15"],
    });
    expect(days(again, "2026-12-01", "2027-01-12")).toEqual(["2026-12-01", "2027-01-12"]);
  });

  it("resumes: the paused visits open to changes come back, one inside the cut-off stays off", () => {
    const paused = plan({ pausedFrom: "2026-12-08", pausedUntil: "2027-01-04" });
    const resumed = changed(
      paused,
      { kind: "resume" },
      customer(local("2026-12-01", "12:00")),
    ).plan;
    expect(resumed.pausedUntil).toBeUndefined();
    expect(days(resumed, "2026-12-01", "2026-12-22")).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
    ]);
    const late = changed(paused, { kind: "resume" }, customer(insideCutoff)).plan;
    expect(days(late, "2026-12-01", "2026-12-22")).toEqual([
      "2026-12-01",
      "2026-12-15",
      "2026-12-22",
    ]);
    expect(problem(weekly, { kind: "resume" }, customer(insideCutoff))).toBe(
      "This plan is not paused.",
    );
  });
});

describe("changing how often", () => {
  it("ends the series before its first open visit and starts the new one on that visit's date", () => {
    const outcome = changed(weekly, { kind: "every", every: "two-weeks" }, customer(insideCutoff));
    expect(outcome.ended).toMatchObject({ every: "week", cancelledFrom: "2026-12-15" });
    expect(outcome.plan).toMatchObject({
      every: "two-weeks",
      first: { day: "2026-12-15", time: "09:00" },
      skipped: [],
      moved: [],
    });
    expect(outcome.plan.cancelledFrom).toBeUndefined();
    const series = [outcome.ended as Plan, outcome.plan];
    expect(days(series, "2026-12-01", "2027-01-13")).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-29",
      "2027-01-12",
    ]);
    expect(problem(weekly, { kind: "every", every: "week" }, customer(insideCutoff))).toBe(
      "Your plan is already every week on Tuesday.",
    );
  });

  it("keeps the first open visit's move in the new series", () => {
    const moved = plan({
      moved: [{ from: "2026-12-15", to: { day: "2026-12-16", time: "11:00" } }],
    });
    const outcome = changed(moved, { kind: "every", every: "month" }, customer(insideCutoff));
    expect(days([outcome.ended as Plan, outcome.plan], "2026-12-07", "2027-02-10")).toEqual([
      "2026-12-08",
      "2026-12-16 11:00",
      "2027-01-19",
    ]);
  });
});

describe("cancelling", () => {
  it("takes off every visit from the first one open to changes; one inside the cut-off stays", () => {
    const { plan: cancelled } = changed(weekly, { kind: "cancel" }, customer(insideCutoff));
    expect(cancelled.cancelledFrom).toBe("2026-12-15");
    expect(days(cancelled, "2026-12-01", "2027-02-01")).toEqual(["2026-12-01", "2026-12-08"]);
  });

  it("keeps a visit inside the cut-off that was moved past an open one's series date", () => {
    // Thursday, December 10, noon: Friday's 9:00 AM visit (December 8's, moved) is inside the
    // cut-off; Saturday's (December 1's, moved) and Friday's 2:00 PM one are open.
    const crossed = plan({
      moved: [
        { from: "2026-12-08", to: { day: "2026-12-11", time: "09:00" } },
        { from: "2026-12-01", to: { day: "2026-12-12", time: "10:00" } },
      ],
    });
    const at = customer(local("2026-12-10", "12:00"));
    expect(days(changed(crossed, { kind: "cancel" }, at).plan, "2026-12-01", "2027-01-01")).toEqual(
      ["2026-12-11"],
    );
    const sameDay = plan({
      moved: [
        { from: "2026-12-08", to: { day: "2026-12-11", time: "09:00" } },
        { from: "2026-12-01", to: { day: "2026-12-11", time: "14:00" } },
      ],
    });
    expect(days(changed(sameDay, { kind: "cancel" }, at).plan, "2026-12-01", "2027-01-01")).toEqual(
      ["2026-12-11"],
    );
  });

  it("refuses the customer's every change after it; the owner may still change a visit it kept", () => {
    const { plan: cancelled } = changed(weekly, { kind: "cancel" }, customer(insideCutoff));
    const words = "This plan is cancelled. To start again, please call us.";
    for (const change of [
      { kind: "skip", occurrence: "2026-12-08" },
      { kind: "unskip", occurrence: "2026-12-08" },
      { kind: "pause", until: "2027-02-01" },
      { kind: "resume" },
      { kind: "every", every: "month" },
      { kind: "cancel" },
    ] as PlanChange[])
      expect(problem(cancelled, change, customer(local("2026-12-01", "08:00")))).toBe(words);
    expect(
      changed(cancelled, { kind: "skip", occurrence: "2026-12-08" }, owner(insideCutoff)).plan
        .skipped,
    ).toEqual(["2026-12-08"]);
    expect(
      problem(cancelled, { kind: "skip", occurrence: "2026-12-22" }, owner(insideCutoff)),
    ).toBe(words);
  });
});

describe("the visits a change adds", () => {
  const context = customer(dayBefore);
  const added = (before: Plan | Plan[], after: Plan | Plan[]) =>
    addedVisits(before, after, rules, dayBefore, "2027-01-31").map((visit) =>
      visit.time === "09:00" ? visit.day : `${visit.day} ${visit.time}`,
    );

  it("are a moved visit's new time, a skip taken back, the visits after a pause lifted, a new series'", () => {
    const moved = changed(
      weekly,
      { kind: "move", occurrence: "2026-12-08", to: { day: "2026-12-09", time: "11:00" } },
      context,
    ).plan;
    expect(added(weekly, moved)).toEqual(["2026-12-09 11:00"]);
    const skipped = plan({ skipped: ["2026-12-15"] });
    expect(
      added(skipped, changed(skipped, { kind: "unskip", occurrence: "2026-12-15" }, context).plan),
    ).toEqual(["2026-12-15"]);
    const paused = plan({ pausedFrom: "2026-12-15", pausedUntil: "2027-01-01" });
    expect(added(paused, changed(paused, { kind: "resume" }, context).plan)).toEqual([
      "2026-12-15",
      "2026-12-22",
      "2026-12-29",
    ]);
    const every = changed(weekly, { kind: "every", every: "two-weeks" }, context);
    // The new series starts on the first open visit's date: its visits are where the old ones were.
    expect(added(weekly, [every.ended as Plan, every.plan])).toEqual([]);
    const monthly = changed(weekly, { kind: "every", every: "month" }, context);
    expect(added(weekly, [monthly.ended as Plan, monthly.plan])).toEqual([]);
  });

  it("are none for a skip, a pause or a cancellation", () => {
    for (const change of [
      { kind: "skip", occurrence: "2026-12-08" },
      { kind: "pause", until: "2027-01-04" },
      { kind: "cancel" },
    ] as PlanChange[])
      expect(added(weekly, changed(weekly, change, context).plan)).toEqual([]);
  });
});
