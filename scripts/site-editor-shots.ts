/**
 * `node scripts/site-editor-shots.ts`: the owner's site editor at 390 px, into docs/owner/ (linked
 * from docs/owner.md): the inbox's way in, its home after two publishes, the reviews' form, the
 * Phone & e-mail form refusing a phone without ten digits, the home after a publish saying the
 * site shows it, the page asking before an undo, the Hours form refused because another phone
 * changed the hours since it was opened, the Pages list and the Exton page's form refusing an
 * empty line under its heading, the Hours and Prices forms with their Publish bar, the Pictures
 * page folded, a photo before it is published (alone: no pages are made here) and the page after
 * its publish. The contact function runs in
 * this process on an in-memory store, and the browser's requests are answered by it directly (no
 * server, no build). Its host shows each version as soon as it is asked, as `npm start` does once
 * its pages are made again.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  createLinkSigners,
  inboxSubjects,
  siteSubject,
} from "../functions/send-contact-email/index.ts";
import { processPicture } from "../server/pictures/process-picture.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { functionUrl, phoneServedBy, startOwnerFunction } from "./owner-pages-harness.ts";
import { savePalettePng } from "./quote-form-shots.ts";

const out = join(import.meta.dirname, "..", "docs", "owner");
const { fn, owner } = await startOwnerFunction({
  secret: "site-editor-shots-owner-link-secret-0123456789",
  processPicture,
});
const links = createLinkSigners(owner.links);
const token = await links.site.sign(siteSubject, new Date());
const home = `${functionUrl}/site?token=${encodeURIComponent(token)}`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
/** A phone with JavaScript off, whose every request the function answers. */
const phone = () => phoneServedBy(browser, fn);
const context = await phone();
const page = await context.newPage();
mkdirSync(out, { recursive: true });
let shots = 0;
const shot = async (name: string, target: Page, fullPage = false) => {
  shots += 1;
  await savePalettePng(await target.screenshot({ fullPage }), join(out, `${name}-390.png`));
};

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
await page.getByLabel("Service they had", { exact: true }).last().fill("Carpet Cleaning");
await page
  .getByLabel("What they said", { exact: true })
  .last()
  .fill("On time, careful with the stairs.");
await page.getByRole("button", { name: "Publish" }).click();
await page.waitForURL(/done=/);
await page.getByRole("link", { name: "Reviews" }).click();
await page.getByRole("group", { name: "Review 6" }).scrollIntoViewIfNeeded();
await shot("site-reviews", page);
await page.goto(home);
await page.getByRole("link", { name: "Hours" }).click();
await page.getByLabel("Saturday: same hours as Monday").uncheck();
await page.getByLabel("Saturday: closes at").selectOption("14:00");
await page.getByRole("button", { name: "Publish" }).click();
await page.waitForURL(/done=/);
await page.goto(home);
await shot("site-editor", page, true);

// Undo the review: the page that asks first, saying what will change.
await page.getByRole("link", { name: "Undo this change" }).last().click();
await page.getByRole("heading", { name: "Undo this change?" }).waitFor();
await shot("site-undo", page, true);
await page.goto(home);

// Two phones open the Hours at once: the second one's Publish is refused with what changed.
const second = await phone();
const other = await second.newPage();
await page.getByRole("link", { name: "Hours" }).click();
await other.goto(home);
await other.getByRole("link", { name: "Hours" }).click();
await page.getByLabel("Saturday: closes at").selectOption("17:00");
await page.getByRole("button", { name: "Publish" }).click();
await page.waitForURL(/done=/);
await other.getByLabel("Monday: opens at").selectOption("09:00");
await other.getByRole("button", { name: "Publish" }).click();
await other.getByRole("alert").first().waitFor();
await shot("site-conflict", other);
await second.close();
await page.goto(home);

// The Phone & e-mail form, a phone without ten digits.
await page.getByRole("link", { name: "Phone & e-mail" }).click();
await page.getByLabel("Main phone").fill("555-0142");
await page.getByRole("button", { name: "Publish" }).click();
await shot("site-contact-error", page);

// Then the right one: the result on the home.
await page.getByLabel("Main phone").fill("(484) 555-0199");
await page.getByRole("button", { name: "Publish" }).click();
await page.waitForURL(/done=live/);
await page.getByRole("heading", { name: "Your site", exact: true }).waitFor();
await shot("site-published", page);
await page.goto(home);

// The Pages group: the list of pages, then the Exton page refusing an empty line under the heading.
await page.getByRole("link", { name: "Pages", exact: true }).click();
await shot("site-pages", page);
await page.getByRole("link", { name: "Exton page" }).click();
await page.getByLabel("Line under the heading").fill("");
await page.getByRole("button", { name: "Publish" }).click();
await shot("site-page-exton-error", page);

// A long form on a phone: Hours with "Same hours as Monday", Publish in the bar at the bottom.
await page.goto(home);
await page.getByRole("link", { name: "Hours" }).click();
await shot("site-hours", page);
// Prices, partway down: $ before the prices, % after the shares, the bar still there.
await page.goto(home);
await page.getByRole("link", { name: "Prices" }).click();
await page.getByRole("group", { name: "Homes" }).scrollIntoViewIfNeeded();
await page.evaluate(() => window.scrollBy(0, 200));
await shot("site-prices", page);

// Pictures: the places first, each form folded; one opened, a photo chosen and refused words.
await page.goto(home);
await page.getByRole("link", { name: "Pictures" }).click();
await shot("site-pictures", page);
const founder = page.getByRole("region", { name: "About page, the founder" });
await founder.getByText("Put a photo here").click();
await founder.getByLabel("Photo", { exact: true }).setInputFiles({
  name: "IMG_0042.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: "#0e7490" } })
    .jpeg()
    .toBuffer(),
});
await founder.getByLabel("What the picture shows").fill("Dana, our founder, in the office");
await founder.getByRole("button", { name: "Upload and preview" }).click();
// No pages made on request here: the photo alone, with the same two buttons.
await page.getByRole("button", { name: "Publish this photo" }).waitFor();
await shot("site-photo-alone", page);
await page.getByRole("button", { name: "Publish this photo" }).click();
await page.getByRole("region", { name: "About page, the founder" }).scrollIntoViewIfNeeded();
await shot("site-photo-published", page);
// A file that is not a photo, and no words: both refused beside their fields, that slot open.
const residential = page.getByRole("region", { name: "Residential Cleaning page, top" });
await residential.getByText("Put a photo here").click();
await residential.getByLabel("Photo", { exact: true }).setInputFiles({
  name: "kitchen.jpg",
  mimeType: "image/jpeg",
  buffer: Buffer.from("not a photo at all"),
});
await residential.getByRole("button", { name: "Upload and preview" }).click();
await page
  .getByRole("region", { name: "Residential Cleaning page, top" })
  .getByRole("heading")
  .scrollIntoViewIfNeeded();
await shot("site-pictures-refused", page);

await browser.close();
await fn.stop();
console.log(`saved ${shots} screenshots to ${out}`);
