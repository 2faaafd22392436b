import { describe, expect, it } from "vitest";
import { categoryScoreWithout, runMetrics } from "./metrics.ts";
import { sampleLhr } from "./test-fixtures.ts";

describe("runMetrics", () => {
  it("reads scores, metrics, bytes by type and the CPU index of a run", () => {
    const metrics = runMetrics(sampleLhr());
    expect(metrics).toMatchObject({
      performance: 99,
      accessibility: 100,
      bestPractices: 96,
      seo: 63,
      fcpMs: 700.4,
      lcpMs: 910,
      tbtMs: 42.6,
      cls: 0.002,
      speedIndexMs: 1500,
      bytes: { html: 15_000, css: 0, js: 120_000, images: 3_000, fonts: 0, total: 180_000 },
      requests: 20,
      benchmarkIndex: 1500,
      error: null,
      exempted: [],
    });
  });

  it("leaves exempted failing audits out of the category scores, keeping Lighthouse's own", () => {
    const metrics = runMetrics(sampleLhr(), ["is-crawlable", "aria-roles"]);
    expect(metrics.seo).toBe(100);
    expect(metrics.bestPractices).toBe(96);
    expect(metrics.lighthouseScores.seo).toBe(63);
    expect(metrics.exempted).toEqual(["is-crawlable"]);
  });

  it("reports a failed run's error and missing figures as null", () => {
    const lhr = sampleLhr({
      runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "404" },
      categories: { performance: { score: null } },
      audits: {},
    });
    const metrics = runMetrics(lhr);
    expect(metrics.error).toBe("ERRORED_DOCUMENT_REQUEST");
    expect(metrics.performance).toBeNull();
    expect(metrics.lcpMs).toBeNull();
    expect(metrics.bytes.total).toBe(0);
  });
});

describe("categoryScoreWithout", () => {
  it("is the weighted mean of the scored audits, as Lighthouse computes it", () => {
    // 63 is what Lighthouse 13.5 reported for these SEO audits on the 404 page.
    expect(categoryScoreWithout(sampleLhr(), "seo", [])).toBe(63);
    expect(categoryScoreWithout(sampleLhr(), "best-practices", [])).toBe(86);
  });
});
