/**
 * The page budgets (product.md, Quality bars) and their verdict. Byte budgets count bytes transferred (compressed),
 * in KiB (1 KB = 1024 bytes, as Lighthouse reports them).
 */
import type { RunMetrics } from "./metrics.ts";

export const KB = 1024;

export const budgets = {
  /** Performance 100; 98 and 99 are tolerated on a busy machine. */
  performance: { required: 100, tolerated: 98 },
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000,
  tbtMs: 50,
  cls: 0.01,
  jsBytes: 130 * KB,
  htmlBytes: 30 * KB,
  totalBytes: 300 * KB,
} as const;

export type Budgets = typeof budgets;

/**
 * Failing audits left out of the category scores of the 404 page, each for a stated reason:
 * - is-crawlable: the 404 page carries <meta name="robots" content="noindex"> on purpose; Lighthouse
 *   only sees it because the benchmark serves that page with status 200 (a real 404 response is
 *   never indexed anyway).
 * - errors-in-console: product.md (404 page) requires the 404 page to log the attempted path with
 *   console.error, so that the owner's monitoring sees broken links. We keep the requirement and
 *   accept the Best Practices points on this one page.
 */
export const notFoundPageExemptions = ["is-crawlable", "errors-in-console"] as const;
export type Status = "pass" | "tolerated" | "fail";

export type Check = {
  id: string;
  label: string;
  status: Status;
  /** Human-readable actual value and limit, e.g. "1.25 s" and "<= 1.00 s". */
  actual: string;
  limit: string;
};

export type Verdict = { status: Status; checks: Check[] };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function atMost(
  id: string,
  label: string,
  value: number | null,
  limit: number,
  show: (value: number) => string,
): Check {
  if (value === null)
    return { id, label, status: "fail", actual: "n/a", limit: `<= ${show(limit)}` };
  return {
    id,
    label,
    status: value <= limit ? "pass" : "fail",
    actual: show(value),
    limit: `<= ${show(limit)}`,
  };
}

function scoreAtLeast(id: string, label: string, value: number | null, required: number): Check {
  return {
    id,
    label,
    status: value !== null && value >= required ? "pass" : "fail",
    actual: value === null ? "n/a" : String(value),
    limit: `>= ${required}`,
  };
}

/** Every budget checked against one (median) run; a missing run fails them all. */
export function evaluateBudgets(metrics: RunMetrics | null, limits: Budgets = budgets): Verdict {
  if (!metrics) {
    return {
      status: "fail",
      checks: [
        { id: "run", label: "Lighthouse run", status: "fail", actual: "no run", limit: "a run" },
      ],
    };
  }
  const perf = metrics.performance;
  const performance: Check = {
    id: "performance",
    label: "Performance",
    status:
      perf === null
        ? "fail"
        : perf >= limits.performance.required
          ? "pass"
          : perf >= limits.performance.tolerated
            ? "tolerated"
            : "fail",
    actual: perf === null ? "n/a" : String(perf),
    limit: `${limits.performance.required}, ${limits.performance.tolerated} tolerated`,
  };
  const checks: Check[] = [
    performance,
    scoreAtLeast("accessibility", "Accessibility", metrics.accessibility, limits.accessibility),
    scoreAtLeast("best-practices", "Best Practices", metrics.bestPractices, limits.bestPractices),
    scoreAtLeast("seo", "SEO", metrics.seo, limits.seo),
    atMost("lcp", "LCP", metrics.lcpMs, limits.lcpMs, seconds),
    atMost("tbt", "TBT", metrics.tbtMs, limits.tbtMs, (ms) => `${Math.round(ms)} ms`),
    atMost("cls", "CLS", metrics.cls, limits.cls, (value) => value.toFixed(3)),
    atMost("js", "JS transferred", metrics.bytes.js, limits.jsBytes, kb),
    atMost("html", "HTML transferred", metrics.bytes.html, limits.htmlBytes, kb),
    atMost("total", "Page transferred", metrics.bytes.total, limits.totalBytes, kb),
  ];
  return { status: worst(checks.map((check) => check.status)), checks };
}

/** fail beats tolerated beats pass. */
export function worst(statuses: readonly Status[]): Status {
  if (statuses.includes("fail")) return "fail";
  if (statuses.includes("tolerated")) return "tolerated";
  return "pass";
}

/** One line per route, e.g. "FAIL  /about: LCP 1.25 s (<= 1.00 s), TBT 80 ms (<= 50 ms)". */
export function verdictLine(route: string, verdict: Verdict): string {
  const broken = verdict.checks.filter((check) => check.status !== "pass");
  const tag = { pass: "PASS", tolerated: "PASS*", fail: "FAIL" }[verdict.status];
  const details = broken.map(
    (check) =>
      `${check.label} ${check.actual} (${check.limit})${check.status === "tolerated" ? " tolerated" : ""}`,
  );
  return `${tag.padEnd(5)} ${route}${details.length ? `: ${details.join(", ")}` : ""}`;
}
