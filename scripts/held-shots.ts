/**
 * `node scripts/held-shots.ts`: "Held until I confirm it" (docs/owner.md, Online booking) at 390 px
 * without script: the customer's page right after picking a time, into docs/booking/held-390.png,
 * and the owner's request page asking to confirm it (Confirm this time, Turn it down), into
 * docs/owner/request-held-390.png. The setting is published into the store as the site editor
 * publishes it, the request sent as the quote form sends it, the time picked with a tap on the
 * customer's own page; the function runs in this process on an in-memory store
 * (owner-pages-harness.ts: no server, no build). Days are the ones the page offers today.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { createLinkSigners } from "../functions/send-contact-email/index.ts";
import { repositoryContent } from "../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../shared/content/site-content.ts";
import { homeInputs } from "../tests/support/booking-function.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { functionUrl, phoneServedBy, startOwnerFunction } from "./owner-pages-harness.ts";
import { savePalettePng } from "./quote-form-shots.ts";

const docs = join(import.meta.dirname, "..", "docs");
const key = "held-shots-key";

const { fn, owner } = await startOwnerFunction({
  secret: "held-shots-owner-link-secret-0123456789abcd",
  env: { CONTACT_PUBLIC_KEY: key, RATE_LIMIT_DISABLED: "true" },
  followsPublishes: true,
});
const links = createLinkSigners(owner.links);

// Online booking: "When a customer picks a time: Held until I confirm it".
const settings = structuredClone(repositoryContent) as SiteContent;
settings.booking.confirmation = "held";
const checked = checkSiteContent(settings);
if (!checked.ok)
  throw new Error(`the held setting was refused: ${JSON.stringify(checked.problems)}`);
if (!fn.store) throw new Error("the function's store is not open");
await fn.store.publishContent({ document: checked.content, changes: [] });
await fn.publishing.checkNow();

const response = await fn.fetch(
  new Request(functionUrl, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "(484) 555-0199",
      service: "residential",
      otherService: "",
      message: "Please call in the afternoon.",
      zip: "19341",
      estimate: homeInputs(),
      elapsedMs: 60_000,
    }),
  }),
  { peer: "127.0.0.1" },
);
if (!response.ok) throw new Error(`the request was refused: ${await response.text()}`);
const { id } = (await response.json()) as { id: string };

/** The page from its top (or `from`) to the bottom of `to`, as a palette PNG. */
async function shoot(page: Page, file: string, to: string, from?: string) {
  const box = await page.evaluate(
    ([top, bottom]) => {
      const of = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) throw new Error(`nothing on the page matches ${selector}`);
        return element.getBoundingClientRect();
      };
      return {
        top: top ? of(top).top + window.scrollY - 8 : 0,
        bottom: of(bottom).bottom + window.scrollY + 12,
      };
    },
    [from, to] as const,
  );
  await savePalettePng(
    await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: box.top, width: 390, height: box.bottom - box.top },
    }),
    file,
  );
  console.log(`saved ${file}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await phoneServedBy(browser, fn);
const page = await context.newPage();
await page.goto(
  `${functionUrl}/request/${id}?token=${encodeURIComponent(await links.visitor.sign(id, new Date()))}`,
);
// The first time of the page's second day: a visit after the time the page promises to confirm by.
const days = page.locator("fieldset").filter({ has: page.locator('button[name="start"]') });
await days.nth(1).locator('button[name="start"]').first().click();
await page.getByText("Held for you: ").waitFor();
mkdirSync(join(docs, "booking"), { recursive: true });
// From the top to what the customer asked for.
await shoot(page, join(docs, "booking", "held-390.png"), "main > dl");

await page.goto(
  `${functionUrl}/lead/${id}?token=${encodeURIComponent(await links.owner.sign(id, new Date()))}`,
);
await page.getByText("Held for you to confirm: ").waitFor();
// From the Visit heading to Turn it down.
await shoot(
  page,
  join(docs, "owner", "request-held-390.png"),
  "form:has(> fieldset > legend + label input[name=confirm])",
  "h2#visit",
);
await browser.close();
await fn.stop();
