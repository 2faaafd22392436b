/**
 * `node scripts/site-editor-shots.ts`: the owner's site editor at 390 px, into docs/owner/ (linked
 * from docs/owner.md): the inbox's way in, its home after two publishes, the reviews' form, the Phone & e-mail form refusing a phone
 * without ten digits, the home after a publish saying it is live, the Pages list and the Exton
 * page's form refusing an empty line under its heading. The contact function runs in
 * this process on an in-memory store, and the browser's requests are answered by it directly (no
 * server, no build). Its host shows each version as soon as it is asked, as `npm start` does once
 * its pages are made again.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { parseContactConfig } from "../functions/send-contact-email/base/config.ts";
import { silentLogger } from "../functions/send-contact-email/base/log.ts";
import type { SiteStatus } from "../functions/send-contact-email/base/site-publishing.ts";
import { createContactFunction } from "../functions/send-contact-email/contact-function.ts";
import {
  openSqliteStore,
  type SqliteStore,
} from "../functions/send-contact-email/database/sqlite-store.ts";
import { inboxSubjects } from "../functions/send-contact-email/inbox/inbox-routes.ts";
import { createLinkSigners } from "../functions/send-contact-email/links/links-settings.ts";
import { parseOwnerConfig } from "../functions/send-contact-email/owner/owner-config.ts";
import { siteSubject } from "../functions/send-contact-email/site-editor/site-editor-routes.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { savePalettePng } from "./quote-form-shots.ts";

const origin = "https://owner.example";
const functionUrl = `${origin}/functions/v1/send-contact-email`;
const out = join(import.meta.dirname, "..", "docs", "owner");
const secret = "site-editor-shots-owner-link-secret-0123456789";

const owner = parseOwnerConfig(
  { OWNER_LINK_SECRET: secret, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
  { production: true, defaultFunctionUrl: functionUrl },
);
let store: SqliteStore | null = null;
const status: SiteStatus = { serving: null, building: null, failed: null };
const fn = createContactFunction({
  config: parseContactConfig({}),
  owner,
  openStore: async () => {
    store = openSqliteStore(":memory:", { groupCommit: false });
    return { store };
  },
  mailer: { send: async () => "shots", close: async () => {} },
  log: silentLogger,
  publishing: {
    async checkNow() {
      status.serving = (await store?.liveContent())?.version ?? null;
    },
    status: () => ({ ...status }),
  },
});
await fn.start();
const links = createLinkSigners(owner.links);
const token = await links.site.sign(siteSubject, new Date());
const home = `${functionUrl}/site?token=${encodeURIComponent(token)}`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: false,
});
// Every request the pages make is the function's to answer.
await context.route("**/*", async (route) => {
  const request = route.request();
  const body = request.postDataBuffer();
  const response = await fn.fetch(
    new Request(request.url(), {
      method: request.method(),
      headers: await request.allHeaders(),
      body: body && request.method() !== "GET" ? new Uint8Array(body) : undefined,
    }),
    { peer: "127.0.0.1" },
  );
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
});
const page = await context.newPage();
mkdirSync(out, { recursive: true });
const shot = async (name: string, target: Page, fullPage = false) =>
  savePalettePng(await target.screenshot({ fullPage }), join(out, `${name}-390.png`));

// The inbox that acts, with its way to the editor.
await page.goto(
  `${functionUrl}/inbox?token=${encodeURIComponent(await links.inbox.sign(inboxSubjects.act, new Date()))}`,
);
await shot("inbox-edit-site", page);
await page.getByRole("link", { name: "Edit the site" }).click();

// Two publishes: a new review, then the hours of Saturday.
await page.getByRole("link", { name: "Reviews" }).click();
await page.getByLabel("Reviewer's name").last().fill("Sam R.");
await page.getByLabel("Where they are").last().fill("Berwyn, PA");
await page.getByLabel("Service", { exact: true }).last().fill("Carpet Cleaning");
await page.getByLabel("Review", { exact: true }).last().fill("On time, careful with the stairs.");
await page.getByRole("button", { name: "Publish" }).click();
await page.getByRole("link", { name: "Reviews" }).click();
await page.getByRole("group", { name: "Review 6" }).scrollIntoViewIfNeeded();
await shot("site-reviews", page);
await page.goto(home);
await page.getByRole("link", { name: "Hours" }).click();
await page.getByLabel("Saturday: closes at").selectOption("14:00");
await page.getByRole("button", { name: "Publish" }).click();
await page.goto(home);
await shot("site-editor", page, true);

// The Phone & e-mail form, a phone without ten digits.
await page.getByRole("link", { name: "Phone & e-mail" }).click();
await page.getByLabel("Main phone").fill("555-0142");
await page.getByRole("button", { name: "Publish" }).click();
await shot("site-contact-error", page);

// Then the right one: the result on the home.
await page.getByLabel("Main phone").fill("(484) 555-0199");
await page.getByRole("button", { name: "Publish" }).click();
await page.waitForURL(/done=live/);
await page.getByRole("heading", { name: "Your site" }).waitFor();
await shot("site-published", page);

// The Pages group: the list of pages, then the Exton page refusing an empty line under the heading.
await page.getByRole("link", { name: "Pages", exact: true }).click();
await shot("site-pages", page);
await page.getByRole("link", { name: "Exton page" }).click();
await page.getByLabel("Line under the heading").fill("");
await page.getByRole("button", { name: "Publish" }).click();
await shot("site-page-exton-error", page);

await browser.close();
await fn.stop();
console.log(`saved 7 screenshots to ${out}`);
