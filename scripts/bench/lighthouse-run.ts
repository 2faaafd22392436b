/**
 * One Lighthouse run, and Lighthouse's CPU index of the host: the browser side of
 * `npm run bench:pages` (docs/decisions/0008-islands.md, "Measuring"), apart from its arithmetic
 * (page-scores.ts) so that a one-off experiment can measure pages the same way.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { Audit } from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { cpuBlocking, type TraceEvent } from "./cpu-blocking.ts";
import {
  calibratedMultiplier,
  defaultMultiplier,
  type Lhr,
  performanceWith,
  type Run,
  runFigures,
} from "./page-scores.ts";

/** A run's figures, and where its blocking time went (cpu-blocking.ts), by source. */
export type Measured = { figures: Run; blocking: Record<string, number> };

export type MeasureOptions = {
  /** Score with Lighthouse's default 4x instead of the run's own CPU index. */
  uncalibrated?: boolean;
  /** The 404 page: its `noindex` and its one console line are on purpose. */
  notFound?: boolean;
};

/**
 * One Lighthouse run in a fresh Chromium (a first visit: empty cache and storage), mobile
 * defaults. The page is loaded once (Lighthouse's gather mode) and scored afterwards (its audit
 * mode) with the CPU multiplier taken from the index Lighthouse measured just before that load:
 * on a shared machine the host's speed drifts between runs, and a multiplier set before all runs
 * slows some pages too much and others too little. Lighthouse now and then ends a run with a trace
 * error (NO_NAVSTART) and asks for a rerun: such a run is repeated once, never counted.
 */
export async function measure(
  url: string,
  options: MeasureOptions = {},
  retry = true,
): Promise<Measured> {
  const notFound = options.notFound ?? false;
  const artifacts = await mkdtemp(path.join(tmpdir(), "bench-pages-run-"));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless", ...chromiumFlags],
    logLevel: "silent",
  });
  try {
    await lighthouse(
      url,
      { port: chrome.port, logLevel: "error", gatherMode: artifacts },
      lighthouseConfig(notFound, defaultMultiplier),
    );
    chrome.kill();
    // With simulated throttling nothing was slowed while loading; the multiplier only enters the
    // scoring, so the gathered run can carry the one its own index calls for.
    const file = path.join(artifacts, "artifacts.json");
    const gathered = JSON.parse(await readFile(file, "utf8"));
    const multiplier = options.uncalibrated
      ? defaultMultiplier
      : calibratedMultiplier(gathered.BenchmarkIndex);
    gathered.settings.throttling.cpuSlowdownMultiplier = multiplier;
    await writeFile(file, JSON.stringify(gathered));
    const result = await lighthouse(
      url,
      { logLevel: "error", auditMode: artifacts },
      lighthouseConfig(notFound, multiplier),
    );
    const lhr = result?.lhr as unknown as Lhr;
    const trace = JSON.parse(await readFile(path.join(artifacts, "trace.json"), "utf8")) as {
      traceEvents: TraceEvent[];
    };
    const blocking = cpuBlocking(trace.traceEvents, multiplier);
    if (!blocking) throw new Error("the trace has no first contentful paint");
    const simulated = runFigures(lhr);
    // Performance as Lighthouse weighs it, with this TBT scored on the audit's own curve.
    const tbtAudit = lhr.audits["total-blocking-time"];
    const tbtScore = tbtAudit?.scoringOptions
      ? Audit.computeLogNormalScore(tbtAudit.scoringOptions, blocking.totalMs)
      : Number.NaN;
    return {
      figures: {
        ...simulated,
        performance: performanceWith(lhr, "total-blocking-time", tbtScore),
        tbtMs: blocking.totalMs,
        lighthouseTbtMs: simulated.tbtMs,
        lighthousePerformance: simulated.performance,
      },
      blocking: blocking.bySource,
    };
  } catch (error) {
    if (!retry) throw error;
    console.log(`\n  ${url}: ${(error as Error).message}; measuring again`);
    return measure(url, options, false);
  } finally {
    chrome.kill();
    await rm(artifacts, { recursive: true, force: true });
  }
}

function lighthouseConfig(notFound: boolean, cpuSlowdownMultiplier: number) {
  return {
    extends: "lighthouse:default",
    settings: {
      throttling: { cpuSlowdownMultiplier },
      // The 404 page says noindex on purpose (a real 404 answer is never indexed anyway).
      skipAudits: notFound ? ["is-crawlable"] : [],
    },
    // The 404 page logs the path the visitor tried on purpose; any other console error counts.
    audits: notFound
      ? [
          {
            path: "errors-in-console",
            options: {
              ignoredPatterns: ["404 Error: User attempted to access non-existent route:"],
            },
          },
        ]
      : [],
  };
}

/** Lighthouse's own CPU benchmark, run five times in a blank headless Chromium; the median. */
export async function hostBenchmarkIndex(): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless", ...chromiumFlags],
    logLevel: "silent",
  });
  try {
    const target = (await (
      await fetch(`http://127.0.0.1:${chrome.port}/json/new?about:blank`, { method: "PUT" })
    ).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((opened) => socket.addEventListener("open", opened, { once: true }));
    const samples: number[] = [];
    for (let id = 1; id <= 5; id += 1) {
      const answer = new Promise<number>((resolve) =>
        socket.addEventListener("message", function listen(event) {
          const message = JSON.parse(String(event.data));
          if (message.id !== id) return;
          socket.removeEventListener("message", listen);
          resolve(message.result.result.value);
        }),
      );
      socket.send(
        JSON.stringify({
          id,
          method: "Runtime.evaluate",
          params: { expression: `(${pageFunctions.computeBenchmarkIndex})()`, returnByValue: true },
        }),
      );
      samples.push(await answer);
    }
    socket.close();
    return samples.sort((a, b) => a - b)[2] as number;
  } finally {
    chrome.kill();
  }
}
