/**
 * Which Lighthouse runs to take and which to keep. The machine is shared, so a run taken while it
 * was busy (Lighthouse's CPU benchmark index far below the best seen) is measured again, up to
 * `maxRepeats` times per route.
 */
import { isSlowRun } from "./stats.ts";

export type RunStatus = "accepted" | "slow-kept" | "slow-repeated" | "error" | "error-repeated";

/** What sampling needs of a run; the bench's records carry more. */
export type SampledRun = {
  attempt: number;
  status: RunStatus;
  benchmarkIndex: number | null;
  error: string | null;
};

export type SamplingPlan = {
  runs: number;
  maxRepeats: number;
  slowRatio: number;
  /** False once the time limit is reached: no further run starts. */
  timeLeft: () => boolean;
};

export type Progress = { done: number; total: number; maxIndex: number; remeasure: boolean };

export type Sampled<Route, Run> = { route: Route; runs: Run[] };

/**
 * Measures every route `plan.runs` times, repeating runs that failed or were slow. The best index
 * grows as the session goes on, so a route measured early could have been judged against a
 * best that was itself taken on a busy machine: a second pass measures again every kept run that
 * is slow against the final best, within the same repeat limit.
 */
export async function sampleRoutes<Route, Run extends SampledRun>(
  routes: readonly Route[],
  plan: SamplingPlan,
  measure: (route: Route, attempt: number) => Promise<Run>,
  onRun: (route: Route, run: Run, progress: Progress) => void = () => {},
): Promise<{ results: Sampled<Route, Run>[]; maxIndex: number }> {
  const total = routes.length * plan.runs;
  let done = 0;
  let maxIndex = 0;
  const isRepeat = (run: Run) => run.status === "slow-repeated" || run.status === "error-repeated";
  const kept = (result: Sampled<Route, Run>) => result.runs.filter((run) => !isRepeat(run)).length;
  const repeats = (result: Sampled<Route, Run>) => result.runs.length - kept(result);

  const measureOnce = async (result: Sampled<Route, Run>, remeasure: boolean) => {
    const run = await measure(result.route, result.runs.length + 1);
    if (run.benchmarkIndex !== null) maxIndex = Math.max(maxIndex, run.benchmarkIndex);
    const slow =
      run.benchmarkIndex !== null && isSlowRun(run.benchmarkIndex, maxIndex, plan.slowRatio);
    const failed = run.error !== null;
    if ((slow || failed) && repeats(result) < plan.maxRepeats) {
      run.status = failed ? "error-repeated" : "slow-repeated";
    } else {
      run.status = failed ? "error" : slow ? "slow-kept" : "accepted";
      done += 1;
    }
    result.runs.push(run);
    onRun(result.route, run, { done, total, maxIndex, remeasure });
  };

  const results: Sampled<Route, Run>[] = [];
  for (const route of routes) {
    const result: Sampled<Route, Run> = { route, runs: [] };
    results.push(result);
    while (kept(result) < plan.runs && plan.timeLeft()) await measureOnce(result, false);
  }

  for (const result of results) {
    while (repeats(result) < plan.maxRepeats && plan.timeLeft()) {
      const late = result.runs.find(
        (run) =>
          run.status === "accepted" &&
          run.benchmarkIndex !== null &&
          isSlowRun(run.benchmarkIndex, maxIndex, plan.slowRatio),
      );
      if (!late) break;
      late.status = "slow-repeated";
      done -= 1;
      while (kept(result) < plan.runs && plan.timeLeft()) await measureOnce(result, true);
      if (kept(result) < plan.runs) {
        // Out of time before a replacement was kept: the slow run is better than none.
        late.status = "slow-kept";
        done += 1;
      }
    }
  }
  return { results, maxIndex };
}
