/**
 * What a Lighthouse run says about why a page is slow or loses points: the LCP element and its
 * phases, render-blocking requests, unused and expensive JavaScript, and every failing audit of the
 * Accessibility, Best Practices and SEO categories with its first offending items.
 */
import type { Lhr, LhrAuditItem } from "./lhr.ts";

export type FailingAudit = { category: string; id: string; title: string; items: string[] };

/**
 * What Lighthouse's simulated TCP connection delivers in its first round trip: an initial
 * congestion window of 10 segments of 1,460 bytes (Lantern's TCPConnection, and Linux's default).
 * A page whose HTML and response headers exceed it waits one more round trip (150 ms on the
 * simulated slow 4G) before anything can paint.
 */
export const firstRoundTripBytes = 10 * 1460;

export type Findings = {
  /** The main document's transferred bytes, headers included. */
  documentBytes: number | null;
  lcpElement: string | null;
  /** LCP subparts in ms: time to first byte, resource load delay and duration, render delay. */
  lcpPhases: Record<string, number>;
  renderBlocking: string[];
  unusedJsBytes: number;
  unusedJs: { url: string; wastedBytes: number }[];
  mainThreadMs: number | null;
  mainThread: { group: string; ms: number }[];
  bootup: { url: string; totalMs: number; scriptingMs: number }[];
  longTasks: { url: string; startMs: number; durationMs: number }[];
  failingAudits: FailingAudit[];
  warnings: string[];
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const num = (value: unknown) => (typeof value === "number" ? value : 0);

/** A short, one-line description of one audit item (a DOM node, a URL or a message). */
export function describeItem(item: LhrAuditItem): string {
  const source = item.source as LhrAuditItem | undefined;
  const node = (item.node ?? (source?.type === "node" ? source : item)) as LhrAuditItem;
  if (node.type === "node" || node.snippet) {
    const selector = text(node.selector);
    const snippet = text(node.snippet).replace(/\s+/g, " ");
    const explanation = text(node.explanation).split("\n").slice(0, 2).join(" ").trim();
    return [selector, snippet && `${snippet.slice(0, 160)}`, explanation && `(${explanation})`]
      .filter(Boolean)
      .join(" ");
  }
  const url = text(item.url) || text(source?.url);
  const description = text(item.description) || text(item.issue) || text(item.value);
  return (
    [url, description].filter(Boolean).join(" ").slice(0, 200) || JSON.stringify(item).slice(0, 200)
  );
}

/** Rows of a details object, looking inside "list" details (insights nest a table and a node). */
function rows(details: { type?: string; items?: LhrAuditItem[] } | undefined): LhrAuditItem[] {
  if (!details?.items) return [];
  if (details.type !== "list") return details.items;
  return details.items.flatMap((item) =>
    item.type === "table" || item.type === "opportunity"
      ? ((item.items as LhrAuditItem[] | undefined) ?? [])
      : [item],
  );
}

function lcp(lhr: Lhr): Pick<Findings, "lcpElement" | "lcpPhases"> {
  const items = [
    ...rows(lhr.audits["lcp-breakdown-insight"]?.details),
    ...rows(lhr.audits["largest-contentful-paint-element"]?.details),
  ];
  const node = items.find((item) => item.type === "node" || item.node);
  const lcpPhases: Record<string, number> = {};
  for (const item of items) {
    if (typeof item.subpart === "string") lcpPhases[item.subpart] = Math.round(num(item.duration));
  }
  return { lcpElement: node ? describeItem(node) : null, lcpPhases };
}

const diagnosedCategories = ["accessibility", "best-practices", "seo"];

function failingAudits(lhr: Lhr): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of diagnosedCategories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "manual") continue;
      failing.push({
        category,
        id: ref.id,
        title: audit.title ?? ref.id,
        items: rows(audit.details).slice(0, 5).map(describeItem),
      });
    }
  }
  return failing;
}

export function findings(lhr: Lhr): Findings {
  const unused = lhr.audits["unused-javascript"]?.details;
  const unusedItems = (unused?.items ?? []).map((item) => ({
    url: text(item.url),
    wastedBytes: num(item.wastedBytes),
  }));
  const mainDocument = rows(lhr.audits["network-requests"]?.details).find(
    (item) => item.resourceType === "Document",
  );
  return {
    documentBytes: mainDocument ? num(mainDocument.transferSize) : null,
    ...lcp(lhr),
    renderBlocking: rows(lhr.audits["render-blocking-insight"]?.details)
      .map((item) => text(item.url))
      .filter(Boolean),
    unusedJsBytes:
      num(unused?.overallSavingsBytes) ||
      unusedItems.reduce((sum, item) => sum + item.wastedBytes, 0),
    unusedJs: unusedItems,
    mainThreadMs: lhr.audits["mainthread-work-breakdown"]?.numericValue ?? null,
    mainThread: rows(lhr.audits["mainthread-work-breakdown"]?.details).map((item) => ({
      group: text(item.groupLabel) || text(item.group),
      ms: Math.round(num(item.duration)),
    })),
    bootup: rows(lhr.audits["bootup-time"]?.details)
      .slice(0, 5)
      .map((item) => ({
        url: text(item.url),
        totalMs: Math.round(num(item.total)),
        scriptingMs: Math.round(num(item.scripting)),
      })),
    longTasks: rows(lhr.audits["long-tasks"]?.details)
      .slice(0, 5)
      .map((item) => ({
        url: text(item.url),
        startMs: Math.round(num(item.startTime)),
        durationMs: Math.round(num(item.duration)),
      })),
    failingAudits: failingAudits(lhr),
    warnings: lhr.runWarnings ?? [],
  };
}

/** The path of a same-origin URL (shorter in a terminal), anything else unchanged. */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith("http") ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

const phaseNames: Record<string, string> = {
  timeToFirstByte: "TTFB",
  resourceLoadDelay: "load delay",
  resourceLoadDuration: "load",
  elementRenderDelay: "render delay",
};

/** A few indented lines per route for the terminal. */
export function formatFindings(
  route: string,
  found: Findings,
  exempted: readonly string[] = [],
): string {
  const lines = [route];
  const phases = Object.entries(found.lcpPhases)
    .map(([name, ms]) => `${phaseNames[name] ?? name} ${ms}`)
    .join(", ");
  lines.push(`  LCP element: ${found.lcpElement ?? "unknown"}${phases ? ` [ms: ${phases}]` : ""}`);
  if (found.documentBytes !== null) {
    const fits = found.documentBytes <= firstRoundTripBytes;
    lines.push(
      `  document: ${found.documentBytes} bytes with headers, ${fits ? "within" : "over"} the first round trip's ${firstRoundTripBytes}${fits ? "" : " (one more round trip before the first paint)"}`,
    );
  }
  lines.push(
    `  render-blocking: ${found.renderBlocking.length ? found.renderBlocking.map(shortUrl).join(", ") : "none"}`,
  );
  if (found.mainThreadMs !== null) {
    const groups = found.mainThread
      .slice(0, 3)
      .map((group) => `${group.group} ${group.ms}`)
      .join(", ");
    lines.push(`  main thread: ${Math.round(found.mainThreadMs)} ms (${groups})`);
  }
  if (found.bootup.length) {
    lines.push(
      `  JS CPU time: ${found.bootup
        .slice(0, 3)
        .map((item) => `${shortUrl(item.url)} ${item.totalMs} ms`)
        .join(", ")}`,
    );
  }
  if (found.longTasks.length) {
    lines.push(
      `  long tasks: ${found.longTasks
        .map((task) => `${shortUrl(task.url) || "?"} ${task.durationMs} ms at ${task.startMs} ms`)
        .join(", ")}`,
    );
  }
  if (found.unusedJsBytes > 0) {
    lines.push(
      `  unused JS: ${(found.unusedJsBytes / 1024).toFixed(1)} KB (${found.unusedJs
        .map((item) => `${shortUrl(item.url)} ${(item.wastedBytes / 1024).toFixed(1)} KB`)
        .join(", ")})`,
    );
  }
  for (const audit of found.failingAudits) {
    const note = exempted.includes(audit.id) ? " (exempted from the budget)" : "";
    lines.push(`  [${audit.category}] ${audit.id}: ${audit.title}${note}`);
    for (const item of audit.items) lines.push(`      ${item}`);
  }
  for (const warning of found.warnings) lines.push(`  warning: ${warning.replace(/\s+/g, " ")}`);
  return lines.join("\n");
}
