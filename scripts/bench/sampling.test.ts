import { describe, expect, it } from "vitest";
import { type SampledRun, sampleRoutes } from "./sampling.ts";

type Run = SampledRun & { route: string };

/** A fake Lighthouse: each route's runs get the CPU indexes (or errors) listed for it, in order. */
function scripted(script: Record<string, (number | "error")[]>) {
  const calls: string[] = [];
  const measure = async (route: string, attempt: number): Promise<Run> => {
    calls.push(route);
    const next = script[route]?.shift();
    if (next === undefined) throw new Error(`no more runs scripted for ${route}`);
    return {
      route,
      attempt,
      status: "accepted",
      benchmarkIndex: next === "error" ? null : next,
      error: next === "error" ? "boom" : null,
    };
  };
  return { measure, calls };
}

const plan = { runs: 3, maxRepeats: 2, slowRatio: 0.6, timeLeft: () => true };
const statuses = (runs: Run[]) => runs.map((run) => `${run.benchmarkIndex ?? "x"}:${run.status}`);

describe("sampleRoutes", () => {
  it("takes the planned runs of each route on a quiet machine", async () => {
    const { measure, calls } = scripted({ "/": [3000, 3100, 2900], "/a": [3000, 3000, 3000] });
    const { results, maxIndex } = await sampleRoutes(["/", "/a"], plan, measure);
    expect(calls).toEqual(["/", "/", "/", "/a", "/a", "/a"]);
    expect(maxIndex).toBe(3100);
    expect(results.map((result) => statuses(result.runs))).toEqual([
      ["3000:accepted", "3100:accepted", "2900:accepted"],
      ["3000:accepted", "3000:accepted", "3000:accepted"],
    ]);
  });

  it("repeats a run that is slow against the best seen so far, and failed runs", async () => {
    const { measure } = scripted({ "/": [3000, 1000, "error", 3000, 3000] });
    const { results } = await sampleRoutes(["/"], plan, measure);
    expect(statuses(results[0]?.runs ?? [])).toEqual([
      "3000:accepted",
      "1000:slow-repeated",
      "x:error-repeated",
      "3000:accepted",
      "3000:accepted",
    ]);
  });

  it("keeps slow runs once the route's repeats are used up", async () => {
    const { measure } = scripted({ "/": [3000, 1000, 1000, 1000, 1000] });
    const { results } = await sampleRoutes(["/"], plan, measure);
    expect(statuses(results[0]?.runs ?? [])).toEqual([
      "3000:accepted",
      "1000:slow-repeated",
      "1000:slow-repeated",
      "1000:slow-kept",
      "1000:slow-kept",
    ]);
  });

  it("measures a route again when a later, quieter route shows its runs were slow", async () => {
    // The machine was busy while "/" was measured: nothing then to compare with.
    const { measure, calls } = scripted({
      "/": [1000, 1100, 3000, 3100, 1050],
      "/a": [3000, 3200, 3100],
    });
    const { results, maxIndex } = await sampleRoutes(["/", "/a"], plan, measure);
    expect(maxIndex).toBe(3200);
    expect(calls).toEqual(["/", "/", "/", "/a", "/a", "/a", "/", "/"]);
    expect(statuses(results[0]?.runs ?? [])).toEqual([
      "1000:slow-repeated",
      "1100:slow-repeated",
      "3000:accepted",
      "3100:accepted",
      // The repeats are used up: kept although slow.
      "1050:slow-kept",
    ]);
    expect(statuses(results[1]?.runs ?? [])).toEqual([
      "3000:accepted",
      "3200:accepted",
      "3100:accepted",
    ]);
  });

  it("keeps the slow run when time runs out before its replacement", async () => {
    const { measure, calls } = scripted({ "/": [1000, 1000, 1000], "/a": [3000, 3000, 3000] });
    const made: Run[] = [];
    const remembering = async (route: string, attempt: number) => {
      const run = await measure(route, attempt);
      made.push(run);
      return run;
    };
    // Time runs out, for good, the moment a run is picked for replacement.
    let outOfTime = false;
    const timeLeft = () => {
      outOfTime ||= made.some((run) => run.status === "slow-repeated");
      return !outOfTime;
    };
    const { results } = await sampleRoutes(["/", "/a"], { ...plan, timeLeft }, remembering);
    expect(calls).toHaveLength(6);
    expect(statuses(results[0]?.runs ?? [])).toEqual([
      "1000:slow-kept",
      "1000:accepted",
      "1000:accepted",
    ]);
  });

  it("reports progress with the count of kept runs", async () => {
    const { measure } = scripted({ "/": [3000, 1000, 3000, 3000] });
    const seen: string[] = [];
    await sampleRoutes(["/"], plan, measure, (_route, run, progress) =>
      seen.push(`${progress.done}/${progress.total} ${run.status}`),
    );
    expect(seen).toEqual(["1/3 accepted", "1/3 slow-repeated", "2/3 accepted", "3/3 accepted"]);
  });
});
