import { describe, expect, it } from "vitest";
import { repositoryFacts } from "./content/facts.ts";

const { business, closedDays } = repositoryFacts();

describe("holidays the business closes for, worked out per year", () => {
  it("names the usual six US holidays", () => {
    expect(business.hours.holidays.map((holiday) => holiday.name)).toEqual([
      "New Year's Day",
      "Memorial Day",
      "Independence Day",
      "Labor Day",
      "Thanksgiving",
      "Christmas Day",
    ]);
  });

  it.each([
    [2026, ["2026-01-01", "2026-05-25", "2026-07-04", "2026-09-07", "2026-11-26", "2026-12-25"]],
    // July 4th is a Sunday: the Monday after is closed too.
    [
      2027,
      [
        "2027-01-01",
        "2027-05-31",
        "2027-07-04",
        "2027-07-05",
        "2027-09-06",
        "2027-11-25",
        "2027-12-25",
      ],
    ],
    [2028, ["2028-01-01", "2028-05-29", "2028-07-04", "2028-09-04", "2028-11-23", "2028-12-25"]],
    // New Year's Day on a Sunday.
    [
      2023,
      [
        "2023-01-01",
        "2023-01-02",
        "2023-05-29",
        "2023-07-04",
        "2023-09-04",
        "2023-11-23",
        "2023-12-25",
      ],
    ],
  ])("%i", (year, dates) => {
    expect(closedDays.holidaysIn(year).map((holiday) => holiday.date)).toEqual(dates);
  });

  it("says why a day is closed, and null for an open one", () => {
    expect(closedDays.closedReason("2026-11-26")).toBe("Thanksgiving");
    expect(closedDays.closedReason("2027-07-05")).toBe("Independence Day (observed)");
    expect(closedDays.closedReason("2026-11-29")).toBe("Sunday");
    expect(closedDays.closedReason("2026-11-27")).toBeNull(); // the Friday after Thanksgiving is open
    expect(closedDays.closedReason("2026-11-28")).toBeNull(); // Saturdays are open
  });
});
