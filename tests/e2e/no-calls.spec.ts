/**
 * The product's promises with the site as shipped (SITE_COUNTS unset): no page makes a network
 * call but the quote form's send (spec, "The calls it makes"), and the browser keeps nothing but
 * the popup's `hasVisitedBefore` (spec, "What the product does"). A first-time visitor walks the
 * home page, a town page and /contact, meets the popup, claims the offer, taps the phone, and
 * sends a request; every request the pages make is recorded.
 */
import type { Page, Request } from "@playwright/test";
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { deploymentDefaults } from "../../shared/deployment-defaults.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { quoteForm, uniqueMessage } from "./helpers/quote-form.ts";

test.use({ firstVisit: true });

const { welcomeOffer } = repositoryFacts().offers;

/**
 * What a page loads to show itself: a GET of one of the site's own files (pages, scripts, styles,
 * images, the popup's content), never the function.
 */
function isAsset(request: Request, origin: string): boolean {
  const url = new URL(request.url());
  return (
    request.method() === "GET" && url.origin === origin && !url.pathname.startsWith("/functions/")
  );
}

/**
 * Resolves once the requests the page has made so far are all seen: the browser reports a page's
 * requests in the order it makes them, so once a marker fetched now is seen, so is every one
 * made before it (a GET of the site's own file, which the test does not count as a call).
 */
async function requestsSoFarSeen(page: Page) {
  const marker = `/robots.txt?marker=${Date.now()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then((response) => response.text()), marker);
  await seen;
}

test("a whole visit calls nothing but the send and keeps only hasVisitedBefore", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL as string).origin;
  // The page's clock is the test's to move (it runs as usual until then).
  await page.clock.install();
  const calls: string[] = [];
  page.context().on("request", (request) => {
    if (!isAsset(request, origin))
      calls.push(`${request.method()} ${request.resourceType()} ${request.url()}`);
  });

  // The home page, long enough for everything due at load, and the popup.
  await page.goto("/");
  await waitForIslands(page);
  const popup = page.getByRole("dialog", { name: /20% Off Your First Cleaning/ });
  await expect(popup).toBeVisible();
  await popup.getByRole("link", { name: "Claim My Discount" }).click();
  await expect(page).toHaveURL(/\/contact\?offer=welcome-20#quote$/);
  await waitForIsland(page, "contact-form");
  await expect(page.getByText(welcomeOffer.appliedText)).toBeVisible();

  // A town page, and a tap on its phone link (kept from leaving for a phone app).
  await page.goto("/exton");
  await waitForIslands(page);
  await page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"]'))
        event.preventDefault();
    }),
  );
  await page.getByRole("banner").getByRole("link", { name: /^Call/ }).click();

  // Back to the form through the browser's history: the offer is in the address.
  await page.goBack();
  await expect(page).toHaveURL(/\/contact\?offer=welcome-20#quote$/);
  await waitForIsland(page, "contact-form");
  await expect(page.getByText(welcomeOffer.appliedText)).toBeVisible();
  const form = quoteForm(page);
  await form.name.fill("Casey Walker");
  await form.email.fill("casey@example.org");
  await form.phone.fill("6105550199");
  await form.service.selectOption("Residential Cleaning");
  await form.message.fill(uniqueMessage("No calls but the send", test.info().project.name));
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await form.send.click();
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
  // Anything a page would send after the answer has its chance: every timer due within the next
  // ten minutes runs now, a beacon on unload goes as the next page loads.
  await page.clock.runFor(10 * 60_000);
  await page.goto("/");
  await waitForIslands(page);
  await page.clock.runFor(10 * 60_000);
  await requestsSoFarSeen(page);

  expect(calls).toEqual([`POST fetch ${origin}${deploymentDefaults.functionPath}`]);
  const stored = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
  }));
  expect(stored).toEqual({ local: [["hasVisitedBefore", "true"]], session: [] });
});
