/** A small Lighthouse result for the tests of metrics, budgets and findings. */
import type { Lhr } from "./lhr.ts";
import type { RunMetrics } from "./metrics.ts";

export function sampleLhr(overrides: Partial<Lhr> = {}): Lhr {
  return {
    lighthouseVersion: "13.5.0",
    environment: { benchmarkIndex: 1500 },
    categories: {
      performance: { score: 0.99 },
      accessibility: { score: 1 },
      "best-practices": {
        score: 0.96,
        auditRefs: [
          { id: "errors-in-console", weight: 1 },
          { id: "doctype", weight: 1 },
          { id: "deprecations", weight: 5 },
          { id: "js-libraries", weight: 0 },
        ],
      },
      seo: {
        score: 0.63,
        auditRefs: [
          { id: "is-crawlable", weight: 4.043478260869565 },
          { id: "meta-description", weight: 1 },
          { id: "http-status-code", weight: 1 },
          { id: "link-text", weight: 1 },
          { id: "crawlable-anchors", weight: 1 },
          { id: "robots-txt", weight: 1 },
          { id: "hreflang", weight: 1 },
          { id: "canonical", weight: 1 },
          { id: "document-title", weight: 0 },
          { id: "image-alt", weight: 0 },
          { id: "structured-data", weight: 0 },
        ],
      },
    },
    audits: {
      "first-contentful-paint": { id: "first-contentful-paint", score: 1, numericValue: 700.4 },
      "largest-contentful-paint": { id: "largest-contentful-paint", score: 1, numericValue: 910 },
      "total-blocking-time": { id: "total-blocking-time", score: 1, numericValue: 42.6 },
      "cumulative-layout-shift": { id: "cumulative-layout-shift", score: 1, numericValue: 0.002 },
      "speed-index": { id: "speed-index", score: 1, numericValue: 1500 },
      "resource-summary": {
        id: "resource-summary",
        score: null,
        details: {
          type: "table",
          items: [
            { resourceType: "total", requestCount: 20, transferSize: 180_000 },
            { resourceType: "script", requestCount: 15, transferSize: 120_000 },
            { resourceType: "document", requestCount: 1, transferSize: 15_000 },
            { resourceType: "image", requestCount: 1, transferSize: 3_000 },
            { resourceType: "stylesheet", requestCount: 0, transferSize: 0 },
            { resourceType: "font", requestCount: 0, transferSize: 0 },
          ],
        },
      },
      "errors-in-console": {
        id: "errors-in-console",
        title: "Browser errors were logged to the console",
        score: 0,
        scoreDisplayMode: "binary",
        details: {
          type: "table",
          items: [{ source: "console.error", description: "404 Error: non-existent route: /x" }],
        },
      },
      doctype: { id: "doctype", score: 1, scoreDisplayMode: "binary" },
      deprecations: { id: "deprecations", score: 1, scoreDisplayMode: "binary" },
      "js-libraries": { id: "js-libraries", score: null, scoreDisplayMode: "informative" },
      "is-crawlable": {
        id: "is-crawlable",
        title: "Page is blocked from indexing",
        score: 0,
        scoreDisplayMode: "binary",
        details: {
          type: "table",
          items: [
            {
              source: {
                type: "node",
                selector: "head > meta",
                snippet: '<meta name="robots" content="noindex" />',
              },
            },
          ],
        },
      },
      "meta-description": { id: "meta-description", score: 1, scoreDisplayMode: "binary" },
      "http-status-code": { id: "http-status-code", score: 1, scoreDisplayMode: "binary" },
      "link-text": { id: "link-text", score: 1, scoreDisplayMode: "binary" },
      "crawlable-anchors": { id: "crawlable-anchors", score: 1, scoreDisplayMode: "binary" },
      "robots-txt": { id: "robots-txt", score: 1, scoreDisplayMode: "binary" },
      hreflang: { id: "hreflang", score: 1, scoreDisplayMode: "binary" },
      canonical: { id: "canonical", score: 1, scoreDisplayMode: "binary" },
      "document-title": { id: "document-title", score: null, scoreDisplayMode: "notApplicable" },
      "image-alt": { id: "image-alt", score: null, scoreDisplayMode: "notApplicable" },
      "structured-data": { id: "structured-data", score: null, scoreDisplayMode: "manual" },
    },
    ...overrides,
  };
}

/** Metrics that meet every budget; tests change one figure at a time. */
export function passingMetrics(overrides: Partial<RunMetrics> = {}): RunMetrics {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lighthouseScores: { accessibility: 100, bestPractices: 100, seo: 100 },
    exempted: [],
    fcpMs: 700,
    lcpMs: 800,
    tbtMs: 20,
    cls: 0,
    speedIndexMs: 1200,
    bytes: {
      html: 15 * 1024,
      css: 0,
      js: 120 * 1024,
      images: 3 * 1024,
      fonts: 0,
      total: 150 * 1024,
    },
    requests: 20,
    benchmarkIndex: 1500,
    error: null,
    ...overrides,
  };
}
