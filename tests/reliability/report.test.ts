import { describe, expect, it } from "vitest";
import { check, failures, formatScenario, type ScenarioResult, verdictLine } from "./report.ts";

const result = (checks: ScenarioResult["checks"]): ScenarioResult => ({
  id: 9,
  title: "Example",
  figures: [["requests", "10"]],
  checks,
});

describe("bench:server report", () => {
  it("prints a table of figures and one line per invariant", () => {
    const text = formatScenario(result([check("holds", true, "10 of 10")]));
    expect(text).toContain("== 9. Example");
    expect(text).toMatch(/requests\s+10/);
    expect(text).toContain("PASS  holds — 10 of 10");
  });

  it("fails the verdict on a broken invariant, not on an advisory one", () => {
    const advisory = result([check("audit could run", false, "offline", true)]);
    expect(failures([advisory])).toEqual([]);
    expect(verdictLine([advisory])).toMatch(/^VERDICT: PASS .*1 warning/);
    const broken = result([check("nothing lost", false, "1 lost")]);
    expect(failures([broken, advisory])).toHaveLength(1);
    expect(verdictLine([broken])).toBe("VERDICT: FAIL — 1 invariant(s) broken: nothing lost");
  });
});
