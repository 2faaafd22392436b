import type { Page } from "@playwright/test";
import { expect, test, waitForIslands } from "./fixtures";
import { escapeRegExp } from "./helpers/html";
import { business, telHref, towns } from "./helpers/site";

/** product.md, Shared layout: the header's links. */
const navigation = [
  { path: "/", label: "Home" },
  { path: "/about", label: "About Us" },
  { path: "/services", label: "Services" },
  { path: "/contact", label: "Contact" },
] as const;

/** The visible navigation: the header's on wide screens, the menu's on phones. */
function navLinks(page: Page, isMobile: boolean) {
  const name = isMobile ? "Mobile" : "Main";
  return page.getByRole("navigation", { name, exact: true });
}

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

test.describe("header", () => {
  test("has the logo link home, the click-to-call phone and Book Now", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(
      header.getByRole("link", { name: new RegExp(escapeRegExp(business.name)) }),
    ).toHaveAttribute("href", "/");
    await expect(
      header.getByRole("link", {
        name: new RegExp(`Call.*${escapeRegExp(business.phone.display)}`),
      }),
    ).toHaveAttribute("href", telHref(business.phone));
    const book = header.getByRole("link", { name: "Book Now" });
    await expect(book).toBeVisible();
    await expect(book).toHaveAttribute("href", "/contact");

    await waitForIslands(page);
    await header.getByRole("link", { name: new RegExp(escapeRegExp(business.name)) }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("on a phone shows the business's name beside the mark, with the call, Book Now and menu buttons", {
    tag: "@phone",
  }, async ({ page }) => {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/about");
      const header = page.getByRole("banner");
      const parts = {
        name: header.locator("[data-business-name]").first(),
        call: header.getByRole("link", { name: /^Call/ }),
        book: header.getByRole("link", { name: "Book Now" }),
        menu: menuButton(page),
      };
      await expect(parts.name).toBeVisible();
      await expect(parts.name).toContainText(/Keystone\s*Shine/);
      const boxes = [];
      for (const [part, locator] of Object.entries(parts)) {
        await expect(locator, `${part} at ${width} px`).toBeInViewport({ ratio: 1 });
        const box = await locator.boundingBox();
        if (!box) throw new Error(`${part} has no box`);
        boxes.push({ part, ...box });
      }
      // Side by side, left to right, none over another.
      for (let index = 1; index < boxes.length; index++) {
        const [left, right] = [boxes[index - 1], boxes[index]];
        expect(
          left && right && left.x + left.width <= right.x,
          `${left?.part} | ${right?.part}`,
        ).toBe(true);
      }
      // The name is text a person reads, not a sliver: at least "Keystone" wide and legible.
      expect(boxes[0]?.width ?? 0).toBeGreaterThan(50);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });

  test("stays at the top of the window while the page scrolls", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const header = page.getByRole("banner");
    await expect(header).toBeInViewport();
    expect((await header.boundingBox())?.y).toBe(0);
  });

  test("marks the current page's link with aria-current=page, and only that one", async ({
    page,
    isMobile,
  }) => {
    for (const current of navigation) {
      await page.goto(current.path);
      if (isMobile) {
        await waitForIslands(page);
        await menuButton(page).click();
      }
      const nav = navLinks(page, isMobile);
      for (const item of navigation) {
        const link = nav.getByRole("link", { name: item.label, exact: true });
        await expect(link).toHaveAttribute("href", item.path);
        if (item === current) await expect(link).toHaveAttribute("aria-current", "page");
        else await expect(link).not.toHaveAttribute("aria-current", "page");
      }
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
    // A page outside the navigation marks none of its links.
    await page.goto(towns[0].path);
    await expect(page.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test("on wide screens shows the navigation and no menu button", { tag: "@desktop" }, async ({
    page,
  }) => {
    await page.goto("/");
    await expect(navLinks(page, false)).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
  });
});

// The menu is for small screens.
test.describe("mobile menu", { tag: "@phone" }, () => {
  test("is closed at first; the button opens it; choosing a link navigates and closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForIslands(page);
    const menu = navLinks(page, true);
    await expect(navLinks(page, false)).toBeHidden();
    await expect(menu).toBeHidden();

    await menuButton(page).click();
    await expect(menu).toBeVisible();
    for (const item of navigation) {
      await expect(menu.getByRole("link", { name: item.label, exact: true })).toBeVisible();
    }

    await menu.getByRole("link", { name: "About Us", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await expect(menu).toBeHidden();

    // The button toggles: a second press closes it again.
    await menuButton(page).click();
    await expect(menu).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("Escape closes the menu and focus returns to the menu button", async ({ page }) => {
    await page.goto("/services");
    await waitForIslands(page);
    const menu = navLinks(page, true);
    await menuButton(page).click();
    await expect(menu).toBeVisible();
    // Move focus into the menu, then leave with Escape.
    await page.keyboard.press("Tab");
    const focusInMenu = await page.evaluate(
      () => document.activeElement?.closest("#mobile-menu") !== null,
    );
    expect(focusInMenu, "Tab moves from the button into the open menu").toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe("footer", () => {
  test("has the founder blurb, phone, e-mail, hours and the five service areas", async ({
    page,
  }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(new RegExp(`founded by ${escapeRegExp(business.founder.name)}`)),
    ).toBeVisible();
    await expect(footer.getByRole("link", { name: business.phone.display })).toHaveAttribute(
      "href",
      telHref(business.phone),
    );
    await expect(footer.getByRole("link", { name: business.email })).toHaveAttribute(
      "href",
      `mailto:${business.email}`,
    );
    // product.md, Business facts: Monday to Saturday 8:00 AM to 7:00 PM; Sunday closed.
    await expect(footer.getByText(/Monday (to|–|-) Saturday/)).toBeVisible();
    await expect(footer.getByText(/8(:00)?\s?AM\s(to|–|-)\s7(:00)?\s?PM/)).toBeVisible();
    await expect(footer.getByText(/Sunday.*Closed/i)).toBeVisible();
    for (const town of towns) {
      await expect(
        footer.getByRole("link", { name: new RegExp(escapeRegExp(town.name)) }),
      ).toHaveAttribute("href", town.path);
    }
  });
});

test.describe("skip link", () => {
  test("is the first stop for the keyboard and moves focus to the main content", async ({
    page,
  }) => {
    await page.goto("/about");
    await waitForIslands(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab lands inside the main content, past the header.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(() => document.activeElement?.closest("main") !== null);
    expect(inMain).toBe(true);
  });
});
