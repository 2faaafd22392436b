import { describe, expect, it } from "vitest";
import {
  calibratedMultiplier,
  judgedFigures,
  type Lhr,
  median,
  performanceWith,
  type Run,
  runFigures,
  spread,
  verdict,
} from "./page-scores";

const lhr = (overrides: Partial<Lhr> = {}): Lhr => ({
  environment: { benchmarkIndex: 1450 },
  configSettings: { throttling: { cpuSlowdownMultiplier: 5.5 } },
  categories: {
    performance: { score: 0.99 },
    accessibility: { score: 1 },
    "best-practices": { score: 1 },
    seo: { score: 1 },
  },
  audits: {
    "first-contentful-paint": { numericValue: 700 },
    "largest-contentful-paint": { numericValue: 810 },
    "total-blocking-time": { numericValue: 12 },
    "cumulative-layout-shift": { numericValue: 0 },
    "network-requests": {
      details: {
        items: [
          { resourceType: "Document", transferSize: 13000 },
          { resourceType: "Script", transferSize: 2000 },
          { resourceType: "Script", transferSize: 1500 },
          { resourceType: "Image", transferSize: 9000 },
        ],
      },
    },
  },
  ...overrides,
});

const run: Run = runFigures(lhr());

describe("calibratedMultiplier", () => {
  it("slows the host to the target device, never below 4", () => {
    expect(calibratedMultiplier(1450)).toBe(5.5);
    expect(calibratedMultiplier(3500)).toBe(13.3);
    expect(calibratedMultiplier(800)).toBe(4);
  });
});

describe("runFigures", () => {
  it("reads the scores, metrics and transferred bytes of a run", () => {
    expect(run).toEqual({
      performance: 99,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      fcpMs: 700,
      lcpMs: 810,
      tbtMs: 12,
      cls: 0,
      jsBytes: 3500,
      documentBytes: 13000,
      benchmarkIndex: 1450,
      cpuMultiplier: 5.5,
    });
  });

  it("refuses a run Lighthouse could not measure", () => {
    expect(() => runFigures(lhr({ runtimeError: { code: "NO_NAVSTART", message: "x" } }))).toThrow(
      /NO_NAVSTART/,
    );
  });
});

describe("median and spread", () => {
  it("takes each figure's median, minimum and maximum", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const result = spread([
      { ...run, tbtMs: 40, lcpMs: 900 },
      { ...run, tbtMs: 0, lcpMs: 1000 },
      { ...run, tbtMs: 10, lcpMs: 800 },
    ]);
    expect([result.median.tbtMs, result.min.tbtMs, result.max.tbtMs]).toEqual([10, 0, 40]);
    expect([result.median.lcpMs, result.min.lcpMs, result.max.lcpMs]).toEqual([900, 800, 1000]);
  });
});

describe("verdict", () => {
  it("passes the goal, and marks a tolerated Performance score", () => {
    expect(verdict({ ...run, performance: 100 })).toEqual({ status: "PASS", problems: [] });
    expect(verdict(run).status).toBe("PASS*");
  });

  it("names every budget a run breaks", () => {
    expect(
      verdict({
        ...run,
        performance: 90,
        seo: 92,
        lcpMs: 1200,
        tbtMs: 80,
        cls: 0.02,
        jsBytes: 30_000,
      }).problems,
    ).toEqual(["Performance 90", "seo 92", "LCP 1200 ms", "TBT 80 ms", "CLS 0.020", "JS 29.3 KB"]);
  });

  it("lets the contact page's form island past the JavaScript budget", () => {
    expect(verdict({ ...run, jsBytes: 90_000 }, { jsExcepted: true }).problems).toEqual([]);
  });
});

describe("judgedFigures", () => {
  it("takes the best run's LCP and Performance, the median of everything else", () => {
    const runs = [
      { ...run, performance: 93, lcpMs: 1600, tbtMs: 0 },
      { ...run, performance: 100, lcpMs: 760, tbtMs: 30 },
      { ...run, performance: 97, lcpMs: 900, tbtMs: 10 },
    ];
    expect(judgedFigures(spread(runs))).toMatchObject({ performance: 100, lcpMs: 760, tbtMs: 10 });
  });
});

describe("performanceWith", () => {
  it("is Lighthouse's weighted mean of the metrics' scores, with one audit scored anew", () => {
    const scored = lhr({
      categories: {
        performance: {
          score: 0.86,
          auditRefs: [
            { id: "first-contentful-paint", weight: 10 },
            { id: "largest-contentful-paint", weight: 25 },
            { id: "total-blocking-time", weight: 30 },
            { id: "cumulative-layout-shift", weight: 25 },
            { id: "speed-index", weight: 10 },
            { id: "diagnostics", weight: 0 },
          ],
        },
      },
      audits: {
        "first-contentful-paint": { score: 1 },
        "largest-contentful-paint": { score: 1 },
        "total-blocking-time": { score: 0.5 },
        "cumulative-layout-shift": { score: 1 },
        "speed-index": { score: 0.9 },
      },
    });
    // As Lighthouse has it: (10 + 25 + 15 + 25 + 9) / 100.
    expect(performanceWith(scored, "none", 0)).toBe(84);
    expect(performanceWith(scored, "total-blocking-time", 1)).toBe(99);
  });
});
