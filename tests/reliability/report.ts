/**
 * What every scenario hands back: one table of figures and the invariants it checked. The runner
 * prints them in order and ends with one verdict line; tests assert the same checks.
 */
export type Check = {
  /** The invariant, stated positively ("every 200 id is stored exactly once"). */
  name: string;
  ok: boolean;
  /** The figures behind it, e.g. "5000 of 5000". */
  detail: string;
  /** Reported but never fails the run (e.g. an advisory database that cannot be reached). */
  advisory?: boolean;
};

export type Figure = [label: string, value: string];

export type ScenarioResult = {
  id: number;
  title: string;
  figures: Figure[];
  checks: Check[];
  /** Extra lines printed under the checks (definitions, per-category breakdowns). */
  notes?: string[];
  seconds?: number;
};

export function check(name: string, ok: boolean, detail = "", advisory = false): Check {
  return advisory ? { name, ok, detail, advisory } : { name, ok, detail };
}

export function failures(results: readonly ScenarioResult[]): Check[] {
  return results.flatMap((result) => result.checks.filter((item) => !item.ok && !item.advisory));
}

const mark = (item: Check) => (item.ok ? "PASS" : item.advisory ? "WARN" : "FAIL");

/** Two columns padded to their widest cell (monospace, no colours, so they paste into a README). */
function formatFigures(figures: readonly Figure[]): string {
  const width = Math.max("figure".length, ...figures.map(([label]) => label.length));
  const valueWidth = Math.max("value".length, ...figures.map(([, value]) => value.length));
  const line = (label: string, value: string) =>
    `${label.padEnd(width)}  ${value.padStart(valueWidth)}`;
  return [
    line("figure", "value"),
    `${"-".repeat(width)}  ${"-".repeat(valueWidth)}`,
    ...figures.map(([label, value]) => line(label, value)),
  ].join("\n");
}

export function formatScenario(result: ScenarioResult): string {
  const heading = `== ${result.id}. ${result.title}${
    result.seconds === undefined ? "" : ` (${result.seconds.toFixed(0)} s)`
  }`;
  const table = formatFigures(result.figures);
  const checks = result.checks.map(
    (item) => `${mark(item)}  ${item.name}${item.detail ? ` — ${item.detail}` : ""}`,
  );
  return [heading, table, "", ...checks, ...(result.notes ?? [])].join("\n");
}

export function verdictLine(results: readonly ScenarioResult[]): string {
  const all = results.flatMap((result) => result.checks);
  const failed = failures(results);
  const warned = all.filter((item) => !item.ok && item.advisory);
  const passed = all.filter((item) => item.ok).length;
  const warnings = warned.length > 0 ? `, ${warned.length} warning(s)` : "";
  if (failed.length === 0)
    return `VERDICT: PASS — ${passed} of ${all.length} invariants hold in ${results.length} scenario(s)${warnings}`;
  const names = failed.map((item) => item.name).join("; ");
  return `VERDICT: FAIL — ${failed.length} invariant(s) broken: ${names}${warnings}`;
}

export const format = {
  count: (value: number) => value.toLocaleString("en-US"),
  ms: (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)),
  rate: (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 0 }),
  mib: (bytes: number) => (bytes / 1024 / 1024).toFixed(1),
  seconds: (ms: number) => (ms / 1000).toFixed(1),
};
