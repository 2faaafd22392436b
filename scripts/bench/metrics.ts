/** One Lighthouse run reduced to the figures the benchmark table and budgets use. */
import type { Lhr } from "./lhr.ts";

export type RunMetrics = {
  /**
   * Category scores 0 to 100 as Lighthouse shows them (rounded), or null when not scored. The
   * Accessibility, Best Practices and SEO scores leave out the `exempted` audits (see
   * budgets.ts, notFoundPageExemptions); `lighthouseScores` keeps Lighthouse's own.
   */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lighthouseScores: {
    accessibility: number | null;
    bestPractices: number | null;
    seo: number | null;
  };
  /** Failing audits left out of the scores above. */
  exempted: string[];
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  /** Bytes transferred by resource type (resource-summary audit). */
  bytes: { html: number; css: number; js: number; images: number; fonts: number; total: number };
  requests: number;
  benchmarkIndex: number | null;
  /** Lighthouse's runtime error code, when the run failed (e.g. ERRORED_DOCUMENT_REQUEST). */
  error: string | null;
};

function score(lhr: Lhr, id: string): number | null {
  const value = lhr.categories[id]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

function numeric(lhr: Lhr, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const ignoredModes = new Set(["manual", "notApplicable", "informative", "error"]);

/**
 * A category's score computed the way Lighthouse does (the weighted mean of its scored audits),
 * leaving out some audits; rounded to 0-100.
 */
export function categoryScoreWithout(
  lhr: Lhr,
  category: string,
  leftOut: readonly string[],
): number | null {
  const refs = lhr.categories[category]?.auditRefs;
  if (!refs) return score(lhr, category);
  let weighted = 0;
  let weights = 0;
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || leftOut.includes(ref.id) || ref.weight <= 0) continue;
    if (typeof audit.score !== "number" || ignoredModes.has(audit.scoreDisplayMode ?? "")) continue;
    weighted += audit.score * ref.weight;
    weights += ref.weight;
  }
  return weights > 0 ? Math.round((weighted / weights) * 100) : score(lhr, category);
}

/** Lighthouse's own score unless the category holds one of the left-out audits. */
function scoreWithout(lhr: Lhr, category: string, leftOut: readonly string[]): number | null {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.some((ref) => leftOut.includes(ref.id))
    ? categoryScoreWithout(lhr, category, leftOut)
    : score(lhr, category);
}

export function runMetrics(lhr: Lhr, exempt: readonly string[] = []): RunMetrics {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const byType = new Map(items.map((item) => [String(item.resourceType), item]));
  const size = (type: string) => Number(byType.get(type)?.transferSize ?? 0);
  const benchmarkIndex = lhr.environment?.benchmarkIndex;
  const lighthouse = {
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
  };
  const exempted = exempt.filter((id) => {
    const audit = lhr.audits[id];
    return typeof audit?.score === "number" && audit.score < 1;
  });
  return {
    performance: score(lhr, "performance"),
    accessibility: scoreWithout(lhr, "accessibility", exempted),
    bestPractices: scoreWithout(lhr, "best-practices", exempted),
    seo: scoreWithout(lhr, "seo", exempted),
    lighthouseScores: lighthouse,
    exempted,
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    speedIndexMs: numeric(lhr, "speed-index"),
    bytes: {
      html: size("document"),
      css: size("stylesheet"),
      js: size("script"),
      images: size("image"),
      fonts: size("font"),
      total: size("total"),
    },
    requests: Number(byType.get("total")?.requestCount ?? 0),
    benchmarkIndex: typeof benchmarkIndex === "number" ? benchmarkIndex : null,
    error: lhr.runtimeError?.code ?? null,
  };
}
