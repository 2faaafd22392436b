/**
 * A plan's calendar series read back by a real RFC 5545 parser (ical.js), its zone taken from the
 * file's own VTIMEZONE: the visits a calendar app expands from it are planVisits', 9:00 AM across
 * daylight saving time, skipped and closed dates left out, a moved visit in place of its date.
 */
import { describe, expect, it } from "vitest";
import { type Plan, type PlanRules, planVisits } from "../../../shared/booking/plans.ts";
import { closedDaysOf } from "../../../shared/closed-days.ts";
import { weekWords } from "../../../shared/content/opening-hours.ts";
import { holidays, ny, week } from "../../../tests/support/booking-week.ts";
import { expandSeries, unfoldedLines } from "../../../tests/support/ical.ts";
import { icsCalendar } from "./ics.ts";
import { planSeries } from "./plan-event.ts";

const rules: PlanRules & { timeZone: typeof ny; through: string } = {
  closedDays: closedDaysOf({ ...weekWords(week), week, holidays }),
  week,
  timeZone: ny,
  closedDayVisits: "skip",
  through: "2027-10-21",
};

/**
 * Thursdays at 9:00 AM from October 22, 2026, across the clocks' change on November 1: November 5
 * skipped, November 12 moved to Friday the 13th at 10:00, Thanksgiving (the 26th) closed.
 */
const thursdays: Plan = {
  first: { day: "2026-10-22", time: "09:00" },
  minutes: 120,
  every: "week",
  skipped: ["2026-11-05"],
  moved: [{ from: "2026-11-12", to: { day: "2026-11-13", time: "10:00" } }],
};

const details = {
  uid: "plan-6f1c2a9e@example.com",
  sequence: 3,
  stamp: new Date("2026-10-20T12:00:00Z"),
  summary: "Home cleaning: Keystone Shine Cleaning",
  location: "12 Elm St, Berwyn, PA 19312",
};

function calendarOf(plan: Plan, more: Partial<typeof rules> = {}) {
  return icsCalendar({
    method: "REQUEST",
    events: [],
    series: [planSeries(plan, details, { ...rules, ...more })],
  });
}

/** The first `count` visits a calendar app shows: the series expanded, each override in its place. */
const expand = (text: string, count: number) => expandSeries(text, count);

const planned = (plan: Plan, count: number, more: Partial<PlanRules> = {}) =>
  planVisits(plan, { ...rules, ...more, from: plan.first.day, to: rules.through })
    .slice(0, count)
    .map((visit) => ({
      start: visit.start.toISOString(),
      end: visit.end.toISOString(),
      hour: Number(visit.time.slice(0, 2)),
    }));

const unfolded = unfoldedLines;

describe("a plan's calendar series", () => {
  it("expands (ical.js) to planVisits' first 10 visits, 9:00 AM on both sides of the clocks' change", () => {
    const text = calendarOf(thursdays);
    const shown = expand(text, 10);
    expect(shown).toEqual(planned(thursdays, 10));
    expect(shown).toHaveLength(10);
    // October 29 is on daylight time, November 19 on standard time: 9:00 AM is 13:00 and 14:00 UTC.
    expect(shown[1]).toEqual({
      start: "2026-10-29T13:00:00.000Z",
      end: "2026-10-29T15:00:00.000Z",
      hour: 9,
    });
    expect(shown[3]).toMatchObject({ start: "2026-11-19T14:00:00.000Z", hour: 9 });
    const starts = shown.map((visit) => visit.start.slice(0, 10));
    expect(starts).not.toContain("2026-11-05");
    expect(starts).not.toContain("2026-11-26");
    expect(starts).toContain("2026-11-13");
    expect(starts).not.toContain("2026-11-12");
  });

  it("writes the rule in the business's zone with its VTIMEZONE, an EXDATE per date left out, an override per moved visit", () => {
    const lines = unfolded(calendarOf(thursdays));
    expect(lines).toContain("DTSTART;TZID=America/New_York:20261022T090000");
    expect(lines).toContain("DTEND;TZID=America/New_York:20261022T110000");
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH");
    expect(lines.filter((line) => line.startsWith("EXDATE"))).toEqual([
      "EXDATE;TZID=America/New_York:20261105T090000",
      "EXDATE;TZID=America/New_York:20261126T090000",
    ]);
    expect(lines).toContain("RECURRENCE-ID;TZID=America/New_York:20261112T090000");
    expect(lines).toContain("DTSTART;TZID=America/New_York:20261113T100000");
    expect(lines.filter((line) => line === `UID:${details.uid}`)).toHaveLength(2);
    expect(lines.filter((line) => line === "SEQUENCE:3")).toHaveLength(2);
    expect(lines.filter((line) => line === "BEGIN:VTIMEZONE")).toHaveLength(1);
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });

  it("moves Thanksgiving's visit to Friday as an override of its date when the owner says move", () => {
    const text = calendarOf(thursdays, { closedDayVisits: "move" });
    expect(unfolded(text)).toContain("RECURRENCE-ID;TZID=America/New_York:20261126T090000");
    expect(unfolded(text)).toContain("DTSTART;TZID=America/New_York:20261127T090000");
    expect(unfolded(text).filter((line) => line.startsWith("EXDATE"))).toHaveLength(1);
    const shown = expand(text, 10);
    expect(shown).toEqual(planned(thursdays, 10, { closedDayVisits: "move" }));
    expect(shown.map((visit) => visit.start)).toContain("2026-11-27T14:00:00.000Z");
  });

  it("every two weeks and every month (the last Tuesday) expand to planVisits' visits", () => {
    const fortnightly: Plan = { ...thursdays, every: "two-weeks", skipped: [], moved: [] };
    expect(unfolded(calendarOf(fortnightly))).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH");
    expect(expand(calendarOf(fortnightly), 10)).toEqual(planned(fortnightly, 10));
    const lastTuesdays: Plan = {
      ...thursdays,
      every: "month",
      first: { day: "2026-12-29", time: "09:00" },
      skipped: [],
      moved: [],
    };
    const text = calendarOf(lastTuesdays, { through: "2028-01-01" });
    expect(unfolded(text)).toContain("RRULE:FREQ=MONTHLY;BYDAY=-1TU");
    expect(expand(text, 10)).toEqual(planned(lastTuesdays, 10));
    const firstTuesdays: Plan = { ...lastTuesdays, first: { day: "2026-12-01", time: "09:00" } };
    expect(unfolded(calendarOf(firstTuesdays))).toContain("RRULE:FREQ=MONTHLY;BYDAY=1TU");
  });

  it("ends a cancelled plan with UNTIL in UTC at its last date, and leaves out a pause", () => {
    const cancelled: Plan = {
      ...thursdays,
      pausedUntil: "2026-10-29",
      cancelledFrom: "2026-12-10",
    };
    const text = calendarOf(cancelled);
    expect(unfolded(text)).toContain(
      "RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH;UNTIL=20261203T140000Z",
    );
    expect(unfolded(text)).toContain("EXDATE;TZID=America/New_York:20261022T090000");
    // Only the dates up to UNTIL: the paused, the skipped, the closed one.
    expect(unfolded(text).filter((line) => line.startsWith("EXDATE"))).toEqual([
      "EXDATE;TZID=America/New_York:20261022T090000",
      "EXDATE;TZID=America/New_York:20261105T090000",
      "EXDATE;TZID=America/New_York:20261126T090000",
    ]);
    const shown = expand(text, 50);
    expect(shown).toEqual(planned(cancelled, 50));
    expect(shown.map((visit) => visit.start.slice(0, 10))).toEqual([
      "2026-10-29",
      "2026-11-13",
      "2026-11-19",
      "2026-12-03",
    ]);
  });

  it("lists a date skipped, moved or paused past the months it covers", () => {
    const covering = (changes: Partial<Plan>) =>
      planSeries({ ...thursdays, ...changes }, details, { ...rules, through: "2027-01-31" });
    const skipped = covering({ skipped: ["2028-01-13"] });
    // Thanksgiving 2027 falls between the months covered and the last date changed.
    expect(skipped.exceptions).toEqual(["2026-11-26", "2027-11-25", "2028-01-13"]);
    const moved = covering({
      moved: [{ from: "2028-01-06", to: { day: "2028-01-07", time: "09:00" } }],
    });
    expect(moved.overrides.map((override) => override.occurrence)).toEqual(["2028-01-06"]);
    const paused = covering({ skipped: [], moved: [], pausedUntil: "2027-03-01" });
    expect(paused.exceptions.at(-1)).toBe("2027-02-25");
  });

  it("is a cancelled event when the plan was cancelled before its first visit", () => {
    const series = planSeries({ ...thursdays, cancelledFrom: "2026-10-22" }, details, rules);
    expect(series.status).toBe("CANCELLED");
    expect(series.exceptions).toEqual([]);
    expect(series.overrides).toEqual([]);
  });

  it("folds every line at 75 octets and ends each with CRLF", () => {
    const text = calendarOf(thursdays);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
