import type { Locator, Page } from "@playwright/test";
import { quietAfterTypingMs } from "../../app/islands/welcome-offer";
import { expect, test, waitForIsland, waitForIslands } from "./fixtures";
import { mainText } from "./helpers/html";
import { business, serviceCardTitles, telHref, towns } from "./helpers/site";

/** product.md, Widgets: one second after load, flag hasVisitedBefore. */
const popupDelayMs = 1000;
const welcomeDialog = (page: Page) => page.getByRole("dialog", { name: /20% Off/i });

/**
 * Loads /contact under a paused clock, so the popup's one-second timer runs only when the test
 * moves time. Its island marks <body> ready once that timer is running.
 */
async function loadWithPausedClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto("/contact");
  await waitForIsland(page, "welcome-offer");
}

/**
 * Once the popup's markup is in the page (closed), whether it opens is decided within each move of
 * the paused clock: what the page shows right after one is final, nothing is left to wait for.
 */
async function popupMarkupLoaded(page: Page) {
  await expect(page.locator("dialog#welcome-offer")).toBeAttached();
}

/** Lets the popup's timer fire, then real time flow. */
async function passPopupDelay(page: Page) {
  await page.clock.runFor(popupDelayMs + 1);
  await page.clock.resume();
}

async function openWelcomePopup(page: Page) {
  await loadWithPausedClock(page);
  await passPopupDelay(page);
  await expect(welcomeDialog(page)).toBeVisible();
  return welcomeDialog(page);
}

const visitFlag = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem("hasVisitedBefore"));

/** After a reload and well past the delay, the popup stays away. */
async function expectNoPopupAfterReload(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.clock.pauseAt(Date.now() + 120_000);
  await page.goto("/contact");
  await waitForIslands(page);
  await waitForIsland(page, "menu");
  const loaded = scripts.length;
  await page.clock.runFor(popupDelayMs * 3);
  await page.clock.resume();
  // Kept: proving the popup never comes; an island that never starts gives no event to wait on.
  // This is about the time its code took to load and open it above (it loads on demand).
  await page.waitForTimeout(750);
  await expect(welcomeDialog(page)).toHaveCount(0);
  await expect(page.locator("dialog#welcome-offer")).toHaveCount(0);
  expect(
    scripts.filter((url) => /welcome-offer/.test(url)),
    "no popup code is fetched",
  ).toEqual([]);
  expect(scripts.length, "nothing loads as time passes").toBe(loaded);
  await expect(
    page.locator("body[data-island-ready]"),
    "the offer's island never starts",
  ).toHaveCount(0);
}

/**
 * Every widget journey runs twice: at the machine's speed, and with the CPU four times slower, so
 * that a widget usable before it is whole (a dialog that opens before its close handling is bound)
 * fails on every machine, not only on slow ones.
 */
for (const cpuSlowdown of [1, 4]) {
  test.describe(cpuSlowdown === 1 ? "widgets" : `widgets, CPU ${cpuSlowdown}x slower`, () => {
    test.use({ cpuSlowdown });
    // A journey drives a browser through many steps: 60 s on two shared cores, and longer on a
    // slower CPU. What it checks does not change.
    test.describe.configure({ timeout: 60_000 * cpuSlowdown });
    widgetJourneys();
  });
}

function widgetJourneys() {
  test.describe("welcome popup (product.md, Widgets)", () => {
    test.use({ firstVisit: true });

    test("stays closed for the first second, then opens with the new-customer offer", async ({
      page,
    }) => {
      await loadWithPausedClock(page);
      await popupMarkupLoaded(page);
      await page.clock.runFor(popupDelayMs - 1);
      // Its markup loads ahead of time, closed; it must not be open yet.
      await expect(welcomeDialog(page)).toHaveCount(0);
      await expect(page.locator("dialog[open]")).toHaveCount(0);

      await passPopupDelay(page);
      const dialog = welcomeDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/20%/).first()).toBeVisible();
      await expect(dialog.getByText(/first professional cleaning service/i)).toBeVisible();
      await expect(dialog.getByText(/new customers only/i)).toBeVisible();

      const callNow = dialog.getByRole("link", { name: "Call Now" });
      await expect(callNow).toHaveAttribute("href", telHref(business.offerPhone));
      expect(business.offerPhone.e164, "Call Now uses its own number").not.toBe(
        business.phone.e164,
      );
      await expect(page.getByRole("banner").getByRole("link", { name: /Call/ })).toHaveAttribute(
        "href",
        telHref(business.phone),
      );
      expect(await visitFlag(page), "showing the popup alone remembers nothing").toBeNull();
      // Said once: the form's box for browsers without JavaScript is not on this page.
      await expect(page.getByText(/Claim our welcome offer/)).toHaveCount(0);
    });

    test("waits while a field has focus and until typing has paused, then opens", async ({
      page,
    }) => {
      await loadWithPausedClock(page);
      await popupMarkupLoaded(page);
      const name = page.getByRole("textbox", { name: "Name", exact: true });
      await name.focus();
      await page.keyboard.type("Jordan Alvarez");
      await page.clock.runFor(popupDelayMs * 3);
      await expect(page.locator("dialog[open]"), "not while a field has focus").toHaveCount(0);
      await expect(name).toHaveValue("Jordan Alvarez");

      // Leaving the field is not enough right after typing: the pause since the last keystroke
      // (at the start of the three seconds above) must be over.
      await name.blur();
      const pauseLeft = quietAfterTypingMs - popupDelayMs * 3;
      await page.clock.runFor(pauseLeft - 500);
      await expect(page.locator("dialog[open]"), "not within the pause").toHaveCount(0);
      await page.clock.runFor(1000);
      await page.clock.resume();
      await expect(welcomeDialog(page)).toBeVisible();
      expect(await visitFlag(page), "no keystroke pressed one of its buttons").toBeNull();
    });

    test("the close button closes it, remembers the visit, and it does not come back", async ({
      page,
    }) => {
      const dialog = await openWelcomePopup(page);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      // The visit is stored on the dialog's "close" event, a task after it hides.
      await expect.poll(() => visitFlag(page)).toBe("true");
      await expectNoPopupAfterReload(page);
    });

    test("Escape closes it and remembers the visit", async ({ page }) => {
      const dialog = await openWelcomePopup(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // The visit is stored on the dialog's "close" event, a task after it hides.
      await expect.poll(() => visitFlag(page)).toBe("true");
      await expectNoPopupAfterReload(page);
    });

    test("Call Now remembers the visit", async ({ page }) => {
      const dialog = await openWelcomePopup(page);
      // Keep the test on the page: the browser would hand tel: to the phone app.
      await page.evaluate(() =>
        document.addEventListener("click", (event) => {
          if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
        }),
      );
      await dialog.getByRole("link", { name: "Call Now" }).click();
      await expect(dialog).toBeHidden();
      // The visit is stored on the dialog's "close" event, a task after it hides.
      await expect.poll(() => visitFlag(page)).toBe("true");
      await expectNoPopupAfterReload(page);
    });

    test("the second action remembers the visit too", async ({ page }) => {
      const dialog = await openWelcomePopup(page);
      const actions = dialog.getByRole("link").filter({ hasNotText: "Call Now" });
      await expect(actions).toHaveCount(1);
      await actions.click();
      await expect(dialog).toBeHidden();
      // The visit is stored on the dialog's "close" event, a task after it hides.
      await expect.poll(() => visitFlag(page)).toBe("true");
      await expectNoPopupAfterReload(page);
    });
  });

  test.describe("service detail dialog (product.md, Services)", () => {
    // One test per card, so that no test's time grows with the list.
    for (const title of serviceCardTitles) {
      test(`the ${title} card opens its service: image, description, five key features, quote and call`, async ({
        page,
      }) => {
        await page.goto("/services");
        await waitForIslands(page);
        const card = page.getByRole("button", { name: new RegExp(`^${title}\\b`) });
        await card.click();
        const dialog = page.getByRole("dialog", { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("img").first()).toHaveAccessibleName(/\w/);
        await expect(dialog).toHaveAccessibleDescription(/\w.{30,}/);
        await expect(dialog.getByRole("heading", { name: "Key Features" })).toBeVisible();
        await expect(dialog.getByRole("list").getByRole("listitem")).toHaveCount(5);
        await expect(dialog.getByRole("link", { name: "Get a Quote" })).toHaveAttribute(
          "href",
          "/contact",
        );
        await expect(dialog.getByRole("link", { name: "Call Us" })).toHaveAttribute(
          "href",
          telHref(business.phone),
        );
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      });
    }

    test("takes focus, keeps Tab inside, closes on Escape and gives focus back to the card", async ({
      page,
    }) => {
      await page.goto("/services");
      await waitForIslands(page);
      const title = serviceCardTitles[2];
      const card = page.getByRole("button", { name: new RegExp(`^${title}\\b`) });
      await card.click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      const where = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return "outside the page";
          return active.closest("dialog[open]")
            ? "dialog"
            : `page: ${active.outerHTML.slice(0, 80)}`;
        });
      expect(await where(), "focus moves into the dialog").toBe("dialog");

      // A modal dialog makes the page behind it inert: Tab and Shift+Tab visit the dialog's controls
      // and, past the last one, the browser's own controls ("outside the page"), never the page.
      const seen = new Set<string>();
      for (const key of [...Array(8).fill("Tab"), ...Array(8).fill("Shift+Tab")]) {
        await page.keyboard.press(key);
        const place = await where();
        seen.add(place);
        expect(["dialog", "outside the page"], `after ${key}`).toContain(place);
      }
      expect(seen.has("dialog")).toBe(true);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("a card still opens its details", async ({ page }) => {
        await page.goto("/services");
        const title = serviceCardTitles[0];
        await page.getByRole("button", { name: new RegExp(`^${title}\\b`) }).click();
        const dialog = page.getByRole("dialog", { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("list").getByRole("listitem")).toHaveCount(5);
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(dialog).toBeHidden();
      });
    });
  });

  /** The carousel and its slides (product.md, Widgets). */
  function carouselParts(page: Page) {
    const carousel = page
      .getByRole("group", { name: /client testimonials/i })
      .and(page.locator('[aria-roledescription="carousel"]'));
    return {
      carousel,
      slides: carousel.getByRole("listitem").and(page.locator('[aria-roledescription="slide"]')),
      previous: carousel.getByRole("button", { name: /previous/i }),
      next: carousel.getByRole("button", { name: /next/i }),
      dots: carousel.getByRole("button", { name: /^Show review \d of 5$/ }),
      status: carousel.locator("[data-carousel-status]"),
    };
  }

  /** How many slides fit the carousel's window, and which one is at its start. */
  function measure(carousel: Locator) {
    return carousel.evaluate((root) => {
      const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
      const viewport = slides[0]?.parentElement?.parentElement;
      if (!viewport) throw new Error("no carousel viewport");
      const frame = viewport.getBoundingClientRect();
      const first = slides
        .map((slide) => ({
          label: slide.getAttribute("aria-label"),
          left: slide.getBoundingClientRect().left,
        }))
        .sort((a, b) => Math.abs(a.left - frame.left) - Math.abs(b.left - frame.left))[0];
      const width = slides[0]?.getBoundingClientRect().width ?? 1;
      return { perView: Math.round(frame.width / width), first: first?.label ?? null };
    });
  }

  async function firstSlide(carousel: Locator) {
    return (await measure(carousel)).first;
  }

  test.describe("testimonials carousel (product.md, Widgets)", () => {
    test("shows five five-star testimonials, one from each town", async ({ page }) => {
      await page.goto("/");
      const { slides } = carouselParts(page);
      await expect(slides).toHaveCount(5);
      const locations: string[] = [];
      for (const slide of await slides.all()) {
        await expect(slide.getByText("Rated 5 out of 5")).toBeAttached();
        const text = (await slide.textContent()) ?? "";
        const town = towns.find((candidate) => text.includes(`${candidate.name}, PA`));
        expect(town, `a town in: ${text.slice(0, 80)}…`).toBeDefined();
        locations.push(town?.name ?? "");
      }
      expect(new Set(locations).size).toBe(5);
    });

    // Resizes the window: desktop only.
    // The buttons used to show from 768 px only; on a phone nothing said there were five reviews;
    // now the buttons, a dot per review and "Review 1 of 5" now show at every width.
    test("shows 1, 2 and 3 slides per view at 390, 768 and 1280 px, with buttons, dots and where it is", {
      tag: "@desktop",
    }, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await waitForIslands(page);
      const { carousel, previous, next, dots, status } = carouselParts(page);
      for (const [width, perView, showing] of [
        [390, 1, "Review 1 of 5"],
        [768, 2, "Reviews 1–2 of 5"],
        [1280, 3, "Reviews 1–3 of 5"],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await carousel.scrollIntoViewIfNeeded();
        await expect
          .poll(async () => (await measure(carousel)).perView, `at ${width}px`)
          .toBe(perView);
        await expect(previous).toBeInViewport();
        await expect(next).toBeInViewport();
        await expect(dots).toHaveCount(5);
        for (const dot of await dots.all()) await expect(dot).toBeInViewport();
        await expect(status).toHaveText(showing);
        await expect(status).toBeInViewport();
        await expect(carousel.locator("[data-carousel-dot][data-in-view]")).toHaveCount(perView);
      }
    });

    // The buttons show from medium screens up.
    test("next and previous move it one slide, and it loops from the first to the last", {
      tag: "@desktop",
    }, async ({ page }) => {
      await page.goto("/");
      await waitForIslands(page);
      const { carousel, previous, next } = carouselParts(page);
      await carousel.scrollIntoViewIfNeeded();
      await expect(next).toBeEnabled();
      expect(await firstSlide(carousel)).toBe("1 of 5");
      await next.click();
      await expect.poll(() => firstSlide(carousel)).toBe("2 of 5");
      await previous.click();
      await expect.poll(() => firstSlide(carousel)).toBe("1 of 5");
      await previous.click();
      await expect.poll(() => firstSlide(carousel)).toBe("5 of 5");
      await next.click();
      await expect.poll(() => firstSlide(carousel)).toBe("1 of 5");
    });

    test("on a phone: how many reviews, which one, and a way to each; tap targets in reach", {
      tag: "@phone",
    }, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await waitForIslands(page);
      const { carousel, next, previous, dots, status } = carouselParts(page);
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel.getByText("swipe for more")).toBeVisible();
      await expect(status).toHaveText("Review 1 of 5");
      await expect(status).toHaveAttribute("aria-live", "polite");
      await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
      for (const control of [previous, next, ...(await dots.all())]) {
        await expect(control).toBeInViewport();
        const box = await control.boundingBox();
        // WCAG 2.5.8: at least 24 by 24 px.
        expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
      }
      await next.tap();
      await expect(status).toHaveText("Review 2 of 5");
      await expect.poll(() => firstSlide(carousel)).toBe("2 of 5");
      await dots.nth(4).tap();
      await expect(status).toHaveText("Review 5 of 5");
      await expect.poll(() => firstSlide(carousel)).toBe("5 of 5");
      await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
      await expect(dots.nth(0)).not.toHaveAttribute("aria-current", "true");
      await next.tap();
      await expect(status).toHaveText("Review 1 of 5");
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("shows no button or dot, none of which could work, and its row scrolls to each review", async ({
        page,
      }) => {
        await page.goto("/");
        const { carousel, slides, previous, next, dots, status } = carouselParts(page);
        await carousel.scrollIntoViewIfNeeded();
        await expect(status).toHaveText("5 reviews");
        for (const control of [previous, next, ...(await dots.all())])
          await expect(control).toBeHidden();
        await expect(carousel.getByRole("button")).toHaveCount(0);
        // The row itself scrolls (a swipe, a trackpad, the keyboard on its focusable row).
        const last = slides.last();
        await expect(last).not.toBeInViewport();
        await last.scrollIntoViewIfNeeded();
        await expect(last).toBeInViewport();
        await expect(last.getByRole("blockquote")).toBeVisible();
      });
    });

    test("with JavaScript its buttons and dots are laid out from the first paint: starting moves nothing", async ({
      page,
    }) => {
      await page.goto("/");
      const { carousel, next } = carouselParts(page);
      await carousel.scrollIntoViewIfNeeded();
      // Measured within its own section: the sections above it are content-visibility: auto and
      // take their real heights (429.25 px, not the 800 px placeholder) as they are laid out,
      // which moves the whole page, not the carousel within its section.
      const boxInSection = () =>
        carousel.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const section = element.closest("section")?.getBoundingClientRect();
          return { x: box.x, y: box.y - (section?.y ?? 0), width: box.width, height: box.height };
        });
      const before = await boxInSection();
      await expect(next).toBeVisible();
      await expect(next).toBeEnabled();
      expect(await boxInSection()).toEqual(before);
    });

    test("arrow keys move the focused carousel", async ({ page }) => {
      await page.goto("/");
      await waitForIslands(page);
      const { carousel } = carouselParts(page);
      await carousel.scrollIntoViewIfNeeded();
      // It starts once near the screen, and only then takes the focus (before, its row does).
      await expect(carousel).toHaveAttribute("tabindex", "0");
      await carousel.focus();
      await expect(carousel).toBeFocused();
      expect(await firstSlide(carousel)).toBe("1 of 5");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => firstSlide(carousel)).toBe("2 of 5");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => firstSlide(carousel)).toBe("1 of 5");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => firstSlide(carousel)).toBe("5 of 5");
    });
  });

  /** product.md, Widgets: targets 10+, 500+, 100%. */
  const statTargets = ["10+", "500+", "100%"];

  /** Records, per counter, every text it shows from the first paint on. Runs in the page. */
  function recordCounterTexts() {
    const seen: string[][] = [];
    (window as Window & { __counterTexts?: string[][] }).__counterTexts = seen;
    const read = () => {
      document.querySelectorAll('[data-testid="stat-value"]').forEach((value, index) => {
        const texts = seen[index] ?? [];
        seen[index] = texts;
        const text = value.textContent ?? "";
        if (texts[texts.length - 1] !== text) texts.push(text);
      });
    };
    new MutationObserver(read).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }

  const counterTexts = (page: Page) =>
    page.evaluate(() => (window as Window & { __counterTexts?: string[][] }).__counterTexts ?? []);

  /** Scrolls so that `share` of the element's height shows at the bottom of the window. */
  /**
   * Scrolls down until the element sits just below the fold, measuring again after every step:
   * sections below the fold render only as they come near (content-visibility), and take their real
   * height then, so one jump computed on the placeholder heights would land somewhere else.
   */
  function bringJustBelowTheFold(element: Locator) {
    return element.evaluate(async (node) => {
      // The next frame begins once the one after the scroll is laid out and painted.
      const frame = () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let step = 0; step < 50; step += 1) {
        const gap = node.getBoundingClientRect().top - window.innerHeight;
        if (gap >= 0 && gap < 40) return;
        window.scrollBy(0, Math.min(gap - 20, window.innerHeight / 2));
        await frame();
      }
    });
  }

  /**
   * Resolves once an IntersectionObserver of the test's own has reported where the element is:
   * the observers of the page, told in the same step, have had their say too.
   */
  function positionObserved(element: Locator) {
    return element.evaluate(
      (node) =>
        new Promise<void>((done) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            done();
          });
          observer.observe(node.parentElement ?? node);
        }),
    );
  }

  function revealShare(element: Locator, share: number) {
    return element.evaluate((node, part) => {
      const box = node.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + box.top - window.innerHeight + box.height * part);
    }, share);
  }

  test.describe("statistic counters (product.md, Widgets)", () => {
    test("the prerendered page already holds the final figures", async ({ request }) => {
      const text = mainText(await (await request.get("/services")).text());
      for (const figure of statTargets) expect(text).toContain(figure);
    });

    test("start at 0 off screen, wait until 30% visible, then count up to 10+, 500+ and 100%", async ({
      page,
    }) => {
      await page.addInitScript(recordCounterTexts);
      await page.goto("/services");
      await waitForIslands(page);
      const values = page.getByTestId("stat-value");

      // Just below the fold the counters' island has started (it starts near the viewport), and
      // every figure waits at 0. The first counter 15% in view: below the threshold, nothing moves.
      const first = page.getByText("Years of Experience").locator("xpath=preceding-sibling::p[1]");
      await bringJustBelowTheFold(first);
      await waitForIsland(page, "counters");
      await expect(values).toHaveText(["0+", "0+", "0%"]);
      // The page's clock paused: a count that started moves only when the test moves time.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await revealShare(first, 0.15);
      await positionObserved(first);
      await page.clock.runFor(1000);
      await expect(values.first()).toHaveText("0+");
      await page.clock.resume();

      await revealShare(first, 1);
      await values.last().scrollIntoViewIfNeeded();
      await expect(values).toHaveText(statTargets, { timeout: 4000 });

      // It counted: after the reset to 0, rising intermediate values up to the target.
      const clients = (await counterTexts(page))[1] ?? [];
      const counted = clients.slice(clients.indexOf("0+")).map((text) => Number(text.slice(0, -1)));
      expect(counted[0], `client counter texts: ${clients.join(" ")}`).toBe(0);
      expect(counted.filter((value) => value > 0 && value < 500).length).toBeGreaterThan(2);
      expect(
        counted.filter((value) => !(value >= 0)),
        `never below 0 or not a number: ${clients.join(" ")}`,
      ).toEqual([]);
      expect(counted).toEqual([...counted].sort((a, b) => a - b));
      expect(counted.at(-1)).toBe(500);
    });

    test("with reduced motion show the final figures at once and never 0", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.addInitScript(recordCounterTexts);
      await page.goto("/services");
      await waitForIslands(page);
      const values = page.getByTestId("stat-value");
      await expect(values).toHaveText(statTargets);
      await values.first().scrollIntoViewIfNeeded();
      // Started near the screen: whatever it would show, it has shown by the time it is ready.
      await waitForIsland(page, "counters");
      await expect(values).toHaveText(statTargets);
      const shown = (await counterTexts(page)).flat();
      expect(shown.length).toBeGreaterThan(0);
      expect(
        shown.filter((text) => /^0\D/.test(text)),
        "a zero was shown",
      ).toEqual([]);
    });
  });
}
