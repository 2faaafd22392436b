/**
 * The quote form's optional details from the visitor's side: keyboard only, axe in every new state
 * (open estimator, ZIP answered in and out of the area, errors, offer applied) at both widths, and
 * the home page's ZIP box with and without JavaScript. The function is answered in the test's place;
 * quote-journey.spec.ts sends to the real server.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { expect, test, waitForIsland, waitForIslands } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";

// Long journeys through many states: three times the usual time limit.
test.beforeEach(() => test.slow());

const functionUrl = "**/functions/v1/send-contact-email";

async function answerFunction(page: Page) {
  const calls: Request[] = [];
  await page.route(functionUrl, async (route) => {
    calls.push(route.request());
    await route.fulfill({ status: 200, json: { ok: true, id: "e2e-1" } });
  });
  return calls;
}

async function openForm(page: Page, path = "/contact") {
  await page.goto(path);
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const form = page.locator("form[aria-labelledby='quote-form-heading']");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  return form;
}

/** Presses Tab (at most 60 times) until the target has focus: a keyboard user's way there. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("keyboard only: offer, ZIP, estimate, two windows and the six fields, sent with Enter", async ({
  page,
}) => {
  const calls = await answerFunction(page);
  const form = await openForm(page, "/contact?offer=welcome-20");
  await page.locator("#get-in-touch").getByRole("link").first().focus();

  const type = async (target: Locator, text: string) => {
    await tabTo(page, target);
    await page.keyboard.type(text);
  };
  await type(form.getByRole("textbox", { name: "Name", exact: true }), "Kim Keys");
  await type(form.getByRole("textbox", { name: "Email", exact: true }), "kim@example.org");
  await type(form.getByRole("textbox", { name: "Phone", exact: true }), "4845550111");
  const service = form.getByRole("combobox", { name: "Service Needed" });
  await tabTo(page, service);
  await page.keyboard.press("ArrowDown");
  await expect(service).not.toHaveValue("");
  await type(form.getByRole("textbox", { name: "Message", exact: true }), "Kitchen and two baths.");
  await type(form.getByRole("textbox", { name: /ZIP code/ }), "19406");
  await expect(form.getByText("Yes, we clean in King of Prussia!")).toBeVisible();

  const disclosure = form.getByRole("button", { name: "Get an instant estimate" });
  await tabTo(page, disclosure);
  await page.keyboard.press("Enter");
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  const business = form.getByRole("radio", { name: "A business" });
  await tabTo(page, form.getByRole("radio", { name: "A home" }));
  await page.keyboard.press("ArrowRight");
  await expect(business).toBeChecked();
  const squareFeet = form.getByRole("spinbutton", { name: "Approximate square feet" });
  await tabTo(page, squareFeet);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("3000");
  // A business plan recurs: the first visit with the offer, then each visit without it.
  await expect(
    form.getByText(
      /^Estimate: First visit \$[\d,]+–\$[\d,]+ with the 20% welcome offer, then \$[\d,]+–\$[\d,]+ a visit, 3 visits a week$/,
    ),
  ).toBeAttached();

  const addTime = form.getByRole("button", { name: "Add time" });
  const day = form.getByRole("combobox", { name: "Day", exact: true });
  await tabTo(page, day);
  await page.keyboard.press("ArrowDown");
  await tabTo(page, addTime);
  await page.keyboard.press("Enter");
  // Added: focus is back on the emptied day picker, ready for the next.
  await expect(day).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await tabTo(page, addTime);
  await page.keyboard.press("Enter");
  await expect(
    form.getByRole("button", { name: /^Remove (Mon|Tue|Wed|Thu|Fri|Sat) / }),
  ).toHaveCount(2);

  await tabTo(page, form.getByRole("button", { name: "Send Message" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
  const body = calls[0]?.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    name: "Kim Keys",
    zip: "19406",
    offer: "welcome-20",
    estimate: { kind: "business", squareFeet: 3000, visitsPerWeek: 3, addOns: [] },
    website: "",
  });
  expect((body.preferredWindows as unknown[]).length).toBe(2);
  // Only the visitor's choices travel: the function works out the price itself.
  expect(body.estimate).not.toHaveProperty("low");
  expect(Number.isInteger(body.elapsedMs)).toBe(true);
});

test("axe is clean with the offer applied, the estimator open and the ZIP answered", async ({
  page,
}) => {
  const form = await openForm(page, "/contact?offer=welcome-20#quote");
  await expect(form.getByText("20% off your first cleaning applied")).toBeVisible();
  await form.getByRole("button", { name: "Get an instant estimate" }).click();
  await expect(form.getByText(/Welcome offer \(20% off the first visit\)/)).toBeVisible();
  await expectNoAxeViolations(page, "/contact, offer applied, estimator open");

  const zip = form.getByRole("textbox", { name: /ZIP code/ });
  await zip.fill("19312");
  await expect(form.getByRole("link", { name: "About our Berwyn crew" })).toBeVisible();
  await expectNoAxeViolations(page, "/contact, ZIP in the area");
  await zip.fill("10001");
  await expect(form.getByText(/10001 is outside our service area today/)).toBeVisible();
  await expectNoAxeViolations(page, "/contact, ZIP outside the area");

  await form.getByRole("combobox", { name: "Day", exact: true }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Add time" }).click();
  await expectNoAxeViolations(page, "/contact, a window chosen");

  // The visitor may remove the offer: the estimate is no longer discounted, nor is it sent.
  await form.getByRole("button", { name: "Remove offer" }).click();
  await expect(form.getByText("20% off your first cleaning applied")).toHaveCount(0);
  await expect(form.getByText(/Welcome offer \(20% off the first visit\)/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/contact#quote$/);
  await page.reload();
  await waitForIsland(page, "contact-form");
  await expect(form.getByText("20% off your first cleaning applied")).toHaveCount(0);
});

test("errors: a bad ZIP and an estimate out of range are said, focused and axe clean", async ({
  page,
}) => {
  const calls = await answerFunction(page);
  const form = await openForm(page);
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Lee Wrong");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("lee@example.org");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(484) 555-0199");
  await form.getByRole("combobox", { name: "Service Needed" }).selectOption("carpet");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Hallway carpet.");
  const zip = form.getByRole("textbox", { name: /ZIP code/ });
  await zip.fill("1934x");
  await expect(form.getByText("Please enter a 5-digit ZIP code.")).toBeVisible();
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(zip).toBeFocused();
  await expectNoAxeViolations(page, "/contact, ZIP error");

  await zip.fill("");
  await form.getByRole("button", { name: "Get an instant estimate" }).click();
  const bedrooms = form.getByRole("spinbutton", { name: "Bedrooms" });
  await bedrooms.fill("40");
  await expect(form.getByText("Enter the figures above to see an estimate.")).toBeVisible();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please check the estimate's details.")).toBeVisible();
  await expect(bedrooms).toBeFocused();
  await expectNoAxeViolations(page, "/contact, estimate error");
  expect(calls).toHaveLength(0);

  // Closing the estimator sends the request without an estimate.
  await form.getByRole("button", { name: "Get an instant estimate" }).click();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
  expect(calls[0]?.postDataJSON()).not.toHaveProperty("estimate");
});

test.describe("the home page's ZIP box", () => {
  test("answers in the area, outside it and a typo, axe clean each time", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    const areas = page.locator("#areas");
    await areas.scrollIntoViewIfNeeded();
    await waitForIsland(page, "zip-check");
    const box = areas.getByRole("textbox", { name: "Do we serve you? Enter your ZIP code" });

    await box.fill("19462");
    await expect(areas.getByText("Yes, we clean in Plymouth Meeting!")).toBeVisible();
    await expect(
      areas.getByRole("link", { name: "About our Plymouth Meeting crew" }),
    ).toHaveAttribute("href", "/plymouth-meeting");
    await expectNoAxeViolations(page, "/, ZIP in the area");

    // A nearby ZIP the owner lists under Plymouth Meeting (Conshohocken) is answered as itself.
    await box.fill("19428");
    await expect(
      areas.getByText("Yes, we clean in 19428: our Plymouth Meeting crew covers it."),
    ).toBeVisible();
    await expect(areas.getByText("Yes, we clean in Plymouth Meeting!")).toHaveCount(0);
    await expect(
      areas.getByRole("link", { name: "About our Plymouth Meeting crew" }),
    ).toHaveAttribute("href", "/plymouth-meeting");

    await box.fill("73301");
    await expect(areas.getByText(/73301 is outside our service area today/)).toBeVisible();
    await expectNoAxeViolations(page, "/, ZIP outside the area");

    await box.fill("193");
    await box.press("Enter");
    await expect(areas.getByText("Please enter a 5-digit ZIP code.")).toBeVisible();
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "/, ZIP error");
  });

  test("without JavaScript the ZIPs served are listed and no dead box is shown @desktop", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(test.info().project.use.baseURL as string);
    const areas = page.locator("#areas");
    await expect(
      areas.getByText(/ZIP codes we serve: Plymouth Meeting 19462 and nearby 19428, 19444;/),
    ).toBeVisible();
    await expect(areas.getByRole("textbox")).toHaveCount(0);
    await context.close();
  });
});

test.describe("a preferred time picked but not added", () => {
  const day = (form: Locator) => form.getByRole("combobox", { name: "Day", exact: true });
  const bookable = (form: Locator) =>
    day(form)
      .locator("option:not([value=''])")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

  async function fillSix(form: Locator) {
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Pat Picker");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("pat@example.org");
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(484) 555-0133");
    await form.getByRole("combobox", { name: "Service Needed" }).selectOption("carpet");
    await form.getByRole("textbox", { name: "Message", exact: true }).fill("Living room carpet.");
  }

  test("is sent with the request, as if added", async ({ page }) => {
    const calls = await answerFunction(page);
    const form = await openForm(page);
    const dates = await bookable(form);
    await day(form).selectOption(dates[2] as string);
    await form.getByRole("combobox", { name: "Time of day" }).selectOption("afternoon");
    await fillSix(form);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(
      (calls[0]?.postDataJSON() as Record<string, unknown> | undefined)?.preferredWindows,
    ).toEqual([{ date: dates[2], window: "afternoon" }]);
  });

  test("with three added already, stops the form with a message beside the times", async ({
    page,
  }) => {
    const calls = await answerFunction(page);
    const form = await openForm(page);
    const dates = await bookable(form);
    for (const date of dates.slice(0, 3)) {
      await day(form).selectOption(date);
      await form.getByRole("button", { name: "Add time" }).click();
    }
    await day(form).selectOption(dates[4] as string);
    await fillSix(form);
    await form.getByRole("button", { name: "Send Message" }).click();
    const message = form.getByText(/^You have three times already/);
    await expect(message).toBeVisible();
    await expect(day(form)).toBeFocused();
    await expect(day(form)).toHaveAttribute("aria-invalid", "true");
    const described = (await day(form).getAttribute("aria-describedby")) ?? "";
    expect(described.split(" ")).toContain(await message.getAttribute("id"));
    expect(calls, "nothing is sent").toHaveLength(0);

    // Set back to "Choose a day", the form sends the three.
    await day(form).selectOption("");
    await expect(message).toHaveCount(0);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
    // This send is the only call: the refused one, which would have left first, sent nothing.
    expect(calls, "one request, the second send's").toHaveLength(1);
    expect(
      (calls[0]?.postDataJSON() as { preferredWindows: unknown[] } | undefined)?.preferredWindows,
    ).toHaveLength(3);
  });

  test("keyboard only: Add time leaves focus on the emptied day picker, then on the last time added", async ({
    page,
  }) => {
    const form = await openForm(page);
    const addTime = form.getByRole("button", { name: "Add time" });
    await tabTo(page, day(form));
    for (let added = 1; added <= 3; added++) {
      await expect(day(form)).toBeFocused();
      for (let step = 0; step < added; step++) await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(addTime).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(day(form)).toHaveValue("");
    }
    // Three: no more room, so focus is on the last one's Remove, the thing left to do here.
    const removes = form.getByRole("button", { name: /^Remove (Mon|Tue|Wed|Thu|Fri|Sat) / });
    await expect(removes).toHaveCount(3);
    await expect(removes.last()).toBeFocused();
  });
});
