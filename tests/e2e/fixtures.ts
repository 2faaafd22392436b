import { test as base, expect, type Page } from "@playwright/test";

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
      await page.addInitScript(installHydrationProbe);
      if (!firstVisit) {
        await page.addInitScript(() => window.localStorage.setItem("hasVisitedBefore", "true"));
      }
      await use((pattern) => allowed.push(pattern));
      expect(problems, "page errors and unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

type ProbeWindow = Window & { __e2eHydrated?: boolean; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };

/**
 * React reports each commit to the DevTools hook, if a page defines one before React loads; the
 * first "post commit" comes after hydration and its effects ran. Runs in the page.
 */
function installHydrationProbe() {
  const probe = window as ProbeWindow;
  probe.__e2eHydrated = false;
  probe.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {
      probe.__e2eHydrated = true;
    },
  };
}

/**
 * Resolves once React has hydrated the page and run its effects (timers started, listeners
 * attached). Polls from the test side, so it also works while page.clock holds time still.
 */
export async function waitForHydration(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as ProbeWindow).__e2eHydrated === true), {
      message: "React hydrated the page",
      intervals: [50, 100, 250],
    })
    .toBe(true);
}

export { expect };
