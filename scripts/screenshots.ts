/**
 * `npm run screenshots`: a full-page PNG of every route and of the 404 page, at 390 px (phone)
 * and 1280 px (desktop), in screenshots/ (git-ignored), so anyone can look at the whole site in a
 * minute. Starts the real server (`node server/start.ts`) on a free port, or uses a running one:
 *
 *   npm run screenshots                                   # start the server, shoot, stop it
 *   npm run screenshots -- --base http://127.0.0.1:3000   # shoot a server that is already up
 *   npm run screenshots -- --out /tmp/shots               # another folder
 *   npm run screenshots -- --quote-states                 # the quote form's states, into
 *                                                         # docs/images/ (quote-form-shots.ts)
 *   npm run screenshots -- --inbox                        # the owner's inbox after a week of
 *                                                         # requests, into docs/images/
 *                                                         # (inbox-shots.ts; starts its own server)
 *
 * The routes come from the site's own sitemap.xml, which is generated from the route list.
 * The browser is Debian's Chromium (CHROMIUM_PATH overrides), driven like the e2e suite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { chromium } from "@playwright/test";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { shootInbox, shotsLinkSecret } from "./inbox-shots.ts";
import { shootQuoteStates } from "./quote-form-shots.ts";

const projectRoot = resolve(import.meta.dirname, "..");

/** Same browser and flags as playwright.config.ts. */
const launchOptions = { executablePath: chromiumPath, args: chromiumFlags };

const widths = [
  { width: 390, height: 844, mobile: true },
  { width: 1280, height: 800, mobile: false },
] as const;

/** A path no route matches: the server answers it with the 404 page. */
const notFoundPath = "/this-page-does-not-exist";

const { values: options } = parseArgs({
  options: {
    base: { type: "string" },
    out: { type: "string" },
    "quote-states": { type: "boolean", default: false },
    inbox: { type: "boolean", default: false },
  },
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitUntilUp(base: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server stopped (exit ${server.exitCode}):\n${log()}`);
    }
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not answer within 3 minutes:\n${log()}`);
}

/** Starts `node server/start.ts` on a free port with a throwaway data folder. */
async function startServer(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "keystone-screenshots-"));
  let output = "";
  const server = spawn(process.execPath, ["server/start.ts"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(base, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Every page of the sitemap, as paths on `base`, then the 404 page. */
async function routePaths(base: string): Promise<string[]> {
  const response = await fetch(`${base}/sitemap.xml`);
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  if (paths.length === 0) throw new Error("sitemap.xml lists no pages");
  return [...paths, notFoundPath];
}

function fileName(path: string, width: number): string {
  const name =
    path === "/" ? "home" : path === notFoundPath ? "404" : path.slice(1).replace(/\//g, "_");
  return `${name}-${width}.png`;
}

/** Scrolls to the bottom and back so lazy images load, then waits for every image. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
    const loading = [...document.images].filter((image) => !image.complete);
    const loaded = loading.map(
      (image) =>
        new Promise((done) => {
          image.addEventListener("load", done, { once: true });
          image.addEventListener("error", done, { once: true });
        }),
    );
    // An image that never settles must not hold the whole run.
    await Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 5000))]);
  });
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
}

/**
 * A picture of the whole page. Sections below the fold use `content-visibility: auto` (app.css),
 * which Chromium's own full-page capture leaves unpainted; so the viewport grows to the page's
 * height until that height stops changing (each section takes its real size once it renders),
 * and then goes back.
 */
async function wholePageShot(
  page: Page,
  file: string,
  viewport: { width: number; height: number },
) {
  let height = viewport.height;
  for (let round = 0; round < 5; round += 1) {
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    if (pageHeight === height) break;
    height = pageHeight;
    await page.setViewportSize({ width: viewport.width, height });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
  await page.screenshot({ path: file, animations: "disabled" });
  await page.setViewportSize(viewport);
}

async function shoot(browser: Browser, base: string, paths: string[], out: string) {
  const saved: string[] = [];
  for (const { width, height, mobile } of widths) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width, height },
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
      // Counters show their final figures and nothing is caught mid-animation.
      reducedMotion: "reduce",
    });
    // A returning visitor: the welcome popup would cover the page.
    await context.addInitScript(() => window.localStorage.setItem("hasVisitedBefore", "true"));
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(path, { waitUntil: "load" });
      await settle(page);
      const file = join(out, fileName(path, width));
      await wholePageShot(page, file, { width, height });
      saved.push(file);
    }
    await context.close();
  }
  return saved;
}

async function main() {
  const quoteStates = options["quote-states"];
  const inbox = options.inbox;
  const out = resolve(
    options.out ?? join(projectRoot, quoteStates || inbox ? "docs/images" : "screenshots"),
  );
  await mkdir(out, { recursive: true });
  const server =
    options.base && !inbox
      ? { base: options.base.replace(/\/+$/, ""), stop: async () => {} }
      : // The quote states and the inbox's week send many requests from one address: past the
        // rate limit otherwise. The inbox's link is signed with the server's own secret; its
        // public address is the site's, so that the calendar's address in the picture is one the
        // owner would see, not this machine's.
        await startServer(
          quoteStates || inbox
            ? {
                RATE_LIMIT_DISABLED: "true",
                ...(inbox
                  ? {
                      OWNER_LINK_SECRET: shotsLinkSecret,
                      INBOX_LINK_SECRET: "",
                      FUNCTION_URL: `${deploymentDefaults.siteUrl}${deploymentDefaults.functionPath}`,
                    }
                  : {}),
              }
            : {},
        );
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(launchOptions);
    if (inbox) {
      const saved = await shootInbox(browser, server.base, widths, out);
      console.log(`${saved.length} screenshots of the owner's inbox in:\n${out}`);
      return;
    }
    if (quoteStates) {
      const saved = await shootQuoteStates(browser, server.base, widths, out);
      console.log(`${saved.length} screenshots of the quote form's states in:\n${out}`);
      return;
    }
    const paths = await routePaths(server.base);
    const saved = await shoot(browser, server.base, paths, out);
    console.log(
      `${saved.length} screenshots (${paths.length} pages at ${widths.map((w) => `${w.width}px`).join(" and ")}) in:`,
    );
    console.log(out);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
