import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** Console errors the test expects (e.g. the 404 page's log); anything else fails the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Leave the welcome popup to appear (it is suppressed by default so it cannot cover pages). */
  firstVisit: boolean;
  /**
   * Slow the page's CPU by this factor (Chromium's CPU throttling, through CDP): a widget that is
   * usable before it is whole fails here on every machine, not only on slow ones.
   */
  cpuSlowdown: number;
};

/**
 * The shared test: fails on any uncaught page error or unexpected console error, and marks the
 * visitor as returning unless a test opts into a first visit.
 */
export const test = base.extend<Fixtures>({
  firstVisit: [false, { option: true }],
  cpuSlowdown: [1, { option: true }],
  allowConsoleErrors: [
    async ({ page, firstVisit, cpuSlowdown }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      if (!firstVisit) {
        await page.addInitScript(() => window.localStorage.setItem("hasVisitedBefore", "true"));
      }
      if (cpuSlowdown > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      }
      await use((pattern) => allowed.push(pattern));
      expect(problems, "page errors and unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Resolves once the islands due at load (the menu, the welcome offer, the service dialogs) have
 * started and those due near the screen wait for it (app/islands/start-islands.ts): a tap is heard
 * from then on. Polls from the test side, so it also works while page.clock holds time still. The
 * bound is generous: on a loaded machine with the CPU slowed four times, each island's script
 * takes seconds to arrive and run.
 */
export async function waitForIslands(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.islands === "started"), {
      message: "the islands due at load started",
      intervals: [50, 100, 250],
      timeout: 20_000,
    })
    .toBe(true);
}

/** Resolves once the island marked `name` has started (its element gets data-island-ready). */
export async function waitForIsland(page: Page, name: string) {
  await expect(page.locator(`[data-island="${name}"][data-island-ready]`).first()).toBeAttached();
}

export { expect };

/**
 * Waits until a person could have filled the form: the spam filter stores anything sent sooner
 * after page load than its minimum (functions/send-contact-email/base/config.ts) as spam, and a test
 * that types in milliseconds is no person.
 */
export async function waitLikeAPerson(page: Page, minimumMs = 3000) {
  await page.waitForFunction((ms) => performance.now() > ms, minimumMs + 500);
}
