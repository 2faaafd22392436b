import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../content/facts.ts";
import {
  bookableDates,
  businessToday,
  checkWindows,
  formatDate,
  formatWindow,
} from "./preferred-windows.ts";

// Tuesday 2026-11-24, 10:00 in Pennsylvania.
const now = new Date("2026-11-24T15:00:00Z");

describe("bookableDates", () => {
  it("runs from tomorrow to 21 days ahead and skips Sundays and holidays", () => {
    const dates = bookableDates(now, repositoryFacts());
    expect(dates[0]).toBe("2026-11-25");
    expect(dates.at(-1)).toBe("2026-12-15");
    expect(dates).not.toContain("2026-11-29"); // a Sunday
    expect(dates).not.toContain("2026-11-26"); // Thanksgiving
    expect(dates).toContain("2026-11-27");
    expect(dates).toHaveLength(17); // 21 days, three Sundays, Thanksgiving
  });

  it("skips Christmas and New Year's Day across the year's end", () => {
    const dates = bookableDates(new Date("2026-12-20T15:00:00Z"), repositoryFacts());
    expect(dates).not.toContain("2026-12-25");
    expect(dates).not.toContain("2027-01-01");
    expect(dates).toContain("2026-12-26");
    expect(dates).toContain("2026-12-31");
  });

  it("counts days where the business is, not in UTC", () => {
    // 02:00 UTC on Dec 2 is still Dec 1, 21:00, in Pennsylvania.
    expect(businessToday(new Date("2026-12-02T02:00:00Z"))).toBe("2026-12-01");
    expect(bookableDates(new Date("2026-12-02T02:00:00Z"), repositoryFacts())[0]).toBe(
      "2026-12-02",
    );
    // 05:00 UTC on Dec 2 is midnight in Pennsylvania: the 2nd has begun.
    expect(bookableDates(new Date("2026-12-02T05:00:00Z"), repositoryFacts())[0]).toBe(
      "2026-12-03",
    );
  });

  it("is not thrown by daylight saving changes", () => {
    // Sunday 2027-03-14 clocks go forward; Saturday night 23:30 local is 04:30 UTC.
    const saturdayNight = new Date("2027-03-14T04:30:00Z");
    expect(businessToday(saturdayNight)).toBe("2027-03-13");
    const dates = bookableDates(saturdayNight, repositoryFacts());
    expect(dates[0]).toBe("2027-03-15"); // tomorrow is Sunday, closed
    expect(dates.at(-1)).toBe("2027-04-03");
    // Sunday 2026-11-01 clocks go back.
    expect(bookableDates(new Date("2026-10-31T12:00:00Z"), repositoryFacts())[0]).toBe(
      "2026-11-02",
    );
  });
});

describe("checkWindows", () => {
  it.each([
    [[], null],
    [[{ date: "2026-11-25", window: "morning" }], null],
    [
      [
        { date: "2026-11-25", window: "morning" },
        { date: "2026-11-25", window: "evening" },
        { date: "2026-12-15", window: "afternoon" },
      ],
      null,
    ],
  ] as const)("accepts %j", (windows, expected) => {
    expect(checkWindows(windows, now, repositoryFacts())).toBe(expected);
  });

  it.each([
    ["today", [{ date: "2026-11-24", window: "morning" }]],
    ["22 days ahead", [{ date: "2026-12-16", window: "morning" }]],
    ["a Sunday", [{ date: "2026-11-29", window: "afternoon" }]],
    ["Thanksgiving", [{ date: "2026-11-26", window: "morning" }]],
    ["an impossible date", [{ date: "2026-11-31", window: "morning" }]],
    ["not a date", [{ date: "next tuesday", window: "morning" }]],
    [
      "a repeat",
      [
        { date: "2026-11-25", window: "morning" },
        { date: "2026-11-25", window: "morning" },
      ],
    ],
    [
      "four windows",
      ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"].map((date) => ({
        date,
        window: "morning",
      })),
    ],
    ["a window that is not a part of the day", [{ date: "2026-11-25", window: "night" }]],
  ])("refuses %s", (_name, windows) => {
    expect(checkWindows(windows as never, now, repositoryFacts())).toEqual(expect.any(String));
  });
});

describe("checkWindows says why a closed day is refused", () => {
  it("names the holiday or the Sunday", () => {
    expect(checkWindows([{ date: "2026-11-26", window: "morning" }], now, repositoryFacts())).toBe(
      "We are closed on Thu Nov 26 (Thanksgiving): please choose another day.",
    );
    expect(checkWindows([{ date: "2026-11-29", window: "morning" }], now, repositoryFacts())).toBe(
      "We are closed on Sun Nov 29 (Sunday): please choose another day.",
    );
  });

  it("gives the range, not the holiday, for a day outside it", () => {
    expect(checkWindows([{ date: "2001-01-01", window: "morning" }], now, repositoryFacts())).toBe(
      "Please choose a day from tomorrow to three weeks ahead, Monday to Saturday.",
    );
  });
});

describe("formatting for people", () => {
  it("reads like the owner's e-mail", () => {
    expect(formatDate("2026-12-01")).toBe("Tue Dec 1");
    expect(formatWindow({ date: "2026-12-01", window: "morning" })).toBe("Tue Dec 1, morning");
  });
});
