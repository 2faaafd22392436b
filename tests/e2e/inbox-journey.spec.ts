/**
 * The owner's inbox and where requests come from, as people live it, on a real embedded server of its own over the site built with SITE_COUNTS=on: a visitor
 * arrives from a Google ad on /exton, taps the phone link, goes to the quote form and sends it;
 * the owner then opens the inbox on a phone, sees the week's numbers count that visit, finds the
 * request by searching (with the keyboard alone), reads where it came from on its page, and
 * downloads the CSV, books the visit from its page and finds it in the inbox's week. Axe finds
 * nothing on the inbox (with and without visits) or the request's page.
 */
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { inboxSubject } from "../../functions/send-contact-email/inbox/inbox-routes.ts";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { businessTimeZone } from "../../shared/business-reach.ts";
import { addDays, calendarDay } from "../../shared/calendar-day.ts";
import { formatDate } from "../../shared/quote/preferred-windows.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { buildCountingSite } from "./helpers/counting-build.ts";
import { ownServer } from "./helpers/own-server.ts";
import { quoteForm } from "./helpers/quote-form.ts";

test.describe.configure({ mode: "serial" });

const ownerLinkSecret = "inbox-journey-owner-link-secret-0123456789";
// The phone taps, forms started and sources the inbox shows exist only with SITE_COUNTS=on.
const own = ownServer("inbox", {
  env: async () => ({
    ...(await buildCountingSite("inbox-journey")).env,
    OWNER_LINK_SECRET: ownerLinkSecret,
    RATE_LIMIT_MAX: "50",
  }),
});

const functionPath = "/functions/v1/send-contact-email";

async function inboxLink() {
  const links = createLinkSigners(parseLinkSettings({}, ownerLinkSecret));
  const token = await links.inbox.sign(inboxSubject, new Date());
  return `${own.url}${functionPath}/inbox?token=${encodeURIComponent(token)}`;
}

/** The figure the week's numbers show under that name. */
async function figure(page: import("@playwright/test").Page, name: string) {
  const value = page.locator(".figures div", { hasText: name }).locator("dd");
  return Number(await value.textContent());
}

test("a visit from an ad is counted, its request says where it came from, and the owner finds it in the inbox", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const project = test.info().project.name;
  const name = `Avery Inbox-${project}`;

  // The owner's numbers before the visit.
  const ownerPhone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
  });
  const owner = await ownerPhone.newPage();
  await owner.goto(await inboxLink());
  const tapsBefore = await figure(owner, "Phone taps");
  const startsBefore = await figure(owner, "Forms started");

  // The visitor: from a Google ad to /exton, a tap on the phone link, then the form.
  await page.goto(`${own.url}/exton?utm_source=google&utm_medium=cpc&utm_campaign=exton-fall`, {
    referer: "https://www.google.com/",
  });
  await waitForIsland(page, "beacon");
  // The tap counts; the test keeps the browser from leaving for a phone app.
  await page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"]'))
        event.preventDefault();
    }),
  );
  await page.getByRole("banner").getByRole("link", { name: /^Call/ }).click();
  await page.getByRole("banner").getByRole("link", { name: "Book Now" }).click();
  await page.waitForURL(/\/contact$/);
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const form = quoteForm(page);
  await form.name.fill(name);
  await form.email.fill("avery@example.org");
  await form.phone.fill("(484) 555-0188");
  await form.service.selectOption("carpet");
  await form.message.fill(`The stairs and two bedrooms. ${Date.now()}`);
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await form.send.click();
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();

  // The owner, on a phone: the week's numbers have the tap and the form started.
  await owner.reload();
  await expect.poll(() => figure(owner, "Phone taps")).toBe(tapsBefore + 1);
  await expect.poll(() => figure(owner, "Forms started")).toBe(startsBefore + 1);
  await expectNoAxeViolations(owner, "the inbox");

  // Finds the request with the keyboard alone: the search field, then Enter.
  const search = owner.getByRole("searchbox", { name: "Search" });
  await search.focus();
  await owner.keyboard.type("avery@example");
  await owner.keyboard.press("Enter");
  await expect(owner.getByRole("heading", { level: 2, name: "1 request found" })).toBeVisible();
  const row = owner.getByRole("link", { name: new RegExp(`^${name}`) });
  await expect(row).toBeVisible();
  await expect(owner.getByText("from Google ads")).toBeVisible();
  // Its target is large enough for a thumb.
  const box = await row.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  // So is its Call button, which dials the visitor.
  const call = owner.getByRole("link", { name: "Call (484) 555-0188" });
  await expect(call).toHaveAttribute("href", "tel:+14845550188");
  expect((await call.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  // The search finds it by where it came from too: the campaign's name.
  await search.fill("exton-fall");
  await search.press("Enter");
  await expect(
    owner.getByRole("heading", { level: 2, name: /^\d+ requests? found$/ }),
  ).toBeVisible();
  await expect(owner.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();

  // The filters fold away until used; Town: Exton finds nothing (no ZIP was given), then clears.
  await owner.locator("summary", { hasText: /^Filters/ }).click();
  await owner.getByLabel("Town").selectOption("Exton");
  await owner.getByRole("button", { name: "Show" }).click();
  await expect(owner.getByText("No request matches these filters.")).toBeVisible();
  await owner.getByRole("link", { name: "Clear filters" }).click();
  await search.fill("avery@example");
  await search.press("Enter");

  // The CSV of the selection.
  const download = owner.waitForEvent("download");
  await owner.getByRole("link", { name: /^Download this request as CSV/ }).click();
  const csv = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of csv) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  expect(text).toContain(`"${name}"`);
  expect(text).toContain('"Google ads","/exton","www.google.com","google","cpc","exton-fall"');

  // Its page says where the visit came from.
  await owner.getByRole("link", { name: new RegExp(`^${name}`) }).click();
  await expect(owner.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    owner.getByText('Came from a Google ad, campaign "exton-fall", landed on /exton'),
  ).toBeVisible();
  await expectNoAxeViolations(owner, "the request's page");

  // The owner books the visit for tomorrow at 9:00: the inbox's week lists it under that day.
  const tomorrow = addDays(calendarDay(new Date(), businessTimeZone), 1);
  await owner.getByLabel("Date").fill(tomorrow);
  await owner.getByLabel("Start").fill("09:00");
  // The other project's run booked the same time on this server's one crew.
  await owner.getByLabel("Book it even if every crew is busy then").check();
  await owner.getByRole("button", { name: "Book", exact: true }).click();
  await expect(owner.getByText(/^Booked\. The visitor is sent a confirmation/)).toBeVisible();
  await owner.goto(await inboxLink());
  // On a Sunday, tomorrow is next week's.
  const tomorrowIsMonday = new Date(`${tomorrow}T12:00:00Z`).getUTCDay() === 1;
  const week = owner.getByRole("region", {
    name: new RegExp(`^${tomorrowIsMonday ? "Next" : "This"} week's visits`),
  });
  const visit = week.getByRole("listitem").filter({ hasText: name });
  await expect(visit).toBeVisible();
  await expect(visit.locator("time")).toHaveText(/^9:00/);
  await expect(visit.getByText("Price on the call")).toBeVisible();
  // Under its day's heading, which comes right before its list.
  await expect(visit.locator("xpath=ancestor::ol[1]/preceding-sibling::h3[1]")).toHaveText(
    formatDate(tomorrow),
  );
  const visitCall = visit.getByRole("link", { name: "Call (484) 555-0188" });
  expect((await visitCall.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(
    (await visit.getByRole("link", { name }).boundingBox())?.height ?? 0,
  ).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(owner, "the inbox with its week of visits");
  await visit.getByRole("link", { name }).click();
  await expect(owner.getByRole("heading", { level: 1, name })).toBeVisible();
  await ownerPhone.close();
});
