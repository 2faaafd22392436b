/**
 * `npm run bench:pages`: Lighthouse (default mobile settings) on every route and the 404 page,
 * one table of median runs, then the budget verdict (product.md, Quality bars). See scripts/bench/args.ts for the
 * options; the pieces live in scripts/bench/.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseBenchArgs, usage } from "./bench/args.ts";
import {
  budgets,
  evaluateBudgets,
  notFoundPageExemptions,
  type Verdict,
  verdictLine,
  worst,
} from "./bench/budgets.ts";
import { exitOnSignals, isStopping, runCleanup } from "./bench/cleanup.ts";
import { type Findings, findings, formatFindings } from "./bench/findings.ts";
import { runLighthouse } from "./bench/lighthouse-runner.ts";
import { type RunMetrics, runMetrics } from "./bench/metrics.ts";
import {
  type BenchRoute,
  loadSitePaths,
  notFoundPath,
  selectRoutes,
  unknownRoutes,
} from "./bench/routes.ts";
import { type Progress, type SampledRun, sampleRoutes } from "./bench/sampling.ts";
import { buildSite, projectRoot, startSite } from "./bench/site-process.ts";
import { medianRunIndex } from "./bench/stats.ts";
import { startStatusProxy } from "./bench/status-proxy.ts";
import { formatPageTable } from "./bench/table.ts";

type RunRecord = SampledRun & {
  url: string;
  seconds: number;
  metrics: RunMetrics | null;
  reports: { json: string; html: string } | null;
  findings: Findings | null;
};

type RouteResult = {
  route: BenchRoute;
  runs: RunRecord[];
  medianAttempt: number | null;
  median: RunMetrics | null;
  verdict: Verdict;
};

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(usage);
    return 0;
  }
  exitOnSignals();
  if (!existsSync(options.chromePath))
    throw new Error(`no Chromium at ${options.chromePath} (set CHROME_PATH or --chrome-path)`);

  const sitePaths = await loadSitePaths();
  const routes = selectRoutes(options.routes ? [] : sitePaths, options.routes);
  if (routes.length === 0) throw new Error("no routes to measure");
  // Another site (--base) has its own pages; ours must be named as the site map names them.
  const unknown = options.base ? [] : unknownRoutes(routes, sitePaths);
  if (unknown.length > 0)
    throw new Error(
      `not a page of this site: ${unknown.join(", ")} (pages: ${sitePaths.join(", ")}, 404)`,
    );
  const outDir = path.join(projectRoot, "bench-results", "pages", stamp());
  await mkdir(outDir, { recursive: true });

  let base = options.base;
  let served = `an already running site (--base ${base})`;
  if (!base) {
    if (options.build) await buildSite();
    const site = await startSite();
    base = site.url;
    served = `server/start.ts on ${base} (a private copy of build/client, temporary DATA_DIR)`;
  }
  const proxy = routes.some((route) => route.notFound)
    ? await startStatusProxy(base, [notFoundPath])
    : null;

  console.log(`\nMeasuring ${routes.length} routes x ${options.runs} runs: ${served}`);
  console.log(`Reports: ${path.relative(projectRoot, outDir)}/\n`);

  const deadline = Date.now() + options.maxMinutes * 60_000;
  let timeLimitReported = false;
  const timeLeft = () => {
    if (Date.now() <= deadline) return true;
    if (!timeLimitReported)
      console.log(`time limit of ${options.maxMinutes} min reached: measuring stops here`);
    timeLimitReported = true;
    return false;
  };
  let consecutiveFailures = 0;
  let lighthouseVersion: string | undefined;
  let userAgent: string | undefined;

  const measure = async (route: BenchRoute, attempt: number): Promise<RunRecord> => {
    const url = `${route.notFound && proxy ? proxy.url : base}${route.path}`;
    const started = Date.now();
    const record: RunRecord = {
      attempt,
      status: "accepted",
      url,
      seconds: 0,
      benchmarkIndex: null,
      metrics: null,
      error: null,
      reports: null,
      findings: null,
    };
    try {
      const run = await runLighthouse(url, { chromePath: options.chromePath });
      consecutiveFailures = 0;
      lighthouseVersion ??= run.lhr.lighthouseVersion;
      userAgent ??= run.lhr.environment?.hostUserAgent;
      const name = `${route.slug}.run${attempt}`;
      await writeFile(path.join(outDir, `${name}.report.json`), run.json);
      await writeFile(path.join(outDir, `${name}.report.html`), run.html);
      record.reports = { json: `${name}.report.json`, html: `${name}.report.html` };
      record.metrics = runMetrics(run.lhr, route.notFound ? notFoundPageExemptions : []);
      record.findings = findings(run.lhr);
      record.benchmarkIndex = record.metrics.benchmarkIndex;
      record.error = record.metrics.error;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      consecutiveFailures += 1;
      if (consecutiveFailures >= 3)
        throw new Error(`three Lighthouse runs in a row failed; last: ${record.error}`);
    }
    record.seconds = Math.round((Date.now() - started) / 100) / 10;
    return record;
  };

  const { results: sampled, maxIndex } = await sampleRoutes(
    routes,
    { runs: options.runs, maxRepeats: options.maxRepeats, slowRatio: options.slowRatio, timeLeft },
    measure,
    (route, run, progress) => console.log(progressLine(route, run, progress, options.slowRatio)),
  );

  const results: RouteResult[] = sampled.map(({ route, runs }) => {
    const usable = runs.filter(
      (run) => run.metrics && !run.error && run.status !== "slow-repeated",
    );
    const index = medianRunIndex(
      usable.map((run) => ({
        performance: run.metrics?.performance ?? null,
        lcpMs: run.metrics?.lcpMs ?? null,
        tbtMs: run.metrics?.tbtMs ?? null,
      })),
    );
    const medianRun = index >= 0 ? usable[index] : undefined;
    return {
      route,
      runs,
      medianAttempt: medianRun?.attempt ?? null,
      median: medianRun?.metrics ?? null,
      verdict: evaluateBudgets(medianRun?.metrics ?? null),
    };
  });

  const overall = worst(results.map((result) => result.verdict.status));
  printReport(results, { lighthouseVersion, userAgent, maxIndex, options, overall });
  await writeFile(
    path.join(outDir, "summary.json"),
    `${JSON.stringify(
      {
        finishedAt: new Date().toISOString(),
        served,
        base,
        lighthouseVersion,
        userAgent,
        settings: "Lighthouse defaults: mobile (moto g power), simulated throttling",
        medianRun:
          "middle run by Performance score, ties: slower LCP (to 0.01 s), then longer TBT, counts as worse",
        options,
        budgets,
        benchmarkIndexMax: maxIndex,
        overall,
        routes: results.map((result) => ({
          route: result.route.label,
          path: result.route.path,
          medianAttempt: result.medianAttempt,
          median: result.median,
          verdict: result.verdict,
          findings:
            result.runs.find((run) => run.attempt === result.medianAttempt)?.findings ?? null,
          runs: result.runs.map(({ findings: _findings, ...run }) => run),
        })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nReports and summary.json: ${path.relative(projectRoot, outDir)}/`);
  return overall === "fail" ? 1 : 0;
}

function progressLine(
  route: BenchRoute,
  run: RunRecord,
  { done, total, maxIndex, remeasure }: Progress,
  ratio: number,
): string {
  const m = run.metrics;
  const figures =
    m && !run.error
      ? `perf ${m.performance}, LCP ${((m.lcpMs ?? 0) / 1000).toFixed(2)} s, TBT ${Math.round(m.tbtMs ?? 0)} ms`
      : `error: ${run.error}`;
  const index = run.benchmarkIndex === null ? "" : `, CPU index ${Math.round(run.benchmarkIndex)}`;
  const note = {
    accepted: "",
    "slow-kept": ` (slow machine: below ${ratio} x ${Math.round(maxIndex)}, repeats used up, kept)`,
    "slow-repeated": ` (slow machine: below ${ratio} x ${Math.round(maxIndex)}, repeating)`,
    error: " (kept as a failed run)",
    "error-repeated": " (repeating)",
  }[run.status];
  const why = remeasure ? ` (again: an earlier run is slow against the best index seen since)` : "";
  return `[${done}/${total}] ${route.label} run ${run.attempt}${why}: ${figures}${index}, ${run.seconds} s${note}`;
}

/** Footnotes for the scores marked "*" in the table. */
function exemptionNotes(results: RouteResult[]): string[] {
  const notes: string[] = [];
  for (const { route, median } of results) {
    if (!median?.exempted.length) continue;
    const own = median.lighthouseScores;
    notes.push(
      `* ${route.label}: scores without ${median.exempted.join(", ")} (see notFoundPageExemptions in scripts/bench/budgets.ts); Lighthouse's own: A11y ${own.accessibility}, BP ${own.bestPractices}, SEO ${own.seo}`,
    );
  }
  return notes;
}

function printReport(
  results: RouteResult[],
  info: {
    lighthouseVersion: string | undefined;
    userAgent: string | undefined;
    maxIndex: number;
    options: { runs: number; slowRatio: number; maxRepeats: number };
    overall: string;
  },
) {
  const out: string[] = [];
  out.push(
    "",
    `Lighthouse ${info.lighthouseVersion ?? "?"}, default mobile settings (moto g power, simulated throttling); ${info.userAgent ?? ""}`,
    `Each row is the median of ${info.options.runs} runs: the middle run by Performance score (ties: the slower LCP to 0.01 s, then the longer TBT, counts as worse).`,
    "Every run is a first-time visit (fresh profile): the welcome popup opens 1 s after load, as for a real first visit.",
    "Bytes are transferred (compressed) KB of 1024 bytes. CPU idx: Lighthouse's benchmarkIndex of that run.",
    "",
    formatPageTable(
      results.map((result) => ({
        route: result.route.label,
        metrics: result.median,
      })),
    ),
    ...exemptionNotes(results),
    "",
    `CPU benchmark index per run (best seen ${Math.round(info.maxIndex)}; a run below ${info.options.slowRatio} x the best, seen before or after it, is repeated, at most ${info.options.maxRepeats} times per route):`,
  );
  for (const result of results) {
    const runs = result.runs
      .map((run) => {
        const value = run.benchmarkIndex === null ? "-" : String(Math.round(run.benchmarkIndex));
        if (run.status === "slow-repeated") return `(${value} slow, repeated)`;
        if (run.status === "slow-kept") return `${value} slow`;
        if (run.status === "error-repeated" || run.status === "error") return `error`;
        return value;
      })
      .join(", ");
    out.push(`  ${result.route.label}: ${runs}`);
  }
  out.push("", "Diagnosis of each median run:");
  for (const result of results) {
    const run = result.runs.find((candidate) => candidate.attempt === result.medianAttempt);
    if (run?.findings)
      out.push(formatFindings(result.route.label, run.findings, run.metrics?.exempted));
    else out.push(`${result.route.label}\n  no usable run`);
  }
  out.push("", "Budget verdict (median run of each route):");
  for (const result of results) out.push(`  ${verdictLine(result.route.label, result.verdict)}`);
  out.push(
    "",
    `Overall: ${{ pass: "PASS", tolerated: "PASS (a Performance score of 98-99 tolerated)", fail: "FAIL: a budget is broken" }[info.overall as "pass"]}`,
  );
  console.log(out.join("\n"));
}

let code = 2;
try {
  code = await main();
} catch (error) {
  if (isStopping()) await new Promise(() => {}); // the signal handler cleans up and exits
  console.error(`bench:pages: ${error instanceof Error ? error.message : String(error)}`);
  code = 2;
} finally {
  await runCleanup();
}
process.exit(code);
