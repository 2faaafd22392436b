import { describe, expect, it } from "vitest";
import { factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { callBackBy, callBackWords, type OfficeFacts } from "./call-back.ts";

const by = (received: string, facts: OfficeFacts = repositoryFacts()) =>
  callBackWords(callBackBy(new Date(received), facts));

describe("when we will call back", () => {
  it("is 24 hours later, rounded up to the hour, inside office hours", () => {
    // Tue Nov 24 2026, 4:13 PM in New York.
    expect(by("2026-11-24T21:13:00Z")).toBe("Wed Nov 25, 5 PM");
  });

  it("a Thursday evening request is called by Friday's closing, not Saturday morning", () => {
    // Thu Dec 3, 8:30 PM: Fri 9:30 PM is after closing; Friday is open, so Fri 7 PM.
    expect(by("2026-12-04T01:30:00Z")).toBe("Fri Dec 4, 7 PM");
    // Mon 9:30 PM: Tue 10 PM is after closing, so Tue 7 PM.
    expect(by("2026-11-24T02:30:00Z")).toBe("Tue Nov 24, 7 PM");
  });

  it("a Saturday evening request is called in Monday's first hour (Sunday is closed)", () => {
    // Sat Nov 28, 8 PM: Sunday 9 PM is closed, so Monday 9 AM.
    expect(by("2026-11-29T01:00:00Z")).toBe("Mon Nov 30, 9 AM");
    // Sat Nov 28, 3 PM: Sunday 3 PM is closed, so Monday 9 AM.
    expect(by("2026-11-28T20:00:00Z")).toBe("Mon Nov 30, 9 AM");
  });

  it("before a holiday: the first hour of the next open day", () => {
    // Wed Nov 25, 11 AM: Thanksgiving (Thu Nov 26) is closed, so Friday 9 AM.
    expect(by("2026-11-25T16:00:00Z")).toBe("Fri Nov 27, 9 AM");
    // Wed Nov 25, 8 PM: Thanksgiving 8 PM is closed, so Friday 9 AM.
    expect(by("2026-11-26T01:00:00Z")).toBe("Fri Nov 27, 9 AM");
  });

  it("before opening: that morning's first hour of calls, no later", () => {
    // Tue 6:20 AM: Wed 7 AM is before opening, so Wed 9 AM.
    expect(by("2026-11-24T11:20:00Z")).toBe("Wed Nov 25, 9 AM");
  });

  it("keeps the business's wall clock across a daylight saving change", () => {
    // Sat Mar 7 2026, 2 PM EST; Sunday is closed and the clocks go forward: Monday 9 AM EDT.
    const at = callBackBy(new Date("2026-03-07T19:00:00Z"), repositoryFacts());
    expect(at.toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });

  it("keeps the day's own hours when the owner changes one day", () => {
    const week = structuredClone(repositoryContent) as SiteContent;
    week.hours.week.saturday = { open: true, opens: "10:00", closes: "17:00" };
    const facts = factsOf(week);
    // Fri Nov 27, 6 PM: Saturday 6 PM is after Saturday's 5 PM closing, so Sat 5 PM.
    expect(by("2026-11-27T23:00:00Z", facts)).toBe("Sat Nov 28, 5 PM");
    // Fri Nov 27, 7:30 AM: Saturday 8 AM is before Saturday's 10 AM opening, so Sat 11 AM.
    expect(by("2026-11-27T12:30:00Z", facts)).toBe("Sat Nov 28, 11 AM");
    // Weekdays keep theirs: Tue 4:13 PM, Wed 5 PM.
    expect(by("2026-11-24T21:13:00Z", facts)).toBe("Wed Nov 25, 5 PM");
  });
});
