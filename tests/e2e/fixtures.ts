import { test as base, expect } from "@playwright/test";

type Fixtures = {
  /** Console errors the test expects (e.g. the 404 page's log); anything else fails the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Leave the welcome popup to appear (it is suppressed by default so it cannot cover pages). */
  firstVisit: boolean;
};

/**
 * The shared test: fails on any uncaught page error or unexpected console error, and marks the
 * visitor as returning unless a test opts into a first visit.
 */
export const test = base.extend<Fixtures>({
  firstVisit: [false, { option: true }],
  allowConsoleErrors: [
    async ({ page, firstVisit }, use) => {
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
      await use((pattern) => allowed.push(pattern));
      expect(problems, "page errors and unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
