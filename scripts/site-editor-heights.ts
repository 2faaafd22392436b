/**
 * `node scripts/site-editor-heights.ts`: how tall each of the editor's forms is on a phone (390 px
 * wide, no script), in CSS pixels, as a Markdown table (docs/owner.md keeps the figures). The
 * contact function runs in this process on an in-memory store, as in site-editor-shots.ts.
 * `--shots FOLDER` also saves each whole form there as a PNG, to look at.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import {
  createContactFunction,
  createLinkSigners,
  parseContactConfig,
  parseOwnerConfig,
  silentLogger,
  siteSubject,
} from "../functions/send-contact-email/index.ts";
import { openSqliteStore } from "../functions/send-contact-email/node.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";

const functionUrl = "https://owner.example/functions/v1/send-contact-email";
const owner = parseOwnerConfig(
  {
    OWNER_LINK_SECRET: "site-editor-heights-owner-link-secret-0123456789",
    DIGEST_TIME: "off",
    FUNCTION_URL: functionUrl,
  },
  { production: true, defaultFunctionUrl: functionUrl },
);
const fn = createContactFunction({
  config: parseContactConfig({}),
  owner,
  openStore: async () => ({ store: openSqliteStore(":memory:", { groupCommit: false }) }),
  mailer: { send: async () => "heights", close: async () => {} },
  log: silentLogger,
  publishing: {
    checkNow: async () => {},
    status: () => ({ serving: null, building: null, failed: null }),
  },
  processPicture: async () => {
    throw new Error("not needed to measure");
  },
});
await fn.start();
const token = await createLinkSigners(owner.links).site.sign(siteSubject, new Date());

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: false,
});
await context.route("**/*", async (route) => {
  const response = await fn.fetch(new Request(route.request().url()), { peer: "127.0.0.1" });
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
});
const page = await context.newPage();
const at = process.argv.indexOf("--shots");
const shots = at >= 0 ? process.argv[at + 1] : undefined;
const forms = [
  ["Business", "business"],
  ["Phone & e-mail", "contact"],
  ["Hours", "hours"],
  ["Welcome offer", "offer"],
  ["Prices", "prices"],
  ["Service area", "area"],
  ["Online booking", "booking"],
  ["Reviews", "reviews"],
  ["Pictures", "pictures"],
  ["Pages (list)", "pages"],
  ["Exton page", "pages/exton"],
  ["Residential Cleaning page", "pages/residential-cleaning"],
  ["Services page cards", "pages/services"],
] as const;
const rows = ["| Form | Height at 390 px |", "| --- | ---: |"];
for (const [name, slug] of forms) {
  await page.goto(`${functionUrl}/site/${slug}?token=${encodeURIComponent(token)}`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (shots) {
    // In pieces a screen tall and a half: one picture of a 6,000 px page is too small to read.
    mkdirSync(shots, { recursive: true });
    for (let top = 0, part = 1; top < height; top += 1600, part += 1)
      await page.screenshot({
        path: join(shots, `${slug.replace("/", "-")}-390-${part}.png`),
        fullPage: true,
        clip: { x: 0, y: top, width: 390, height: Math.min(1600, height - top) },
      });
  }
  rows.push(`| ${name} | ${height.toLocaleString("en-US")} px |`);
}
await browser.close();
await fn.stop();
console.log(rows.join("\n"));
