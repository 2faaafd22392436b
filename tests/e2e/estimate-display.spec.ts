/**
 * The instant estimate as a person reads it, at 390 and 1280 px: a recurring plan shows the first
 * visit (with the welcome offer) and each later visit apart, in words for its rhythm; one-time
 * shows one price; and no amount ever breaks over two lines ("$205–" above "$270", "−" above
 * "$37"), measured from the boxes the browser drew. The preferred days skip closed days.
 */
import type { Locator, Page } from "@playwright/test";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { estimate, formatRange, type HomeInputs } from "../../shared/quote/estimate.ts";
import { expect, test, waitForIsland, waitForIslands } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";

const widths = [390, 1280] as const;
const {
  priceList,
  offers: { welcomeOffer },
  closedDays,
} = repositoryFacts();

async function openEstimator(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await page.goto("/contact?offer=welcome-20#estimate");
  await waitForIslands(page);
  await waitForIsland(page, "contact-form");
  const form = page.locator("form[aria-labelledby='quote-form-heading']");
  await expect(form.getByRole("button", { name: "Get an instant estimate" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  return form;
}

/** Each amount's text: the lines it was drawn on (1 when it never wraps). */
async function amountLines(form: Locator) {
  return form.locator("[data-estimate-amount]").evaluateAll((amounts) =>
    amounts.map((amount) => {
      const range = document.createRange();
      range.selectNodeContents(amount);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { text: amount.textContent ?? "", lines: tops.size };
    }),
  );
}

const home: HomeInputs = {
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency: "bi-weekly",
  addOns: [],
};

for (const width of widths) {
  test(`at ${width} px a bi-weekly home shows both prices, every amount on one line`, {
    tag: "@desktop",
  }, async ({ page }) => {
    const form = await openEstimator(page, width);
    // Residential cleaning: a home estimate, without a choice to make.
    await form.getByRole("combobox", { name: "Service Needed" }).selectOption("residential");
    await expect(form.getByRole("radio", { name: "A home" })).toBeChecked();
    await form.getByRole("combobox", { name: "How often" }).selectOption("bi-weekly");

    const first = estimate(home, welcomeOffer, priceList);
    const later = estimate(home, null, priceList);
    const sentence = `First visit ${formatRange(first)} with the 20% welcome offer, then ${formatRange(later)} every two weeks`;
    await expect(form.getByText(sentence)).toBeVisible();
    await expect(form.getByText("Welcome offer (20% off the first visit)")).toBeVisible();

    const lines = await amountLines(form);
    expect(lines.map((amount) => amount.text)).toEqual(
      expect.arrayContaining([
        formatRange(first),
        formatRange(later),
        `−$${Math.abs(first.lineItems.at(-1)?.amount ?? 0)}`,
      ]),
    );
    for (const amount of lines) expect(amount.lines, `"${amount.text}" at ${width} px`).toBe(1);

    // The longest figures the form can make stay whole too: a 200,000 sq ft business.
    await form.getByRole("radio", { name: "A business" }).check();
    await form.getByRole("spinbutton", { name: "Approximate square feet" }).fill("200000");
    await form.getByRole("combobox", { name: "Visits per week" }).selectOption("1");
    await expect(form.getByText(/then \$[\d,]{6}–\$[\d,]{6} a visit, once a week/)).toBeVisible();
    for (const amount of await amountLines(form))
      expect(amount.lines, `"${amount.text}" at ${width} px`).toBe(1);

    // One-time: one price, no later visits.
    await form.getByRole("radio", { name: "A home" }).check();
    await form.getByRole("combobox", { name: "How often" }).selectOption("one-time");
    const once = estimate({ ...home, frequency: "one-time" }, welcomeOffer, priceList);
    await expect(
      form.getByText(`${formatRange(once)} for a one-time cleaning, with the 20% welcome offer`),
    ).toBeVisible();
    await expect(form.getByText(/then \$/)).toHaveCount(0);
    if (width === 390) await expectNoAxeViolations(page, "/contact, estimate with two prices");
  });
}

test("the estimator starts as a business estimate for office services, a home one for residential", async ({
  page,
}) => {
  const form = await openEstimator(page, 390);
  const service = form.getByRole("combobox", { name: "Service Needed" });
  await service.selectOption("office");
  await expect(form.getByRole("radio", { name: "A business" })).toBeChecked();
  await service.selectOption("residential");
  await expect(form.getByRole("radio", { name: "A home" })).toBeChecked();
  // Once the visitor picks, their choice stays.
  await form.getByRole("radio", { name: "A business" }).check();
  await service.selectOption("carpet");
  await expect(form.getByRole("radio", { name: "A business" })).toBeChecked();
});

test("the days offered for a visit are the days the business is open", async ({ page }) => {
  const form = await openEstimator(page, 390);
  const days = await form
    .getByRole("combobox", { name: "Day", exact: true })
    .locator("option:not([value=''])")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(days.length).toBeGreaterThanOrEqual(15);
  expect(days.filter((day) => closedDays.closedReason(day) !== null)).toEqual([]);
  await expect(
    form.getByText("Monday to Saturday; we are closed on major holidays."),
  ).toBeVisible();
});
