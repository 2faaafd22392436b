import { describe, expect, it } from "vitest";
import { formatPageTable, formatTable } from "./table.ts";
import { passingMetrics } from "./test-fixtures.ts";

describe("formatTable", () => {
  it("pads columns to their widest cell, right-aligning numbers", () => {
    const table = formatTable(
      [{ title: "Route" }, { title: "KB", align: "right" }],
      [
        ["/", "1.5"],
        ["/services", "120.0"],
      ],
    );
    expect(table).toBe(
      ["Route         KB", "---------  -----", "/            1.5", "/services  120.0"].join("\n"),
    );
  });
});

describe("formatPageTable", () => {
  it("prints one row per route with the median run's figures", () => {
    const lines = formatPageTable([{ route: "/", metrics: passingMetrics() }]).split("\n");
    expect(lines[0]).toMatch(/^Route\s+Perf\s+A11y\s+BP\s+SEO\s+FCP s\s+LCP s\s+TBT ms\s+CLS/);
    expect(lines[2]?.split(/\s+/)).toEqual([
      "/",
      "100",
      "100",
      "100",
      "100",
      "0.70",
      "0.80",
      "20",
      "0.000",
      "1.20",
      "15.0",
      "0.0",
      "120.0",
      "3.0",
      "0.0",
      "150.0",
      "20",
      "1500",
    ]);
  });

  it("marks scores changed by an exemption and shows a route without a run", () => {
    const metrics = passingMetrics({
      lighthouseScores: { accessibility: 100, bestPractices: 100, seo: 63 },
      exempted: ["is-crawlable"],
    });
    const lines = formatPageTable([
      { route: "404", metrics },
      { route: "/gone", metrics: null },
    ]).split("\n");
    expect(lines[2]?.split(/\s+/).slice(0, 5)).toEqual(["404", "100", "100", "100", "100*"]);
    expect(lines[3]).toMatch(/^\/gone\s+no run\s+-/);
  });
});
