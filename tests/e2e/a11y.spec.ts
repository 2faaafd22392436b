import { expect, test, waitForHydration } from "./fixtures";
import { expectNoAxeViolations, headingLevels, skippedLevels } from "./helpers/axe";
import { routes, serviceCardTitles, unknownPath } from "./helpers/site";

/**
 * On phones, the pages whose layout differs most from the desktop one (header, hero, grids, form,
 * carousel); every page is checked at desktop width. Keeps the run within minutes on 2 cores.
 */
const phoneSample = new Set([
  "/",
  "/services",
  "/contact",
  "/king-prussia",
  "/carpet-cleaning",
  unknownPath,
]);

// product.md, Quality bars: @axe-core/playwright on every route with no violations at all.
test.describe("accessibility of every page", () => {
  for (const path of [...routes.map((route) => route.path), unknownPath]) {
    // Pages outside the phone sample are checked at desktop width only.
    const tag = phoneSample.has(path) ? [] : ["@desktop"];
    test(`${path} has no axe violations and no skipped heading levels`, { tag }, async ({
      page,
      allowConsoleErrors,
    }) => {
      if (path === unknownPath) {
        allowConsoleErrors(/^404 Error: User attempted to access non-existent route:/);
        allowConsoleErrors(/^Failed to load resource: the server responded with a status of 404/);
      }
      await page.goto(path);
      await waitForHydration(page);
      const levels = await headingLevels(page);
      expect(skippedLevels(levels), `heading outline of ${path}`).toEqual([]);
      await expectNoAxeViolations(page, path);
    });
  }
});

test.describe("accessibility of open overlays", () => {
  test.describe(() => {
    test.use({ firstVisit: true });

    test("the welcome popup, open", async ({ page }) => {
      await page.goto("/about");
      const dialog = page.getByRole("dialog", { name: /20% Off/i });
      await expect(dialog).toBeVisible({ timeout: 10_000 });
      await expectNoAxeViolations(page, "/about with the welcome popup");
    });
  });

  test("a service detail dialog, open", async ({ page }) => {
    await page.goto("/services");
    await waitForHydration(page);
    const title = serviceCardTitles[0];
    await page.getByRole("button", { name: new RegExp(`^${title}\\b`) }).click();
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await expectNoAxeViolations(page, `/services with the ${title} dialog`);
  });

  test("the mobile menu, open", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the mobile menu");
  });
});
