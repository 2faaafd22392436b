import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One block per rule: what is wrong, where, and how to fix it. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? "").replace(/\n/g, "\n        ");
          return `    at ${node.target.join(" ")}\n      ${node.html.slice(0, 160)}\n        ${summary}`;
        })
        .join("\n");
      return `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
}

/**
 * Runs axe on the whole page as it is now; any violation fails, listed readably. Sections below the
 * fold skip painting until they come near the screen (content-visibility: auto, app/app.css), and
 * axe reads colours from what is painted: they are painted for the scan (a style set through the
 * CSSOM, which the page's CSP allows).
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).contentVisibility === "auto")
        element.style.contentVisibility = "visible";
    }
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => violation.id),
    `axe violations on ${label}:\n\n${describeViolations(violations)}\n`,
  ).toEqual([]);
}

/** Heading levels in document order, as assistive technology exposes them. */
export function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page.getByRole("heading").evaluateAll((headings) =>
    headings.map((heading) => ({
      level: Number(heading.getAttribute("aria-level") ?? heading.tagName.slice(1)),
      text: (heading.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60),
    })),
  );
}

/** Levels never skip on the way down (h2 then h4 is a skip; h4 then h2 is fine). */
export function skippedLevels(levels: { level: number; text: string }[]): string[] {
  const problems: string[] = [];
  if (levels[0]?.level !== 1)
    problems.push(`the first heading is not an h1: ${JSON.stringify(levels[0])}`);
  for (let index = 1; index < levels.length; index += 1) {
    const before = levels[index - 1];
    const current = levels[index];
    if (before && current && current.level > before.level + 1) {
      problems.push(`h${before.level} "${before.text}" -> h${current.level} "${current.text}"`);
    }
  }
  return problems;
}
