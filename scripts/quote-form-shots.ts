/**
 * `npm run screenshots -- --quote-states`: the quote form's states as a visitor sees them, at
 * 390 px and 1280 px, into docs/images/ (linked from docs/product.md): the empty form, the popup
 * held back while the visitor types, the confirmation with its toast, the error, and without
 * JavaScript the thank-you page and the function's page that says what to fix. Each is what is on
 * the screen at that moment (the viewport), stored as a small palette PNG.
 */
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import sharp from "sharp";

export type Width = { width: number; height: number; mobile: boolean };

const visitor = {
  name: "Jordan Alvarez",
  email: "jordan@example.org",
  phone: "(484) 555-0123",
  service: "carpet",
  message: "Two bedrooms of carpet and the stairs, before we move out on the 30th.",
};

async function fill(page: Page, values: Partial<typeof visitor> = {}) {
  const filled = { ...visitor, ...values };
  await page.fill("#contact-name", filled.name);
  await page.fill("#contact-email", filled.email);
  await page.fill("#contact-phone", filled.phone);
  await page.selectOption("#contact-service", filled.service);
  await page.fill("#contact-message", filled.message);
}

async function openForm(page: Page) {
  await page.goto("/contact");
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await page.waitForSelector("[data-island='contact-form'][data-island-ready]");
}

/** The spam filter stores anything sent within 3 s of the page's load as spam. */
const likeAPerson = (page: Page) =>
  page.waitForFunction(() => performance.now() > 3500, undefined, { timeout: 10_000 });

/** Each state: how to reach it, and whether the page runs JavaScript and is a first visit. */
const states: {
  name: string;
  script?: boolean;
  firstVisit?: boolean;
  reach: (page: Page) => Promise<void>;
}[] = [
  {
    name: "empty",
    reach: async (page) => {
      await openForm(page);
      // The form's card from its heading, just below the sticky header.
      await page.evaluate(() => document.querySelector("#quote h2")?.scrollIntoView());
      await page.evaluate(() => window.scrollBy(0, -40));
    },
  },
  {
    name: "popup-waits",
    firstVisit: true,
    reach: async (page) => {
      await page.goto("/contact");
      await page.locator("#contact-name").click();
      await page.keyboard.type(visitor.name, { delay: 120 });
      await page.locator("#contact-email").click();
      await page.keyboard.type("jordan@exa", { delay: 120 });
    },
  },
  {
    name: "sent",
    reach: async (page) => {
      await openForm(page);
      await fill(page);
      await likeAPerson(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Thank you! We'll contact you soon.").waitFor();
      await page.waitForTimeout(600);
    },
  },
  {
    name: "error",
    reach: async (page) => {
      await page.route("**/functions/v1/send-contact-email", (route) =>
        route.fulfill({ status: 503, json: { error: "We could not save your request." } }),
      );
      await openForm(page);
      await fill(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Failed to send message. Please try calling us directly.").waitFor();
      await page.locator("#contact-message").scrollIntoViewIfNeeded();
      await page.waitForTimeout(600);
    },
  },
  {
    name: "no-js-thank-you",
    script: false,
    reach: async (page) => {
      await page.goto("/contact");
      await fill(page, { message: `${visitor.message} (${Date.now()})` });
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.waitForURL(/\/thank-you$/);
    },
  },
  {
    name: "no-js-error",
    script: false,
    reach: async (page) => {
      await page.goto("/contact");
      await fill(page, { service: "other" });
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("heading", { name: "Please check your request" }).waitFor();
    },
  },
];

/**
 * Few colours, no dithering and the best compression: flat UI (and the heroes' gradients, banded a
 * little) compress to a few tens of KB.
 */
export async function savePalettePng(png: Buffer, file: string) {
  await sharp(png)
    .png({ palette: true, quality: 70, colours: 32, dither: 0, compressionLevel: 9, effort: 10 })
    .toFile(file);
}

export async function shootQuoteStates(
  browser: Browser,
  base: string,
  widths: readonly Width[],
  out: string,
): Promise<string[]> {
  const saved: string[] = [];
  for (const { width, height, mobile } of widths) {
    for (const state of states) {
      const options: BrowserContextOptions = {
        baseURL: base,
        viewport: { width, height },
        deviceScaleFactor: 1,
        isMobile: mobile,
        hasTouch: mobile,
        reducedMotion: "reduce",
        javaScriptEnabled: state.script ?? true,
      };
      const context = await browser.newContext(options);
      if (!state.firstVisit)
        await context.addInitScript(() => window.localStorage.setItem("hasVisitedBefore", "true"));
      const page = await context.newPage();
      await state.reach(page);
      const file = join(out, `quote-${state.name}-${width}.png`);
      await savePalettePng(await page.screenshot(), file);
      saved.push(file);
      await context.close();
    }
  }
  return saved;
}
