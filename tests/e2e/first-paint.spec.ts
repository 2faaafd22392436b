import { expect, test, waitForHydration } from "./fixtures";

/**
 * The first paint waits for no script (product.md, Quality bars). The build makes React Router's module script
 * wait for the first contentful paint before it imports anything (scripts/build/optimize-html.ts),
 * so on a slow connection no chunk download competes with the HTML the visitor is waiting for.
 */
for (const path of ["/", "/services", "/exton"]) {
  test(`${path} paints before it fetches any script, then hydrates`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
      return { firstPaint: paint?.startTime ?? null, scripts };
    });
    expect(timing.firstPaint, "the browser reported a first contentful paint").not.toBeNull();
    expect(timing.scripts.length, "the page loaded its chunks").toBeGreaterThan(3);
    for (const script of timing.scripts) {
      expect(script.start, `${script.name} starts after the first paint`).toBeGreaterThanOrEqual(
        timing.firstPaint ?? Number.POSITIVE_INFINITY,
      );
    }
  });
}
