/**
 * `npm run bench:pages`: Lighthouse (mobile) on every page and the 404 page, with the CPU slowed
 * to the phone Lighthouse means, N runs each; prints the median table, the spread over the runs
 * and the budgets' verdict, and exits 1 when a route misses its budget.
 *
 *   npm run bench:pages -- [--runs 3] [--routes /,/contact] [--uncalibrated] [--build]
 *
 * Why each piece is there: docs/decisions/0008-islands.md, "Measuring".
 */
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import {
  calibratedMultiplier,
  defaultMultiplier,
  type Lhr,
  type Run,
  runFigures,
  type Spread,
  spread,
  type Verdict,
  verdict,
} from "./bench/page-scores.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const notFoundCopy = "/not-found-page";
/**
 * The floor: an empty page (a heading and a line of text, no CSS, no script) from the same server,
 * measured like the others and never judged. What it scores is what Chromium and Lighthouse cost on
 * this machine (creating the page's JavaScript context alone is a long task at a high multiplier);
 * a route is only as slow as the gap between it and the floor.
 */
const floorRoute = "floor";
const floorPath = "/bench-floor";
const floorPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="An empty page."></head><body><main><h1>Floor</h1><p>An empty page, for comparison.</p></main></body></html>';

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    uncalibrated: { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log((await readFile(import.meta.filename, "utf8")).split("*/")[0]);
  process.exit(0);
}
const runs = Math.max(1, Number(options.runs));
const cleanups: (() => Promise<void> | void)[] = [];
const cleanUp = async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  process.exitCode = await main();
} finally {
  await cleanUp();
}

async function main(): Promise<number> {
  if (options.build)
    await exec(process.execPath, [
      path.join(root, "node_modules/@react-router/dev/bin.cjs"),
      "build",
    ]);
  // Measured before the server starts: it compresses the site in the background at first.
  const hostIndex = await hostBenchmarkIndex();
  const site = await startSite();
  const routes = options.routes?.split(",") ?? [...(await sitemapPaths()), "404"];

  console.log(
    `Host CPU benchmark index ${Math.round(hostIndex)} before the runs (median of 5); CPU multiplier ` +
      (options.uncalibrated
        ? `${defaultMultiplier} (Lighthouse's default, --uncalibrated)`
        : `each run's own index / 264, at least 4 (${calibratedMultiplier(hostIndex)} at this index)`),
  );
  console.log(
    `${routes.length} routes x ${runs} runs against ${site}, and the floor: an empty page, same server\n`,
  );

  const results: {
    route: string;
    runs: Run[];
    figures: Spread;
    verdict: Verdict | { status: "floor"; problems: string[] };
  }[] = [];
  for (const route of [...routes, floorRoute]) {
    const notFound = route === "404";
    const pagePath = notFound ? notFoundCopy : route === floorRoute ? floorPath : route;
    const measured: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      measured.push(await measure(`${site}${pagePath}`, notFound));
      process.stdout.write(".");
    }
    const figures = spread(measured);
    const result =
      route === floorRoute
        ? { status: "floor" as const, problems: [] }
        : verdict(figures.median, { jsExcepted: route === "/contact" });
    results.push({ route, runs: measured, figures, verdict: result });
    console.log(
      ` ${result.status} ${route}${result.problems.length ? `: ${result.problems.join(", ")}` : ""}`,
    );
  }

  console.log(
    `\nMedians of ${runs} runs, ${new Date().toISOString().slice(0, 16)} UTC, host index ${Math.round(hostIndex)} before the runs:\n`,
  );
  console.log(table(results));
  const judged = results.filter((result) => result.verdict.status !== "floor");
  const failed = judged.filter((result) => result.verdict.status === "FAIL");
  console.log(
    `\n${failed.length === 0 ? "PASS" : "FAIL"}: ${judged.length - failed.length} of ${judged.length} routes within budget`,
  );

  const out = path.join(root, "bench-results", "pages");
  await mkdir(out, { recursive: true });
  const file = path.join(out, `${new Date().toISOString().replaceAll(":", "-")}.json`);
  await writeFile(file, JSON.stringify({ hostIndex, runs, results }, null, 2));
  console.log(`Runs saved to ${path.relative(root, file)}`);
  return failed.length === 0 ? 0 : 1;
}

/**
 * One Lighthouse run in a fresh Chromium (a first visit: empty cache and storage), mobile
 * defaults. The page is loaded once (Lighthouse's gather mode) and scored afterwards (its audit
 * mode) with the CPU multiplier taken from the index Lighthouse measured just before that load:
 * on a shared machine the host's speed drifts between runs, and a multiplier set before all runs
 * slows some pages too much and others too little. Lighthouse now and then ends a run with a trace
 * error (NO_NAVSTART) and asks for a rerun: such a run is repeated once, never counted.
 */
async function measure(url: string, notFound: boolean, retry = true): Promise<Run> {
  const artifacts = await mkdtemp(path.join(tmpdir(), "bench-pages-run-"));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless", ...chromiumFlags],
    logLevel: "silent",
  });
  cleanups.push(() => chrome.kill());
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
    return runFigures(result?.lhr as unknown as Lhr);
  } catch (error) {
    if (!retry) throw error;
    console.log(`\n  ${url}: ${(error as Error).message}; measuring again`);
    return measure(url, notFound, false);
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
async function hostBenchmarkIndex(): Promise<number> {
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

/**
 * server/start.ts over a private copy of the build (a rebuild meanwhile changes nothing under it),
 * with the 404 page also at /not-found-page: Lighthouse scores no page answered with status 404,
 * and the copy is the same bytes with the same headers, answered 200.
 */
async function startSite(): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-pages-"));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const site = path.join(work, "site");
  await cp(path.join(root, "build/client"), site, { recursive: true });
  await cp(path.join(site, "404/index.html"), path.join(site, notFoundCopy.slice(1), "index.html"));
  await mkdir(path.join(site, floorPath.slice(1)));
  await writeFile(path.join(site, floorPath.slice(1), "index.html"), floorPage);
  const server = spawn(process.execPath, [path.join(root, "server/start.ts")], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      STATIC_DIR: site,
      DATA_DIR: path.join(work, "data"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  cleanups.push(
    () =>
      new Promise<void>((done) =>
        server.exitCode === null ? server.once("exit", () => done()).kill() : done(),
      ),
  );
  let log = "";
  return new Promise((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`the server exited (${code}): ${log}`)));
    server.stdout.on("data", (chunk: Buffer) => {
      log += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (url) resolve(url);
    });
  });
}

/** The pages the built sitemap lists, as paths. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(root, "build/client/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] as string).pathname,
  );
}

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    spawn(command, args, { cwd: root, stdio: "inherit" }).once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${code})`)),
    );
  });
}

function table(results: { route: string; figures: Spread; verdict: { status: string } }[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const range = (min: string, max: string) => (min === max ? min : `${min}–${max}`);
  const rows = results.map(({ route, figures: { median: m, min, max }, verdict: v }) =>
    [
      route === "404" ? "404 page" : route === floorRoute ? "(floor: empty page)" : route,
      m.performance,
      m.accessibility,
      m.bestPractices,
      m.seo,
      s(m.fcpMs),
      s(m.lcpMs),
      Math.round(m.tbtMs),
      m.cls.toFixed(2),
      kb(m.jsBytes),
      kb(m.documentBytes),
      range(String(min.performance), String(max.performance)),
      range(s(min.lcpMs), s(max.lcpMs)),
      range(String(Math.round(min.tbtMs)), String(Math.round(max.tbtMs))),
      range(String(Math.round(min.benchmarkIndex)), String(Math.round(max.benchmarkIndex))),
      range(String(min.cpuMultiplier), String(max.cpuMultiplier)),
      v.status,
    ].join(" | "),
  );
  const head =
    "route | Perf | A11y | BP | SEO | FCP s | LCP s | TBT ms | CLS | JS KB | doc KB | Perf range | LCP range s | TBT range ms | run index | CPU x | verdict";
  return [head, head.replace(/[^|]+/g, "---"), ...rows].map((row) => `| ${row} |`).join("\n");
}
