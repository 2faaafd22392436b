/**
 * How long `npm start` takes to make a content version live, and to preview one page
 * (docs/publishing.md): `npm run bench:publish [-- --runs N]`; it builds the site first
 * (`-- --no-build`: the build as it stands). Prints
 * one table and writes it to docs/figures.md. Medians of N runs (3 by default); a shared machine
 * stretches every figure, so these are figures, never tests.
 * - whole site: renderSite from the server build with a changed document, every step timed;
 * - switch: what the follower's build hook costs, rendering, loading and swapping the site;
 * - switch again: the same version after a restart, its folder reused;
 * - preview: one page, in a worker thread (what the editor uses) and in a child process;
 * - as the owner lives it: `npm start` over the build, the editor's Phone & e-mail form in
 *   Chromium at 390 px, a new main phone, Publish, until all 18 paths (text, tel: links, JSON-LD)
 *   show it and none the old one (the contract's promise: 60 s).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import {
  createLinkSigners,
  parseLinkSettings,
  silentLogger,
  siteSubject,
} from "../../functions/send-contact-email/index.ts";
import { buildDir, changedDocument } from "../../server/site-render/render-fixtures.ts";
import { renderPreview, renderSite, runIsolated } from "../../server/site-render/render-site.ts";
import { createSiteSwitcher } from "../../server/site-render/site-switcher.ts";
import { loadStaticSite } from "../../server/static-site.ts";
import { startNodeServer } from "../../tests/integration/support/processes.ts";
import { pagesNotShowing } from "../../tests/support/site-pages.ts";
import { buildSite } from "../../tools/built-site.ts";
import { markdownTable, provenance, writeFigures } from "../../tools/figures.ts";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { hostBenchmarkIndex } from "./lighthouse-run.ts";

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

/**
 * Seconds from the owner's tap on Publish to the last of the 18 paths showing the new main phone,
 * on a real server over the build; each run publishes a phone of its own.
 */
async function ownerPublishes(folder: string): Promise<number[]> {
  const secret = "bench-publish-owner-link-secret-0123456789";
  const server = await startNodeServer(
    {
      DATA_DIR: path.join(folder, "owner-data"),
      OWNER_LINK_SECRET: secret,
      CONTENT_CHECK_MS: "250",
      STATIC_DIR: path.join(buildDir, "client"),
    },
    folder,
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const token = await createLinkSigners(parseLinkSettings({}, secret)).site.sign(
    siteSubject,
    new Date(),
  );
  const form = `${server.url}/functions/v1/send-contact-email/site/contact?token=${encodeURIComponent(token)}`;
  const times: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    let before = "(484) 555-0142";
    for (let run = 0; run < runs; run += 1) {
      const phone = `(484) 555-01${60 + run}`;
      await page.goto(form);
      await page.getByLabel("Main phone").fill(phone);
      const started = performance.now();
      await page.getByRole("button", { name: "Publish" }).click();
      const deadline = started + timeoutMs;
      while ((await pagesNotShowing(server.url, phone, before)).length > 0) {
        if (performance.now() > deadline) throw new Error(`${phone} not on every page in time`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      times.push((performance.now() - started) / 1000);
      before = phone;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return times;
}

if (!process.argv.includes("--no-build")) await buildSite();
// How fast this shared machine was around the runs: every figure below scales with it.
const indexBefore = await hostBenchmarkIndex();
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

  // In the server's process (as the editor's preview is made) and, to compare, in a process of
  // its own (as a whole site is); the first in-process run includes loading the build.
  for (const where of ["the server's process", "a child process"] as const) {
    const previews: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const task = { document: changed(), buildDir, path: "/exton" };
      if (where === "a child process")
        await runIsolated({ kind: "preview", ...task }, { timeoutMs });
      else await renderPreview({ ...task, timeoutMs });
      previews.push((performance.now() - started) / 1000);
    }
    rows.push(row(`preview of /exton in ${where}`, previews));
  }

  rows.push(
    row(
      "owner's Publish to every page showing it (npm start, editor in Chromium)",
      await ownerPublishes(folder),
    ),
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const indexAfter = await hostBenchmarkIndex();
const table = markdownTable(["step", `median s (${runs} runs)`, "range s"], rows);
const head = provenance("bench:publish", [
  `Host CPU index (Lighthouse's benchmark) ${indexBefore} before the runs, ${indexAfter} after.`,
]);
console.log(`${head}\n\n${table}`);
await writeFigures("publish", `${head}\n\n${table}`);
