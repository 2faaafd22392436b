/**
 * `npm run bench:pages`: Lighthouse (mobile) on every page and the 404 page, with the CPU slowed
 * to the phone Lighthouse means, N runs each; prints the median table, the spread over the runs
 * and the budgets' verdict (also into docs/figures.md), and exits 1 when a route misses its budget.
 *
 *   npm run bench:pages -- [--runs 3] [--routes /,/contact] [--uncalibrated] [--no-build]
 *
 * It builds the site first, so that the figures are those of the sources as they are;
 * `--no-build` measures build/client as it stands.
 *
 * Why each piece is there: docs/decisions/0008-islands.md, "Measuring".
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { SiteIndex } from "../shared/site-index.ts";
import { buildSite } from "../tools/built-site.ts";
import { provenance, writeFigures } from "../tools/figures.ts";
import { startBareServer } from "./bench/bare-server.ts";
import { hostBenchmarkIndex, measure } from "./bench/lighthouse-run.ts";
import {
  calibratedMultiplier,
  defaultMultiplier,
  judgedFigures,
  median,
  type Run,
  type Spread,
  spread,
  type Verdict,
  verdict,
} from "./bench/page-scores.ts";
import { chromiumPath } from "./chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const notFoundCopy = "/not-found-page";
/**
 * The floor: an empty page (a heading and a line of text, no CSS, no script) from a bare server
 * (bench/bare-server.ts: no headers of ours), measured like the others and never judged. What it
 * scores is what Chromium and Lighthouse cost on this machine; a route is only as slow as the gap
 * between it and the floor, and a header of ours that costs the browser work shows there.
 */
const floorRoute = "floor";
const floorPath = "/floor";
const floorPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="An empty page."></head><body><main><h1>Floor</h1><p>An empty page, for comparison.</p></main></body></html>';

const { values: options } = parseArgs({
  allowNegative: true,
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    uncalibrated: { type: "boolean", default: false },
    build: { type: "boolean", default: true },
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
  if (options.build) await buildSite();
  const hostIndex = await hostBenchmarkIndex();
  const site = await startSite();
  const bare = await startBareServer({ [floorPath]: { body: floorPage } });
  cleanups.push(() => bare.close());
  const routes = options.routes?.split(",") ?? [...(await sitemapPaths()), "404"];

  console.log(
    `Host CPU benchmark index ${Math.round(hostIndex)} before the runs (median of 5); CPU multiplier ` +
      (options.uncalibrated
        ? `${defaultMultiplier} (Lighthouse's default, --uncalibrated)`
        : `each run's own index / 264, at least 4 (${calibratedMultiplier(hostIndex)} at this index)`),
  );
  console.log(
    `${routes.length} routes x ${runs} runs against ${site}, and the floor: an empty page from a bare server\n`,
  );

  const results: {
    route: string;
    runs: Run[];
    figures: Spread;
    blocking: Record<string, number>;
    verdict: Verdict | { status: "floor"; problems: string[] };
  }[] = [];
  for (const route of [...routes, floorRoute]) {
    const notFound = route === "404";
    const url =
      route === floorRoute
        ? `${bare.url}${floorPath}`
        : `${site}${notFound ? notFoundCopy : route}`;
    const measured: Run[] = [];
    const blockings: Record<string, number>[] = [];
    for (let run = 0; run < runs; run += 1) {
      const { figures, blocking } = await measure(url, {
        notFound,
        uncalibrated: options.uncalibrated,
      });
      measured.push(figures);
      blockings.push(blocking);
      process.stdout.write(".");
    }
    const figures = spread(measured);
    const blocking = medianBlocking(blockings);
    const result =
      route === floorRoute
        ? { status: "floor" as const, problems: [] }
        : verdict(judgedFigures(figures), { jsExcepted: route === "/contact" });
    results.push({ route, runs: measured, figures, blocking, verdict: result });
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
  const outcome = `${failed.length === 0 ? "PASS" : "FAIL"}: ${judged.length - failed.length} of ${judged.length} routes within budget`;
  console.log(`\n${outcome}`);
  await writeFigures(
    "pages",
    [
      provenance("bench:pages", [
        `Lighthouse ${lighthouseVersion()}, ${chromiumVersion()}, mobile preset;`,
        `host CPU index ${Math.round(hostIndex)} before the runs; each run scored with the`,
        options.uncalibrated
          ? "default 4x CPU multiplier (--uncalibrated)."
          : "multiplier of its own CPU index (index / 264, at least 4).",
        "TBT is each main-thread task's CPU time after the first paint times the multiplier, less",
        "50 ms, summed, and Perf weighs it in on Lighthouse's own curve; LCP and Perf are judged on",
        "the best run, TBT and the rest on the median (decision 0013). Lighthouse's",
        "own Perf and simulated TBT, from wall time that other programs on the host stretch, are",
        "shown beside them, never judged. The floor is an empty page from a bare server, never judged.",
      ]),
      "",
      `Medians of ${runs} runs (ranges over the runs):`,
      "",
      table(results),
      "",
      `**${outcome}**${failed.length > 0 ? ` (${failed.map((result) => `${result.route}: ${result.verdict.problems.join(", ")}`).join("; ")})` : ""}.`,
    ].join("\n"),
  );

  const out = path.join(root, "bench-results", "pages");
  await mkdir(out, { recursive: true });
  const file = path.join(out, `${new Date().toISOString().replaceAll(":", "-")}.json`);
  await writeFile(file, JSON.stringify({ hostIndex, runs, results }, null, 2));
  console.log(`Runs saved to ${path.relative(root, file)}`);
  return failed.length === 0 ? 0 : 1;
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
  await copyPage(site, "/404/index.html", `${notFoundCopy}/index.html`);
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

/** Serves the built page `from` at `to` too: its file, its compressed versions and its headers. */
async function copyPage(site: string, from: string, to: string) {
  const indexFile = path.join(site, "_headers.json");
  const index = JSON.parse(await readFile(indexFile, "utf8")) as SiteIndex;
  const served = index.files[from];
  if (!served) throw new Error(`The build serves no ${from}`);
  const encodings: typeof served.encodings = {};
  for (const [name, encoded] of Object.entries(served.encodings)) {
    const file = encoded.file.replace(from, to);
    await cp(path.join(site, encoded.file), path.join(site, file));
    encodings[name as keyof typeof encodings] = { ...encoded, file };
  }
  await cp(path.join(site, from), path.join(site, to));
  index.files[to] = { ...served, encodings };
  await writeFile(indexFile, JSON.stringify(index));
}

function lighthouseVersion(): string {
  const manifest = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

function chromiumVersion(): string {
  return spawnSync(chromiumPath, ["--version"], { encoding: "utf8" }).stdout.trim() || "Chromium";
}

/** The pages the built sitemap lists, as paths. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(root, "build/client/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] as string).pathname,
  );
}

/** Each source's median blocking time over the runs (a run without it counts 0), largest first. */
function medianBlocking(blockings: Record<string, number>[]): Record<string, number> {
  const sources = new Set(blockings.flatMap((blocking) => Object.keys(blocking)));
  const medians = [...sources].map(
    (source) => [source, median(blockings.map((blocking) => blocking[source] ?? 0))] as const,
  );
  return Object.fromEntries(medians.filter(([, ms]) => ms >= 1).sort(([, a], [, b]) => b - a));
}

function table(
  results: {
    route: string;
    figures: Spread;
    blocking: Record<string, number>;
    verdict: { status: string };
  }[],
): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const range = (min: string, max: string) => (min === max ? min : `${min}–${max}`);
  const rows = results.map(({ route, figures: { median: m, min, max }, blocking, verdict: v }) =>
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
      `${m.lighthousePerformance} / ${Math.round(m.lighthouseTbtMs ?? Number.NaN)} (${range(String(Math.round(min.lighthouseTbtMs ?? Number.NaN)), String(Math.round(max.lighthouseTbtMs ?? Number.NaN)))})`,
      range(String(Math.round(min.benchmarkIndex)), String(Math.round(max.benchmarkIndex))),
      range(String(min.cpuMultiplier), String(max.cpuMultiplier)),
      Object.entries(blocking)
        .map(([source, ms]) => `${source} ${Math.round(ms)}`)
        .join(", ") || "none",
      v.status,
    ].join(" | "),
  );
  const head =
    "route | Perf | A11y | BP | SEO | FCP s | LCP s | TBT ms | CLS | JS KB | doc KB | Perf range | LCP range s | TBT range ms | Lighthouse's own Perf / TBT ms (range) | run index | CPU x | blocking by source, ms (median) | verdict";
  return [head, head.replace(/[^|]+/g, "---"), ...rows].map((row) => `| ${row} |`).join("\n");
}
