import { describe, expect, it } from "vitest";
import {
  local,
  planWith as plan,
  planRules as rules,
  weeklyPlan as weekly,
} from "../../tests/support/booking-week.ts";
import type { Busy } from "./open-times.ts";
import {
  describeEvery,
  nextVisits,
  type Plan,
  type PlanRules,
  type PlanVisit,
  planDates,
  planVisits,
  seriesDates,
} from "./plans.ts";

const visits = (of: Plan, from: string, to: string, more: Partial<PlanRules> = {}) =>
  planVisits(of, { ...rules, ...more, from, to });
const days = (list: PlanVisit[]) => list.map((visit) => visit.day);

describe("a plan's visits", () => {
  it("every week: the first visit's weekday and time, each a planned visit on its series date", () => {
    const december = visits(weekly, "2026-11-01", "2026-12-31");
    expect(days(december)).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
      "2026-12-29",
    ]);
    for (const visit of december) {
      expect(visit).toMatchObject({ time: "09:00", kind: "planned", occurrence: visit.day });
      expect(visit.start.getTime()).toBe(local(visit.day, "09:00").getTime());
      expect(visit.end.getTime() - visit.start.getTime()).toBe(120 * 60_000);
    }
    expect(december[0]?.start.toISOString()).toBe("2026-12-01T14:00:00.000Z");
  });

  it("every two weeks: keeps the first visit's fortnight in any window", () => {
    const fortnightly = plan({ every: "two-weeks" });
    expect(days(visits(fortnightly, "2026-12-01", "2026-12-31"))).toEqual([
      "2026-12-01",
      "2026-12-15",
      "2026-12-29",
    ]);
    expect(days(visits(fortnightly, "2027-01-06", "2027-02-05"))).toEqual([
      "2027-01-12",
      "2027-01-26",
    ]);
  });

  it("every month: the same weekday of the month (the first Tuesday)", () => {
    const monthly = plan({ every: "month" });
    expect(days(visits(monthly, "2026-12-01", "2027-04-30"))).toEqual([
      "2026-12-01",
      "2027-01-05",
      "2027-02-02",
      "2027-03-02",
      "2027-04-06",
    ]);
  });

  it("every month from a fifth Tuesday: the last Tuesday of a month that has no fifth", () => {
    // December 2026 has five Tuesdays (the 29th is the fifth); January and February 2027 four.
    const monthly = plan({ every: "month", first: { day: "2026-12-29", time: "09:00" } });
    expect(days(visits(monthly, "2026-12-01", "2027-03-31"))).toEqual([
      "2026-12-29",
      "2027-01-26",
      "2027-02-23",
      "2027-03-30",
    ]);
  });

  it("leaves out a skipped date and has none before the first visit", () => {
    expect(days(visits(plan({ skipped: ["2026-12-08"] }), "2026-11-01", "2026-12-20"))).toEqual([
      "2026-12-01",
      "2026-12-15",
    ]);
    expect(
      planDates(plan({ skipped: ["2026-12-08"] }), {
        ...rules,
        from: "2026-12-08",
        to: "2026-12-08",
      }),
    ).toEqual([{ occurrence: "2026-12-08", visit: null, why: "skipped" }]);
  });

  it("puts a moved visit at its new time, in time order, even from a series date outside the window", () => {
    const moved = plan({
      moved: [
        { from: "2026-12-08", to: { day: "2026-12-10", time: "10:00" } },
        { from: "2026-12-15", to: { day: "2026-12-14", time: "15:30" } },
      ],
    });
    const list = visits(moved, "2026-12-01", "2026-12-16");
    expect(
      list.map(({ day, time, kind, occurrence }) => ({ day, time, kind, occurrence })),
    ).toEqual([
      { day: "2026-12-01", time: "09:00", kind: "planned", occurrence: "2026-12-01" },
      { day: "2026-12-10", time: "10:00", kind: "moved", occurrence: "2026-12-08" },
      { day: "2026-12-14", time: "15:30", kind: "moved", occurrence: "2026-12-15" },
    ]);
    expect(list[1]?.start.toISOString()).toBe("2026-12-10T15:00:00.000Z");
    // Moved a week and more later: the window of its new day holds it.
    const later = plan({
      moved: [{ from: "2026-12-01", to: { day: "2026-12-18", time: "09:00" } }],
    });
    expect(
      visits(later, "2026-12-16", "2026-12-19").map(({ day, occurrence }) => ({ day, occurrence })),
    ).toEqual([{ day: "2026-12-18", occurrence: "2026-12-01" }]);
    // Moved twice: the later move counts.
    const twice = plan({
      moved: [
        { from: "2026-12-08", to: { day: "2026-12-10", time: "10:00" } },
        { from: "2026-12-08", to: { day: "2026-12-09", time: "14:00" } },
      ],
    });
    expect(days(visits(twice, "2026-12-07", "2026-12-13"))).toEqual(["2026-12-09"]);
  });

  it("has no visit before the end of a pause, nor from the day a plan is cancelled", () => {
    expect(days(visits(plan({ pausedUntil: "2026-12-20" }), "2026-12-01", "2027-01-06"))).toEqual([
      "2026-12-22",
      "2026-12-29",
      "2027-01-05",
    ]);
    expect(days(visits(plan({ cancelledFrom: "2026-12-20" }), "2026-12-01", "2027-01-31"))).toEqual(
      ["2026-12-01", "2026-12-08", "2026-12-15"],
    );
    // No visit is kept whose series date or new day is in the pause or from the cancellation on.
    const moved = plan({
      pausedUntil: "2026-12-10",
      cancelledFrom: "2026-12-27",
      moved: [
        { from: "2026-12-08", to: { day: "2026-12-11", time: "09:00" } },
        { from: "2026-12-15", to: { day: "2026-12-09", time: "09:00" } },
        { from: "2026-12-22", to: { day: "2026-12-28", time: "09:00" } },
        { from: "2026-12-29", to: { day: "2026-12-24", time: "09:00" } },
      ],
    });
    expect(days(visits(moved, "2026-12-01", "2027-01-31"))).toEqual([]);
  });

  it("skips a visit on a holiday when the owner says skip (Thanksgiving, Thursday 2026-11-26)", () => {
    const thursdays = plan({ first: { day: "2026-11-19", time: "09:00" } });
    expect(days(visits(thursdays, "2026-11-19", "2026-12-03"))).toEqual([
      "2026-11-19",
      "2026-12-03",
    ]);
    expect(planDates(thursdays, { ...rules, from: "2026-11-26", to: "2026-11-26" })).toEqual([
      { occurrence: "2026-11-26", visit: null, why: "closed", closedReason: "Thanksgiving" },
    ]);
  });

  it("moves a visit off a holiday to the next open day of that week at the same time", () => {
    const thursdays = plan({ first: { day: "2026-11-19", time: "09:00" } });
    const moved = visits(thursdays, "2026-11-27", "2026-11-27", { closedDayVisits: "move" });
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({
      day: "2026-11-27",
      time: "09:00",
      occurrence: "2026-11-26",
      kind: "closed-moved",
      closedReason: "Thanksgiving",
    });
    expect(moved[0]?.start.toISOString()).toBe("2026-11-27T14:00:00.000Z");
    // Christmas, Friday 2026-12-25: to Saturday, whose hours (9 to 1) hold a two-hour visit.
    const fridays = plan({ first: { day: "2026-12-18", time: "09:00" } });
    expect(days(visits(fridays, "2026-12-21", "2026-12-27", { closedDayVisits: "move" }))).toEqual([
      "2026-12-26",
    ]);
  });

  it("moves a closed day's visit only to a day before the plan is cancelled", () => {
    const thursdays = plan({
      first: { day: "2026-11-19", time: "09:00" },
      cancelledFrom: "2026-11-27",
    });
    const moved = visits(thursdays, "2026-11-23", "2026-11-29", { closedDayVisits: "move" });
    expect(days(moved)).toEqual(["2026-11-25"]);
  });

  it("moves to the days before when none after fits: Saturday's hours, a busy crew, Sunday closed", () => {
    const fridays = plan({ first: { day: "2026-12-18", time: "09:00" } });
    // Five hours do not fit Saturday's 9 to 1: back to Thursday.
    const long = visits(plan({ ...fridays, minutes: 300 }), "2026-12-21", "2026-12-27", {
      closedDayVisits: "move",
    });
    expect(days(long)).toEqual(["2026-12-24"]);
    // Saturday's one crew is busy at 9: back to Thursday too.
    const saturday: Busy = {
      start: local("2026-12-26", "09:00"),
      end: local("2026-12-26", "10:00"),
    };
    const busy = { visits: [saturday], settings: { crews: 1, travelMinutes: 30 } };
    expect(
      days(visits(fridays, "2026-12-21", "2026-12-27", { closedDayVisits: "move", busy })),
    ).toEqual(["2026-12-24"]);
    // Christmas 2027 is a Saturday; Sunday is closed: to Friday, December 24.
    const saturdays = plan({ first: { day: "2027-12-18", time: "09:00" } });
    expect(
      days(visits(saturdays, "2027-12-20", "2027-12-26", { closedDayVisits: "move" })),
    ).toEqual(["2027-12-24"]);
  });

  it("skips a closed day's visit when no day of its week has room", () => {
    const fridays = plan({ first: { day: "2026-12-18", time: "09:00" } });
    const full = ["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24", "2026-12-26"].map(
      (day) => ({ start: local(day, "08:00"), end: local(day, "13:00") }),
    );
    const busy = { visits: full, settings: { crews: 1, travelMinutes: 30 } };
    expect(visits(fridays, "2026-12-21", "2026-12-27", { closedDayVisits: "move", busy })).toEqual(
      [],
    );
    expect(
      planDates(fridays, {
        ...rules,
        closedDayVisits: "move",
        busy,
        from: "2026-12-25",
        to: "2026-12-25",
      }),
    ).toEqual([
      { occurrence: "2026-12-25", visit: null, why: "closed", closedReason: "Christmas Day" },
    ]);
  });

  it("keeps 9:00 AM at 9:00 AM across daylight saving time (Mondays, October 26 and November 2, 2026)", () => {
    const mondays = plan({ first: { day: "2026-10-26", time: "09:00" } });
    const [before, after] = visits(mondays, "2026-10-26", "2026-11-02");
    expect(before?.time).toBe("09:00");
    expect(after?.time).toBe("09:00");
    expect(before?.start.toISOString()).toBe("2026-10-26T13:00:00.000Z");
    expect(after?.start.toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });
});

describe("the next visits", () => {
  it("lists the next six after now, leaving out the one under way", () => {
    const now = local("2026-12-08", "10:00");
    expect(days(nextVisits(weekly, now, 6, rules))).toEqual([
      "2026-12-15",
      "2026-12-22",
      "2026-12-29",
      "2027-01-05",
      "2027-01-12",
      "2027-01-19",
    ]);
    expect(days(nextVisits(plan({ every: "month" }), now, 6, rules))).toEqual([
      "2027-01-05",
      "2027-02-02",
      "2027-03-02",
      "2027-04-06",
      "2027-05-04",
      "2027-06-01",
    ]);
  });

  it("starts after a pause and stops at a cancellation", () => {
    const now = local("2026-12-01", "08:00");
    expect(days(nextVisits(plan({ pausedUntil: "2027-06-01" }), now, 2, rules))).toEqual([
      "2027-06-01",
      "2027-06-08",
    ]);
    // A pause longer than the search's years: the search starts where the pause ends.
    expect(days(nextVisits(plan({ pausedUntil: "2031-01-07" }), now, 1, rules))).toEqual([
      "2031-01-07",
    ]);
    expect(days(nextVisits(plan({ cancelledFrom: "2026-12-10" }), now, 6, rules))).toEqual([
      "2026-12-01",
      "2026-12-08",
    ]);
  });
});

describe("the series' rule", () => {
  it("gives the series dates alone, none before the first", () => {
    expect(seriesDates(weekly, "2026-11-01", "2026-12-10")).toEqual(["2026-12-01", "2026-12-08"]);
    expect(seriesDates(plan({ every: "two-weeks" }), "2027-01-06", "2027-02-05")).toEqual([
      "2027-01-12",
      "2027-01-26",
    ]);
    expect(seriesDates(plan({ every: "month" }), "2026-12-02", "2027-02-02")).toEqual([
      "2027-01-05",
      "2027-02-02",
    ]);
  });

  it("says how often in words", () => {
    expect(describeEvery("week", "2026-12-01")).toBe("every week on Tuesday");
    expect(describeEvery("two-weeks", "2026-12-01")).toBe("every two weeks on Tuesday");
    expect(describeEvery("month", "2026-12-01")).toBe("every month on the first Tuesday");
    expect(describeEvery("month", "2026-12-17")).toBe("every month on the third Thursday");
    expect(describeEvery("month", "2026-12-29")).toBe("every month on the last Tuesday");
  });
});
