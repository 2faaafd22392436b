/**
 * The owner edits the site from a phone on the real embedded server, with JavaScript and without:
 * from the inbox opened to act, Edit the site; a main phone without ten digits is refused beside
 * its field with nothing published; the right one is published and the history says what changed;
 * a review with markup stays text; Restore brings back the site as first built. The inbox a push
 * opens has no way to the editor. Axe finds nothing on the editor's pages.
 */
import { inboxSubjects } from "../../functions/send-contact-email/inbox/inbox-routes.ts";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { unusedPort } from "../integration/support/ports.ts";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";

test.describe.configure({ mode: "serial" });

const functionPath = "/functions/v1/send-contact-email";
/** The editor waits up to 45 s for the pages before it answers; then the page loads. */
const publishWaitMs = 60_000;
const ownerLinkSecret = "site-editor-journey-secret-0123456789abcdef";
const own = ownServer("site-editor", {
  mail: false,
  // The real build: each publish makes its pages again before the editor says it is live.
  env: async () => {
    const port = await unusedPort();
    return {
      PORT: String(port),
      FUNCTION_URL: `http://127.0.0.1:${port}${functionPath}`,
      OWNER_LINK_SECRET: ownerLinkSecret,
    };
  },
});

async function inboxLink(access: "act" | "read") {
  const links = createLinkSigners(parseLinkSettings({}, ownerLinkSecret));
  const token = await links.inbox.sign(inboxSubjects[access], new Date());
  return `${own.url}${functionPath}/inbox?token=${encodeURIComponent(token)}`;
}

for (const script of [false, true])
  test(`the owner changes the main phone, is refused a bad one, restores the first site (JavaScript ${script ? "on" : "off"})`, async ({
    browser,
    allowConsoleErrors,
  }) => {
    // Three publishes, each making the site's pages again: seconds, tens of them on a loaded CI.
    test.setTimeout(300_000);
    // The refused form is answered 422, which Chromium logs.
    allowConsoleErrors(/status of 422/);
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: script,
    });
    const page = await phone.newPage();
    await page.goto(await inboxLink("act"));
    await page.getByRole("link", { name: "Edit the site" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your site" })).toBeVisible();

    await page.getByRole("link", { name: "Phone & e-mail" }).click();
    await page.getByLabel("Main phone").fill("555-0142");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was published.");
    await expect(page.getByLabel("Main phone")).toHaveValue("555-0142");
    await expect(page.getByLabel("Main phone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#f-contact-phone-problem")).toHaveText(
      "Enter a phone number with 10 digits, like (484) 555-0142.",
    );

    const digits = script ? "0166" : "0155";
    await page.getByLabel("Main phone").fill(`484 555 ${digits}`);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("status")).toContainText(/Published as version \d+/, {
      timeout: publishWaitMs,
    });
    await expect(page.getByText(`→ (484) 555-${digits}`).first()).toBeVisible();

    // A review with markup: text on every page of the editor, never an element.
    await page.getByRole("link", { name: "Reviews" }).click();
    const markup = "<img src=x onerror=alert(1)> Spotless.";
    const newRow = page.getByRole("group", { name: "Add a review" });
    await newRow.getByLabel("Reviewer's name").fill("Mallory T.");
    await newRow.getByLabel("Where they are").fill("Exton, PA");
    await newRow.getByLabel("Service they had", { exact: true }).fill("Residential Cleaning");
    await newRow.getByLabel("What they said", { exact: true }).fill(markup);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("status")).toContainText(/Published as version \d+/, {
      timeout: publishWaitMs,
    });
    await page.getByRole("link", { name: "Reviews" }).click();
    await expect(page.getByText(markup, { exact: true })).toHaveCount(1);
    await expect(page.locator("main img")).toHaveCount(0);
    await page.getByRole("link", { name: "Back to your site" }).click();

    await page.getByRole("button", { name: "Restore the site as first built" }).click();
    await expect(page.getByRole("status")).toContainText(/Published as version \d+/, {
      timeout: publishWaitMs,
    });
    await expect(page.getByText("Back to the site as first built").first()).toBeVisible();
    await phone.close();
  });

test("the inbox a push opens has no way to the editor, and a forged editor link shows nothing", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 403/);
  await page.goto(await inboxLink("read"));
  await expect(page.getByRole("heading", { level: 1, name: "Quote requests" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit the site" })).toHaveCount(0);
  const refused = await page.goto(`${own.url}${functionPath}/site?token=9.forged`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("link", { name: "Phone & e-mail" })).toHaveCount(0);
});

test("axe finds nothing on the editor's home and on a refused form", async ({ browser }) => {
  test.setTimeout(90_000);
  // axe is injected as a script, which the pages' policy forbids: a context that ignores it.
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(await inboxLink("act"));
  await page.getByRole("link", { name: "Edit the site" }).click();
  await expectNoAxeViolations(page, "the site editor's home");
  await page.getByRole("link", { name: "Welcome offer" }).click();
  await page.getByLabel("Discount (percent)").fill("120");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was published.");
  await expectNoAxeViolations(page, "the welcome offer's form, refused");
  await context.close();
});

test("on a phone without script, Publish stays on screen and clear of the field being typed in", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  const page = await phone.newPage();
  await page.goto(await inboxLink("act"));
  await page.getByRole("link", { name: "Edit the site" }).click();
  await page.getByRole("link", { name: "Prices" }).click();
  const publish = page.getByRole("button", { name: "Publish" });
  // At the top of a 5,000 px form, and halfway down it: one tap away.
  await expect(publish).toBeInViewport();
  await page.mouse.wheel(0, 2000);
  await expect(publish).toBeInViewport();
  // Each field the keyboard reaches is scrolled into view above the bar, never under it.
  await page.getByLabel("Estimate range starts at").focus();
  const covered: string[] = [];
  for (let step = 0; step < 24; step += 1) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      const bar = document.querySelector(".publish-bar");
      if (!focused || !bar || bar.contains(focused)) return null;
      const box = focused.getBoundingClientRect();
      return { id: focused.id, bottom: box.bottom, barTop: bar.getBoundingClientRect().top };
    });
    if (where && where.bottom > where.barTop + 1) covered.push(where.id);
  }
  expect(covered, "fields under the Publish bar when focused").toEqual([]);

  // Hours: a ticked "Same hours as Monday" folds the day's own boxes, unticked shows them.
  await page.goto(page.url().replace("/site/prices?", "/site/hours?"));
  await expect(page.getByLabel("Tuesday: same hours as Monday")).toBeChecked();
  await expect(page.getByLabel("Tuesday: opens at")).toBeHidden();
  await page.getByLabel("Tuesday: same hours as Monday").uncheck();
  await expect(page.getByLabel("Tuesday: opens at")).toBeVisible();
  await expect(publish).toBeInViewport();
  await phone.close();
});

test("axe finds nothing on the Hours and Prices forms and the Pictures page", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(await inboxLink("act"));
  await page.getByRole("link", { name: "Edit the site" }).click();
  const home = page.url();
  for (const [name, part] of [
    ["Hours", "the Hours form"],
    ["Prices", "the Prices form"],
    ["Pictures", "the Pictures page"],
  ] as const) {
    await page.goto(home);
    await page.getByRole("link", { name, exact: true }).click();
    await expectNoAxeViolations(page, part);
  }
  await context.close();
});
