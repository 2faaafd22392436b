import type { Locator, Page } from "@playwright/test";
import { decodeEntities } from "../../../site-build/html-entities";

/** The visible text of an HTML fragment, as a crawler without JavaScript reads it. */
export function mainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The text of every heading in `scope`, in document order. */
export function headingTexts(scope: Locator): Promise<string[]> {
  return scope
    .getByRole("heading")
    .evaluateAll((headings) =>
      headings.map((heading) => (heading.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
}

export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The named section holding both a call link and a link to /contact: a page's closing banner. */
export function closingBanner(page: Page, phoneDisplay: string): Locator {
  return page
    .getByRole("main")
    .getByRole("region")
    .filter({ has: page.getByRole("link", { name: new RegExp(escapeRegExp(phoneDisplay)) }) })
    .filter({ has: page.locator('a[href="/contact"]') })
    .last();
}

/** The JSON-LD blocks of the current document. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ""));
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}
