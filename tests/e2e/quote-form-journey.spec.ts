/**
 * The quote journey as a person on a phone lives it: a 390 x 844 screen, the CPU four
 * times slower, the real server. What is asserted is what the person sees (boxes inside the
 * screen) and keeps (every keystroke), not only what is in the DOM.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";
import { quoteForm, uniqueMessage as uniqueFor } from "./helpers/quote-form.ts";

const successToast = "Thank you! We'll contact you soon.";
const failureToast = "Failed to send message. Please try calling us directly.";
const phone = { width: 390, height: 844 };

// A slowed phone takes several times the usual time for the same steps.
test.beforeEach(() => test.slow());
test.describe.configure({ mode: "serial" });

const own = ownServer("journey", { env: () => ({ RATE_LIMIT_MAX: "50" }) });
const { welcomeOffer } = repositoryFacts().offers;

type Lead = { name: string; message: string; service: string; offer?: { id: string } };

/** The element's box lies wholly inside the screen the person is looking at. */
async function expectOnScreen(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  // Toasts slide in: judge the box once it has settled.
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        return (
          box !== null &&
          box.y >= 0 &&
          box.x >= 0 &&
          box.y + box.height <= viewport.height &&
          box.x + box.width <= viewport.width
        );
      },
      { message: `${what} is inside the ${viewport.width} x ${viewport.height} screen` },
    )
    .toBe(true);
}

/**
 * A toast is on the screen, and stays where it is while the page scrolls under it: it is fixed to
 * the screen, not to a section that happens to be in view (containment makes "fixed" mean that),
 * and screen readers hear it (a live region). Read in the page in one go, once it has slid in: it
 * is dismissed after four seconds, which a loaded machine can spend between two round trips.
 */
async function expectToastPlaced(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const seen = await locator.evaluate(async (element) => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const box = element.getBoundingClientRect();
    window.scrollBy(0, -200);
    const scrolled = element.getBoundingClientRect();
    window.scrollBy(0, 200);
    return {
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      movedBy: Math.abs(scrolled.top - box.top),
      live: element.closest("[aria-live]")?.getAttribute("aria-live") ?? null,
    };
  });
  const { box } = seen;
  expect(
    box.y >= 0 &&
      box.x >= 0 &&
      box.y + box.height <= viewport.height &&
      box.x + box.width <= viewport.width,
    `${what} is inside the ${viewport.width} x ${viewport.height} screen`,
  ).toBe(true);
  expect(seen.movedBy, `${what} stays put while the page scrolls`).toBeLessThan(1);
  expect(seen.live, `${what} sits in a live region`).toMatch(/polite|assertive/);
}

/**
 * Holds the welcome popup's code back, as a slow network may, until the test has put the visitor
 * in a field: on two busy cores a page can take more than the popup's second to get there, and
 * this is about a visitor who starts typing at once. Released, its second starts running.
 */
async function holdWelcomeOffer(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/welcome-offer-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await waitForIsland(page, "welcome-offer");
  };
}

async function openContact(page: Page, { offerHeld = false } = {}) {
  await page.goto(`${own.url}/contact`);
  // With the offer's code held, the islands due at load cannot all start; the menu's start says
  // the loader has found every island (it finds them all before it starts any).
  if (offerHeld) await waitForIsland(page, "menu");
  else await waitForIslands(page);
}

async function fillRequest(page: Page, message: string) {
  const fields = quoteForm(page);
  await fields.name.fill("Jordan Alvarez");
  await fields.email.fill("jordan@example.org");
  await fields.phone.fill("(484) 555-0123");
  await fields.service.selectOption("carpet");
  await fields.message.fill(message);
  return fields;
}

const uniqueMessage = (what: string) => uniqueFor(what, test.info().project.name);

test.describe("on a phone, CPU 4x slower", { tag: "@phone" }, () => {
  test.use({ viewport: phone, cpuSlowdown: 4 });

  test("after a real send the confirmation is on the screen, announced, and the request is stored", async ({
    page,
  }) => {
    await openContact(page);
    await page.locator("#quote").scrollIntoViewIfNeeded();
    await waitForIsland(page, "contact-form");
    const message = uniqueMessage("Seen confirmation");
    const fields = await fillRequest(page, message);
    await fields.send.scrollIntoViewIfNeeded();
    await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
    await fields.send.tap();

    await expectToastPlaced(page, page.getByText(successToast), "the success toast");
    const received = page.getByRole("heading", { name: /^Request received/ });
    await expect(received).toBeFocused();
    await expectOnScreen(page, received, "what happens next");
    await expect(page.getByText(/We call you within 24 hours/)).toBeVisible();

    const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
    expect(lead).toMatchObject({ name: "Jordan Alvarez", service: "carpet" });
  });

  test("after a failed send the error is on the screen, announced, values kept and the button usable", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/send-contact-email failed|status of 503/);
    // Routing stands in for the network only for the failure state (the server cannot be made
    // to refuse on cue from here): the answer the contract gives when the store is unavailable.
    await page.route("**/functions/v1/send-contact-email", (route) =>
      route.fulfill({ status: 503, json: { error: "We could not save your request right now." } }),
    );
    await openContact(page);
    await page.locator("#quote").scrollIntoViewIfNeeded();
    await waitForIsland(page, "contact-form");
    const message = uniqueMessage("Failed send");
    const fields = await fillRequest(page, message);
    await fields.send.scrollIntoViewIfNeeded();
    await fields.send.tap();

    await expectToastPlaced(page, page.getByText(failureToast), "the error toast");
    await expect(fields.name).toHaveValue("Jordan Alvarez");
    await expect(fields.message).toHaveValue(message);
    await expect(fields.send).toHaveText("Send Message");
    await expect(fields.send).toBeEnabled();
  });

  test.describe("a first visit", () => {
    test.use({ firstVisit: true });

    test("typing from the first moment keeps every keystroke; the popup waits until the visitor leaves the field", async ({
      page,
    }) => {
      const releaseOffer = await holdWelcomeOffer(page);
      await openContact(page, { offerHeld: true });
      const fields = quoteForm(page);
      // Straight to the form; the popup's code arrives as the visitor starts typing, and its
      // second runs out while they type.
      await fields.name.tap();
      await releaseOffer();
      await page.keyboard.type("Jordan Alvarez", { delay: 150 });
      await expect(fields.name).toHaveValue("Jordan Alvarez");
      await fields.email.tap();
      await page.keyboard.type("jordan@example.org", { delay: 60 });
      await expect(fields.email).toHaveValue("jordan@example.org");
      await expect(page.locator("dialog[open]"), "no popup while a field has focus").toHaveCount(0);
      expect(
        await page.evaluate(() => window.localStorage.getItem("hasVisitedBefore")),
        "no popup button was pressed",
      ).toBeNull();

      // Leaving the form: the offer comes once the typing has paused.
      await page.getByRole("heading", { name: "Request a Free Quote" }).tap();
      await expect(page.getByRole("dialog", { name: /20% Off/ })).toBeVisible({ timeout: 15_000 });
      await expect(fields.name).toHaveValue("Jordan Alvarez");
    });

    test("Claim My Discount on /contact applies the offer in place and keeps every value typed", async ({
      page,
    }) => {
      const releaseOffer = await holdWelcomeOffer(page);
      await openContact(page, { offerHeld: true });
      // The visitor starts on the form at once, so the popup waits for them.
      const fields = quoteForm(page);
      await fields.name.tap();
      await releaseOffer();
      await page.evaluate(() => {
        (window as unknown as { samePage: boolean }).samePage = true;
      });
      await waitForIsland(page, "contact-form");
      const message = uniqueMessage("Claimed in place");
      await fillRequest(page, message);
      await page.getByRole("heading", { name: "Request a Free Quote" }).tap();

      const popup = page.getByRole("dialog", { name: /20% Off/ });
      await expect(popup).toBeVisible({ timeout: 15_000 });
      await popup.getByRole("link", { name: "Claim My Discount" }).tap();
      await expect(popup).toBeHidden();

      expect(
        await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
        "no reload",
      ).toBe(true);
      await expect(page.getByText(welcomeOffer.appliedText)).toBeVisible();
      await expect(fields.name).toHaveValue("Jordan Alvarez");
      await expect(fields.email).toHaveValue("jordan@example.org");
      await expect(fields.service).toHaveValue("carpet");
      await expect(fields.message).toHaveValue(message);

      await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
      await fields.send.tap();
      await expect(page.getByRole("heading", { name: /^Request received/ })).toBeFocused();
      const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
      expect(lead).toMatchObject({ name: "Jordan Alvarez", offer: { id: welcomeOffer.id } });
    });
  });

  test("the first screen offers a way straight to the form, which puts the visitor at its first field", async ({
    page,
  }) => {
    await openContact(page);
    const link = page.getByRole("main").getByRole("link", { name: "Request a Free Quote" });
    await expectOnScreen(page, link, "the way to the form");
    await link.tap();
    await expect(page.locator("#quote")).toBeFocused();
    await page.keyboard.press("Tab");
    const { name } = quoteForm(page);
    await expect(name).toBeFocused();
    await expectOnScreen(page, name, "the first field");
  });

  test("typing before the island starts keeps every value once it starts; no field is ever disabled", async ({
    page,
  }) => {
    // The form's island is held back, as on a slow network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/contact-form-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const sent: Request[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/functions/v1/send-contact-email")) sent.push(request);
    });
    await openContact(page);
    const fields = quoteForm(page);
    await fields.name.tap();
    for (const field of [fields.name, fields.email, fields.phone, fields.service, fields.message])
      await expect(field).toBeEnabled();
    const message = uniqueMessage("Typed early");
    await page.keyboard.type("Jordan Alvarez", { delay: 30 });
    await fields.email.fill("jordan@example.org");
    await fields.phone.fill("(484) 555-0123");
    await fields.service.selectOption("office");
    await fields.message.fill(message);
    await expect(page.locator("[data-island='contact-form'][data-island-ready]")).toHaveCount(0);

    release();
    await waitForIsland(page, "contact-form");
    await expect(fields.name).toHaveValue("Jordan Alvarez");
    await expect(fields.email).toHaveValue("jordan@example.org");
    await expect(fields.phone).toHaveValue("(484) 555-0123");
    await expect(fields.service).toHaveValue("office");
    await expect(fields.message).toHaveValue(message);
    // Typing on after the start still counts, and the island (not a plain post) sends it.
    await fields.message.press("End");
    await page.keyboard.type(" More.");
    await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
    await fields.send.tap();
    await expect(page.getByRole("heading", { name: /^Request received/ })).toBeFocused();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers()["content-type"]).toMatch(/^application\/json/);
    expect(sent[0]?.postDataJSON()).toMatchObject({
      name: "Jordan Alvarez",
      service: "office",
      message: `${message} More.`,
    });
  });
});

test("a keyboard-only visitor reaches and sends the form with Tab, typing, Space and Enter", async ({
  page,
}) => {
  await openContact(page);
  const fields = quoteForm(page);
  const tabTo = async (target: Locator, limit = 40) => {
    for (let presses = 0; presses < limit; presses++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${target}`);
  };
  await tabTo(page.getByRole("main").getByRole("link", { name: "Request a Free Quote" }));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(fields.name).toBeFocused();
  const message = uniqueMessage("Keyboard only");
  await page.keyboard.type("Kim Keys");
  await page.keyboard.press("Tab");
  await page.keyboard.type("kim@example.org");
  await page.keyboard.press("Tab");
  await page.keyboard.type("4845550111");
  await page.keyboard.press("Tab");
  await expect(fields.service).toBeFocused();
  // A closed select takes type-ahead: the first letters of an option choose it.
  await page.keyboard.type("Carpet");
  await expect(fields.service).toHaveValue("carpet");
  await page.keyboard.press("Tab");
  await expect(fields.message).toBeFocused();
  await page.keyboard.type(message);

  const estimate = page.getByRole("button", { name: "Get an instant estimate" });
  await tabTo(estimate);
  await page.keyboard.press("Space");
  await expect(estimate).toHaveAttribute("aria-expanded", "true");
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await tabTo(fields.send, 80);
  await page.keyboard.press("Enter");
  const received = page.getByRole("heading", { name: /^Request received/ });
  // Whatever the visitor sees instead of the confirmation (a field's message, the error toast) is
  // named when this fails, not only the missing heading.
  const said = page.locator("p.text-red-700:visible, [data-toast=error]");
  await expect(received.or(said).first()).toBeVisible();
  expect(await said.allInnerTexts(), "what the page said instead").toEqual([]);
  await expect(received).toBeFocused();
  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({ name: "Kim Keys", service: "carpet" });
});

test("the confirmation is on the screen at desktop width too, and what happens next is axe clean", {
  tag: "@desktop",
}, async ({ page }) => {
  await openContact(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const message = uniqueMessage("Desktop confirmation");
  const fields = await fillRequest(page, message);
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await fields.send.click();
  await expectToastPlaced(page, page.getByText(successToast), "the success toast");
  await expect(page.getByRole("heading", { name: /^Request received/ })).toBeFocused();
  await expectNoAxeViolations(page, "/contact, request received");
});
