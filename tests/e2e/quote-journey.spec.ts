/**
 * The quote details from the visitor's side, against the real embedded server: a first-time
 * visitor claims the welcome offer, checks a ZIP on the home page, comes back to the form through
 * "Get an instant estimate" (without the offer), goes Back to the form that has it, estimates, picks two windows and sends; the stored
 * request, read back with `npm run leads --json`, carries what the function computed.
 */
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { estimate, formatRange } from "../../shared/quote/estimate.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { ownServer } from "./helpers/own-server.ts";

// Long journeys through many states: three times the usual time limit.
test.beforeEach(() => test.slow());

test.describe.configure({ mode: "serial" });
test.use({ firstVisit: true });

const own = ownServer("quote", { env: () => ({ RATE_LIMIT_MAX: "50" }) });
const {
  priceList,
  offers: { welcomeOffer },
} = repositoryFacts();

type Lead = {
  message: string;
  status: string;
  zip?: string;
  inServiceArea?: boolean;
  town?: string | null;
  service?: string;
  estimate?: {
    low: number;
    high: number;
    recurring?: { low: number; high: number };
    currency: string;
    priceList: string;
    inputs: unknown;
  };
  offer?: { id: string; percentOff: number };
  preferredWindows?: { date: string; window: string }[];
};

test("estimate, ZIP, the offer kept and two windows travel with the request", async ({ page }) => {
  const message = `Estimate journey ${test.info().project.name} ${Date.now()}`;

  // First visit: the popup offers 20% off; claiming it goes to the form with the offer applied.
  await page.goto(`${own.url}/`);
  const popup = page.getByRole("dialog", { name: /20% Off Your First Cleaning/ });
  await popup.getByRole("link", { name: "Claim My Discount" }).click();
  await expect(page).toHaveURL(/\/contact\?offer=welcome-20#quote$/);
  await waitForIsland(page, "contact-form");
  await expect(page.getByText(welcomeOffer.appliedText)).toBeVisible();

  // A detour to the home page's "Do we serve you?" box.
  await page.goto(`${own.url}/`);
  await waitForIslands(page);
  const areas = page.locator("#areas");
  await areas.scrollIntoViewIfNeeded();
  const zipBox = areas.getByRole("textbox", { name: "Do we serve you? Enter your ZIP code" });
  await zipBox.fill("19341");
  await expect(areas.getByText("Yes, we clean in Exton!")).toBeVisible();
  await expect(areas.getByRole("link", { name: "About our Exton crew" })).toHaveAttribute(
    "href",
    "/exton",
  );

  // Back through the call to action: the estimator opens, without the offer: only the address
  // carries it, never the browser's storage (product.md, Purpose).
  await page
    .locator("section[aria-labelledby='get-started-heading']")
    .getByRole("link", { name: "Get an instant estimate" })
    .click();
  await expect(page).toHaveURL(/\/contact#estimate$/);
  await waitForIsland(page, "contact-form");
  const form = page.locator("form[aria-labelledby='quote-form-heading']");
  await expect(form.getByRole("button", { name: "Get an instant estimate" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(form.getByText(welcomeOffer.appliedText)).toHaveCount(0);

  // Back, back: the form the offer was claimed on, in its address, still applied.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/contact\?offer=welcome-20#quote$/);
  await waitForIsland(page, "contact-form");
  await expect(form.getByText(welcomeOffer.appliedText)).toBeVisible();
  const disclosure = form.getByRole("button", { name: "Get an instant estimate" });
  if ((await disclosure.getAttribute("aria-expanded")) !== "true") await disclosure.click();

  await form.getByRole("radio", { name: "A home" }).check();
  await form.getByRole("spinbutton", { name: "Bedrooms" }).fill("2");
  await form.getByRole("combobox", { name: "Bathrooms" }).selectOption("1.5");
  await form.getByRole("spinbutton", { name: "Approximate square feet" }).fill("1400");
  await form.getByRole("combobox", { name: "How often" }).selectOption("bi-weekly");
  await form.getByRole("radio", { name: "Needs extra attention" }).check();
  await form.getByRole("checkbox", { name: /Inside the oven/ }).check();
  const inputs = {
    kind: "home",
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 1400,
    condition: "extra",
    frequency: "bi-weekly",
    addOns: ["inside-oven"],
  } as const;
  // Bi-weekly with the offer: the first visit discounted, each later visit at its own price.
  const expected = estimate(inputs, welcomeOffer, priceList);
  const later = estimate(inputs, null, priceList);
  await expect(
    form.getByText(
      `First visit ${formatRange(expected)} with the 20% welcome offer, then ${formatRange(later)} every two weeks`,
    ),
  ).toBeVisible();
  await expect(form.getByText("Welcome offer (20% off the first visit)")).toBeVisible();
  await expect(form.getByText(/confirm the final price after a free walk-through/)).toBeVisible();

  await form.getByRole("textbox", { name: /ZIP code/ }).fill("19380");
  await expect(form.getByText("Yes, we clean in West Chester!")).toBeVisible();

  const day = form.getByRole("combobox", { name: "Day", exact: true });
  const time = form.getByRole("combobox", { name: "Time of day" });
  const dates = await day
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await day.selectOption(dates[1] as string);
  await time.selectOption("afternoon");
  await form.getByRole("button", { name: "Add time" }).click();
  await day.selectOption(dates[3] as string);
  await time.selectOption("morning");
  await form.getByRole("button", { name: "Add time" }).click();
  await expect(
    form.getByRole("button", { name: /^Remove (Mon|Tue|Wed|Thu|Fri|Sat) / }),
  ).toHaveCount(2);

  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Robin Example");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("robin@example.org");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(610) 555-0188");
  // A homeowner finds house cleaning among the services (no more "Other: Home cleaning").
  await form.getByRole("combobox", { name: "Service Needed" }).selectOption("Residential Cleaning");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();

  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({
    status: "new",
    service: "residential",
    zip: "19380",
    inServiceArea: true,
    town: "West Chester",
    offer: { id: "welcome-20", percentOff: 20 },
    estimate: {
      low: expected.low,
      high: expected.high,
      recurring: { low: later.low, high: later.high },
      currency: "USD",
      priceList: expected.priceList,
      inputs,
    },
    preferredWindows: [
      { date: dates[1], window: "afternoon" },
      { date: dates[3], window: "morning" },
    ],
  });

  // Sent, the offer is used: the form no longer shows it.
  await expect(form.getByText(welcomeOffer.appliedText)).toHaveCount(0);
});

test("an out-of-area ZIP is answered honestly, sent and stored as outside the area", async ({
  page,
}) => {
  const message = `Out of area ${test.info().project.name} ${Date.now()}`;
  await page.addInitScript(() => window.localStorage.setItem("hasVisitedBefore", "true"));
  await page.goto(`${own.url}/contact`);
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const form = page.locator("form[aria-labelledby='quote-form-heading']");
  await form.getByRole("textbox", { name: /ZIP code/ }).fill("90210");
  await expect(form.getByText(/90210 is outside our service area today/)).toBeVisible();
  await expect(form.getByText(/You can still send a request/)).toBeVisible();
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Sam Far");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("sam@example.org");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(310) 555-0100");
  await form.getByRole("combobox", { name: "Service Needed" }).selectOption("office");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();

  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({ status: "new", zip: "90210", inServiceArea: false, town: null });
  expect(lead).not.toHaveProperty("estimate");
  expect(lead).not.toHaveProperty("offer");
});
