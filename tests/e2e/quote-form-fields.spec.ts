/**
 * The form's small things a person notices: the message limit in words, the
 * required-fields note as a screen reader reads it, and a field scrolled to on an error that is
 * not hidden under the sticky header.
 */
import type { Locator, Page } from "@playwright/test";
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { quoteForm } from "./helpers/quote-form.ts";

async function openForm(page: Page) {
  await page.goto("/contact");
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  return quoteForm(page);
}

test.describe("the message limit", () => {
  test("says how much is left of the 5,000 characters, and announces it only at a few marks", async ({
    page,
  }) => {
    const { form, message } = await openForm(page);
    const limit = form.locator("#contact-message-limit");
    const status = form.getByRole("status").filter({ hasText: /characters/ });
    await expect(message).toHaveAttribute("maxlength", "5000");
    await expect(message).toHaveAccessibleDescription(/Up to 5,000 characters: 5,000 left/);
    await expect(limit).toHaveText("Up to 5,000 characters: 5,000 left");

    await message.pressSequentially("Hello");
    await expect(limit).toHaveText("Up to 5,000 characters: 4,995 left");
    await expect(form.locator("[role=status]:has-text('characters')")).toHaveCount(0);

    await message.fill("a".repeat(4600));
    await expect(limit).toHaveText("Up to 5,000 characters: 400 left");
    await expect(status).toHaveText("Under 500 characters left in the message.");
    // One more keystroke changes what is shown, not what is announced.
    await message.press("End");
    await page.keyboard.type("b");
    await expect(limit).toHaveText("Up to 5,000 characters: 399 left");
    await expect(status).toHaveText("Under 500 characters left in the message.");

    await message.fill("a".repeat(5000));
    await expect(limit).toHaveText("Up to 5,000 characters: 0 left");
    await expect(status).toHaveText("You have used all 5,000 characters of the message.");
    await page.keyboard.type("more");
    await expect(message).toHaveJSProperty("value.length", 5000);
  });

  test("5,000 characters are accepted: the real server takes a message that long", async ({
    page,
  }) => {
    const fields = await openForm(page);
    await fields.name.fill("Long Message");
    await fields.email.fill("long@example.org");
    await fields.phone.fill("(484) 555-0101");
    await fields.service.selectOption("office");
    await fields.message.fill(`${Date.now()} `.padEnd(5000, "x"));
    await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
    await fields.send.click();
    await expect(page.getByRole("heading", { name: /^Request received/ })).toBeFocused();
  });
});

test("the required-fields note reads as words to a screen reader, and each required field says so", async ({
  page,
}) => {
  const fields = await openForm(page);
  const quote = page.locator("#quote");
  const tree = await quote.ariaSnapshot();
  expect(tree).toContain("All fields are required unless marked optional.");
  expect(tree, "no asterisk reaches the accessibility tree").not.toContain("*");
  await expect(quote.getByText("Fields marked * are required.")).toBeVisible();
  for (const field of [fields.name, fields.email, fields.phone, fields.service, fields.message]) {
    await expect(field).toHaveJSProperty("required", true);
  }
  await expect(fields.form.getByRole("textbox", { name: /ZIP code/ })).toHaveJSProperty(
    "required",
    false,
  );
});

test.describe("a field scrolled to on an error", { tag: "@phone" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The field and its label, above it, start below the sticky header. */
  async function expectBelowHeader(page: Page, field: Locator) {
    const header = await page.getByRole("banner").boundingBox();
    const label = page.locator(`label[for="${await field.getAttribute("id")}"]`);
    await expect
      .poll(async () => (await label.boundingBox())?.y ?? -1, {
        message: "the field's label starts below the sticky header",
      })
      .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  }

  test("the form's own check moves to the field, below the sticky header", async ({ page }) => {
    await page.route("**/functions/v1/send-contact-email", (route) => route.abort());
    const fields = await openForm(page);
    await fields.name.fill("Short Phone");
    await fields.email.fill("short@example.org");
    await fields.phone.fill("12");
    await fields.service.selectOption("office");
    await fields.message.fill("The phone number is too short for the shared schema.");
    await fields.send.scrollIntoViewIfNeeded();
    await fields.send.click();
    await expect(fields.phone).toBeFocused();
    await expect(fields.phone).toHaveAttribute("aria-invalid", "true");
    await expectBelowHeader(page, fields.phone);
  });

  test("the browser's required check moves to the field, below the sticky header", async ({
    page,
  }) => {
    const fields = await openForm(page);
    await fields.message.fill("Everything but the name.");
    await fields.send.scrollIntoViewIfNeeded();
    await fields.send.click();
    await expect(fields.name).toBeFocused();
    await expectBelowHeader(page, fields.name);
  });
});
