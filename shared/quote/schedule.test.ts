import { describe, expect, it } from "vitest";
import { cadenceText, isRecurring, visitsPerMonth } from "./schedule.ts";

describe("schedule", () => {
  it("a one-time cleaning has no later visits; every other plan does", () => {
    expect(isRecurring({ kind: "home", frequency: "one-time" })).toBe(false);
    expect(cadenceText({ kind: "home", frequency: "one-time" })).toBeNull();
    expect(visitsPerMonth({ kind: "home", frequency: "one-time" })).toBe(0);
    for (const frequency of ["weekly", "bi-weekly", "monthly"] as const) {
      expect(isRecurring({ kind: "home", frequency })).toBe(true);
    }
    expect(isRecurring({ kind: "business", visitsPerWeek: 1 })).toBe(true);
  });

  it("counts visits in an average month from 52 weeks a year", () => {
    expect(visitsPerMonth({ kind: "home", frequency: "weekly" })).toBeCloseTo(4.333, 3);
    expect(visitsPerMonth({ kind: "home", frequency: "bi-weekly" })).toBeCloseTo(2.167, 3);
    expect(visitsPerMonth({ kind: "home", frequency: "monthly" })).toBe(1);
    expect(visitsPerMonth({ kind: "business", visitsPerWeek: 3 })).toBe(13);
  });

  it("says the rhythm after the amount", () => {
    expect(cadenceText({ kind: "home", frequency: "bi-weekly" })).toBe("every two weeks");
    expect(cadenceText({ kind: "business", visitsPerWeek: 1 })).toBe("a visit, once a week");
    expect(cadenceText({ kind: "business", visitsPerWeek: 5 })).toBe("a visit, 5 visits a week");
  });
});
