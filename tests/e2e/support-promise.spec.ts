/**
 * "24/7 customer support" sits on pages whose hours say "Sunday: Closed" (the footer is on every
 * page, the contact page's cards stand side by side): wherever the claim appears, what it means is
 * said with it, so the two read as one promise.
 */
import { expect, test } from "./fixtures";
import { routes } from "./helpers/site";

test.use({ javaScriptEnabled: false });

test("every 24/7 claim says what it promises: a message any time, an answer within 24 hours", {
  tag: "@desktop",
}, async ({ page }) => {
  let claims = 0;
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page.getByRole("contentinfo").getByText(/Sunday.*Closed/)).toBeAttached();
    const unexplained = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let count = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.includes("24/7")) continue;
        count += 1;
        // The claim's own line, or the card it heads (a title and its description).
        let block = node.parentElement;
        let explained = false;
        for (let level = 0; block && level < 3; level++, block = block.parentElement) {
          const text = block.textContent ?? "";
          if (/leave a message any time/.test(text) && /within 24 hours/.test(text)) {
            explained = true;
            break;
          }
        }
        if (!explained) found.push(node.parentElement?.outerHTML.slice(0, 200) ?? "?");
      }
      return { found, count };
    });
    claims += unexplained.count;
    expect(unexplained.found, `${route.path}: 24/7 without what it means`).toEqual([]);
  }
  // Home, contact, five towns and the commercial page make the claim.
  expect(claims).toBeGreaterThanOrEqual(8);
});
