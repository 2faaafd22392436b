/** Plain-text tables for the terminal (monospace, no colours, so they paste into a README). */
import { KB } from "./budgets.ts";
import type { RunMetrics } from "./metrics.ts";

export type Align = "left" | "right";
export type Column = { title: string; align?: Align };

/** Columns padded to their widest cell, a dashed rule under the header. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, index) => {
        const cell = cells[index] ?? "";
        const width = widths[index] ?? 0;
        return column.align === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)].join("\n");
}

const dash = "-";
export const fmt = {
  score: (value: number | null) => (value === null ? dash : String(value)),
  seconds: (ms: number | null) => (ms === null ? dash : (ms / 1000).toFixed(2)),
  ms: (ms: number | null) => (ms === null ? dash : String(Math.round(ms))),
  cls: (value: number | null) => (value === null ? dash : value.toFixed(3)),
  kb: (bytes: number) => (bytes / KB).toFixed(1),
  index: (value: number | null) => (value === null ? dash : String(Math.round(value))),
};

/** A score with "*" when exemptions changed it from Lighthouse's own. */
function marked(value: number | null, lighthouse: number | null): string {
  return value === lighthouse ? fmt.score(value) : `${fmt.score(value)}*`;
}

export type PageRow = { route: string; metrics: RunMetrics | null; note?: string };

export const pageColumns: Column[] = [
  { title: "Route" },
  { title: "Perf", align: "right" },
  { title: "A11y", align: "right" },
  { title: "BP", align: "right" },
  { title: "SEO", align: "right" },
  { title: "FCP s", align: "right" },
  { title: "LCP s", align: "right" },
  { title: "TBT ms", align: "right" },
  { title: "CLS", align: "right" },
  { title: "SI s", align: "right" },
  { title: "HTML KB", align: "right" },
  { title: "CSS KB", align: "right" },
  { title: "JS KB", align: "right" },
  { title: "Img KB", align: "right" },
  { title: "Font KB", align: "right" },
  { title: "Total KB", align: "right" },
  { title: "Req", align: "right" },
  { title: "CPU idx", align: "right" },
];

/** The benchmark's one table: a row per route, the figures of its median run. */
export function formatPageTable(rows: readonly PageRow[]): string {
  return formatTable(
    pageColumns,
    rows.map(({ route, metrics: m, note }) => {
      if (!m)
        return [route, ...pageColumns.slice(1).map(() => dash)].map((cell, index) =>
          index === 1 ? (note ?? "no run") : cell,
        );
      return [
        route,
        fmt.score(m.performance),
        marked(m.accessibility, m.lighthouseScores.accessibility),
        marked(m.bestPractices, m.lighthouseScores.bestPractices),
        marked(m.seo, m.lighthouseScores.seo),
        fmt.seconds(m.fcpMs),
        fmt.seconds(m.lcpMs),
        fmt.ms(m.tbtMs),
        fmt.cls(m.cls),
        fmt.seconds(m.speedIndexMs),
        fmt.kb(m.bytes.html),
        fmt.kb(m.bytes.css),
        fmt.kb(m.bytes.js),
        fmt.kb(m.bytes.images),
        fmt.kb(m.bytes.fonts),
        fmt.kb(m.bytes.total),
        String(m.requests),
        fmt.index(m.benchmarkIndex),
      ];
    }),
  );
}
