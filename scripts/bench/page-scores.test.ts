import { describe, expect, it } from "vitest";
import {
  blockingBySource,
  calibratedMultiplier,
  type Lhr,
  median,
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

describe("blockingBySource", () => {
  it("splits TBT by what each long task ran, counting only its part over 50 ms after the paint", () => {
    const page = "http://127.0.0.1:3000/about";
    const blocking = blockingBySource(
      lhr({
        finalDisplayedUrl: page,
        audits: {
          "first-contentful-paint": { numericValue: 600 },
          interactive: { numericValue: 2000 },
          "long-tasks": {
            details: {
              items: [
                { url: "Unattributable", startTime: 580, duration: 120 },
                { url: page, startTime: 900, duration: 90 },
                {
                  url: "http://127.0.0.1:3000/assets/welcome-offer-BRU1jDKu.js",
                  startTime: 1200,
                  duration: 70,
                },
                { url: page, startTime: 1400, duration: 60 },
                { url: "Unattributable", startTime: 300, duration: 200 },
              ],
            },
          },
        },
      }),
    );
    // The first task is clipped to 600-700 ms (100 ms, 50 blocking); the last ends before the paint.
    expect(blocking).toEqual({ browser: 50, document: 50, "welcome-offer.js": 20 });
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
