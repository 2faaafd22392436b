import { describe, expect, it } from "vitest";
import { evaluateBudgets, KB, verdictLine, worst } from "./budgets.ts";
import { passingMetrics } from "./test-fixtures.ts";

const failing = (metrics: ReturnType<typeof passingMetrics>) =>
  evaluateBudgets(metrics)
    .checks.filter((check) => check.status !== "pass")
    .map((check) => [check.id, check.status]);

describe("evaluateBudgets", () => {
  it("passes a page within every budget", () => {
    const verdict = evaluateBudgets(passingMetrics());
    expect(verdict.status).toBe("pass");
    expect(verdict.checks).toHaveLength(10);
  });

  it("tolerates a Performance score of 98 or 99 and fails below", () => {
    expect(evaluateBudgets(passingMetrics({ performance: 98 })).status).toBe("tolerated");
    expect(failing(passingMetrics({ performance: 99 }))).toEqual([["performance", "tolerated"]]);
    expect(failing(passingMetrics({ performance: 97 }))).toEqual([["performance", "fail"]]);
  });

  it("needs 100 in Accessibility, Best Practices and SEO", () => {
    expect(failing(passingMetrics({ accessibility: 99, bestPractices: 96, seo: 92 }))).toEqual([
      ["accessibility", "fail"],
      ["best-practices", "fail"],
      ["seo", "fail"],
    ]);
  });

  it("checks LCP, TBT and CLS inclusively at their limits", () => {
    expect(failing(passingMetrics({ lcpMs: 1000, tbtMs: 50, cls: 0.01 }))).toEqual([]);
    expect(failing(passingMetrics({ lcpMs: 1001, tbtMs: 51, cls: 0.011 }))).toEqual([
      ["lcp", "fail"],
      ["tbt", "fail"],
      ["cls", "fail"],
    ]);
  });

  it("checks JavaScript, HTML and whole-page bytes in KiB", () => {
    const bytes = { html: 30 * KB, css: 0, js: 130 * KB, images: 0, fonts: 0, total: 300 * KB };
    expect(failing(passingMetrics({ bytes }))).toEqual([]);
    expect(
      failing(
        passingMetrics({
          bytes: { ...bytes, html: bytes.html + 1, js: bytes.js + 1, total: bytes.total + 1 },
        }),
      ),
    ).toEqual([
      ["js", "fail"],
      ["html", "fail"],
      ["total", "fail"],
    ]);
  });

  it("fails a missing figure and a missing run", () => {
    expect(failing(passingMetrics({ lcpMs: null }))).toEqual([["lcp", "fail"]]);
    expect(evaluateBudgets(null).status).toBe("fail");
  });
});

describe("worst and verdictLine", () => {
  it("ranks fail over tolerated over pass", () => {
    expect(worst(["pass", "tolerated"])).toBe("tolerated");
    expect(worst(["tolerated", "fail", "pass"])).toBe("fail");
    expect(worst([])).toBe("pass");
  });

  it("names each broken budget with its value and limit", () => {
    const verdict = evaluateBudgets(passingMetrics({ performance: 99, lcpMs: 1250, tbtMs: 80 }));
    expect(verdictLine("/about", verdict)).toBe(
      "FAIL  /about: Performance 99 (100, 98 tolerated) tolerated, LCP 1.25 s (<= 1.00 s), TBT 80 ms (<= 50 ms)",
    );
    expect(verdictLine("/", evaluateBudgets(passingMetrics()))).toBe("PASS  /");
  });
});
