import { describe, expect, it } from "vitest";
import { isSlowRun, median, medianRunIndex } from "./stats.ts";

describe("median", () => {
  it("takes the middle value of an odd count and the mean of the middle two of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
  it("ignores non-finite values and is NaN for nothing", () => {
    expect(median([1, Number.NaN, 3])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe("medianRunIndex", () => {
  it("picks the run in the middle by Performance score", () => {
    const runs = [
      { performance: 100, lcpMs: 700 },
      { performance: 90, lcpMs: 1200 },
      { performance: 97, lcpMs: 900 },
    ];
    expect(medianRunIndex(runs)).toBe(2);
  });
  it("breaks ties by LCP, the slower run counting as worse", () => {
    const runs = [
      { performance: 99, lcpMs: 800 },
      { performance: 99, lcpMs: 950 },
      { performance: 99, lcpMs: 700 },
    ];
    expect(medianRunIndex(runs)).toBe(0);
  });
  it("treats LCPs equal to the table's 0.01 s as a tie, broken by TBT", () => {
    const runs = [
      { performance: 100, lcpMs: 751.2, tbtMs: 55 },
      { performance: 100, lcpMs: 749.6, tbtMs: 0 },
      { performance: 100, lcpMs: 752.9, tbtMs: 32 },
    ];
    expect(medianRunIndex(runs)).toBe(2);
  });
  it("takes the worse of the two middle runs for an even count", () => {
    expect(
      medianRunIndex([
        { performance: 100, lcpMs: 700 },
        { performance: 95, lcpMs: 1100 },
      ]),
    ).toBe(1);
  });
  it("skips runs without a score and answers -1 when none has one", () => {
    expect(
      medianRunIndex([
        { performance: null, lcpMs: null },
        { performance: 98, lcpMs: 900 },
      ]),
    ).toBe(1);
    expect(medianRunIndex([{ performance: null, lcpMs: null }])).toBe(-1);
  });
});

describe("isSlowRun", () => {
  it("flags a run whose CPU index is below the ratio of the best seen", () => {
    expect(isSlowRun(500, 1000, 0.6)).toBe(true);
    expect(isSlowRun(600, 1000, 0.6)).toBe(false);
    expect(isSlowRun(1000, 1000, 0.6)).toBe(false);
  });
  it("never flags without a usable maximum", () => {
    expect(isSlowRun(100, 0, 0.6)).toBe(false);
    expect(isSlowRun(Number.NaN, 1000, 0.6)).toBe(false);
  });
});
