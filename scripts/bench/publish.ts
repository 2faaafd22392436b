/**
 * How long `npm start` takes to make a content version live, and to preview one page
 * (docs/publishing.md): `npm run bench:publish [-- --runs N]`; it builds the site first
 * (`-- --no-build`: the build as it stands). Prints
 * one table and writes it to docs/figures.md. Medians of N runs (3 by default); a shared machine
 * stretches every figure, so these are figures, never tests.
 * - whole site: renderSite from the server build with a changed document, every step timed;
 * - switch: what the follower's build hook costs, rendering, loading and swapping the site;
 * - switch again: the same version after a restart, its folder reused;
 * - preview: one page, in a worker thread (what the editor uses) and in a child process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "../../functions/send-contact-email/base/log.ts";
import { buildDir, changedDocument } from "../../server/site-render/render-fixtures.ts";
import { renderSite, runIsolated } from "../../server/site-render/render-site.ts";
import { createSiteSwitcher } from "../../server/site-render/site-switcher.ts";
import { loadStaticSite } from "../../server/static-site.ts";
import { buildSite } from "../../tools/built-site.ts";
import { markdownTable, provenance, writeFigures } from "../../tools/figures.ts";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (value: number) => value.toFixed(2);
const row = (what: string, values: number[]) => [
  what,
  seconds(median(values)),
  `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`,
];

/** Every page changes: the new phone, and the welcome offer turned off (its popup leaves every page). */
const changed = () => {
  const document = changedDocument();
  document.offer.enabled = false;
  return document;
};
/** A figure, never a failure: a loaded machine may take longer than the server would wait. */
const timeoutMs = 600_000;

if (!process.argv.includes("--no-build")) await buildSite();
const folder = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
const rows: string[][] = [];
try {
  const whole: number[] = [];
  const phases = { load: [] as number[], pages: [] as number[], finish: [] as number[] };
  const ship: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const made = await renderSite({
      document: changed(),
      timeoutMs,
      version: run + 1,
      buildDir,
      outDir: path.join(folder, `render-${run}`),
    });
    whole.push(made.seconds);
    phases.load.push(made.phases.load);
    phases.pages.push(made.phases.pages);
    phases.finish.push(made.phases.finish);
    ship.push(made.phases.ship);
  }
  rows.push(row("whole site (renderSite)", whole));
  rows.push(row("  of which: load the server build", phases.load));
  rows.push(row("  of which: render every path", phases.pages));
  rows.push(row("  of which: finish the pages (finish-html)", phases.finish));
  rows.push(row("  of which: ship (CSP, .br/.gz, index)", ship));

  const switches: number[] = [];
  const reuses: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = path.join(folder, `data-${run}`);
    const options = {
      dataDir,
      buildDir,
      staticDir: path.join(buildDir, "client"),
      site: loadStaticSite(path.join(buildDir, "client")),
      log: silentLogger,
      timeoutMs,
    };
    let started = performance.now();
    await createSiteSwitcher(options).build(changed(), 1);
    switches.push((performance.now() - started) / 1000);
    started = performance.now();
    await createSiteSwitcher(options).build(changed(), 1);
    reuses.push((performance.now() - started) / 1000);
  }
  rows.push(row("switch to a new version (build hook)", switches));
  rows.push(row("switch to a made version (restart)", reuses));

  for (const via of ["thread", "process"] as const) {
    const previews: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await runIsolated(
        { kind: "preview", document: changed(), buildDir, path: "/exton" },
        { timeoutMs, via },
      );
      previews.push((performance.now() - started) / 1000);
    }
    const where = via === "thread" ? "worker thread" : "child process";
    rows.push(row(`preview of /exton in a ${where}`, previews));
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const table = markdownTable(["step", `median s (${runs} runs)`, "range s"], rows);
console.log(`${provenance("bench:publish")}\n\n${table}`);
await writeFigures("publish", `${provenance("bench:publish")}\n\n${table}`);
