import { describe, expect, it } from "vitest";
import { callBackBy, callBackWords } from "./call-back.ts";

const by = (received: string) => callBackWords(callBackBy(new Date(received)));

describe("when we will call back", () => {
  it("is 24 hours later, rounded up to the hour, inside office hours", () => {
    // Tue Nov 24 2026, 4:13 PM in New York.
    expect(by("2026-11-24T21:13:00Z")).toBe("Wed Nov 25, 5 PM");
  });

  it("moves past a Sunday, a holiday and the night to the next opening plus two hours", () => {
    // Sat Nov 28, 3 PM: Sunday 3 PM is closed, so Monday 10 AM.
    expect(by("2026-11-28T20:00:00Z")).toBe("Mon Nov 30, 10 AM");
    // Wed Nov 25, 11 AM: Thanksgiving (Thu Nov 26) is closed, so Friday 10 AM.
    expect(by("2026-11-25T16:00:00Z")).toBe("Fri Nov 27, 10 AM");
    // Mon 9:30 PM: Tue 10 PM is after closing, so Wed 10 AM.
    expect(by("2026-11-24T02:30:00Z")).toBe("Wed Nov 25, 10 AM");
    // Tue 6:20 AM: Wed 7 AM is before opening, so Wed 10 AM.
    expect(by("2026-11-24T11:20:00Z")).toBe("Wed Nov 25, 10 AM");
  });

  it("keeps the business's wall clock across a daylight saving change", () => {
    // Sat Mar 7 2026, 2 PM EST; Sunday is closed and the clocks go forward: Monday 10 AM EDT.
    const at = callBackBy(new Date("2026-03-07T19:00:00Z"));
    expect(at.toISOString()).toBe("2026-03-09T14:00:00.000Z");
  });
});
