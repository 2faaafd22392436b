/** Pure statistics for the page benchmark: medians, the median run, busy-machine detection. */

/** The median of some numbers (mean of the two middle values for an even count); NaN if none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export type RankedRun = { performance: number | null; lcpMs: number | null; tbtMs?: number | null };

/** LCP as the table shows it (0.01 s): smaller differences are noise, not a ranking. */
const shownLcp = (ms: number | null) => Math.round((ms ?? Number.POSITIVE_INFINITY) / 10);

/**
 * The index of the median run: runs ordered from worst to best by Performance score, ties broken
 * by LCP as shown (slower is worse), then by TBT (longer is worse); the middle one, or the worse
 * of the two middle ones for an even count. One whole run is reported (not a median per metric) so
 * that every figure in a row comes from the same page load. Returns -1 when no run has a
 * Performance score.
 */
export function medianRunIndex(runs: readonly RankedRun[]): number {
  const scored = runs
    .map((run, index) => ({ run, index }))
    .filter(({ run }) => run.performance !== null);
  if (scored.length === 0) return -1;
  scored.sort(
    (a, b) =>
      (a.run.performance as number) - (b.run.performance as number) ||
      shownLcp(b.run.lcpMs) - shownLcp(a.run.lcpMs) ||
      (b.run.tbtMs ?? 0) - (a.run.tbtMs ?? 0) ||
      a.index - b.index,
  );
  return (scored[Math.floor((scored.length - 1) / 2)] as { index: number }).index;
}

/**
 * A run was taken while the machine was busy when Lighthouse's CPU benchmark index is far below
 * the best seen in this session: below `ratio` times the maximum.
 */
export function isSlowRun(benchmarkIndex: number, maxSeen: number, ratio: number): boolean {
  if (!Number.isFinite(benchmarkIndex) || !Number.isFinite(maxSeen) || maxSeen <= 0) return false;
  return benchmarkIndex < ratio * maxSeen;
}
