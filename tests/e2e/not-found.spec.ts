import { expect, test, waitForHydration } from "./fixtures";
import { mainText } from "./helpers/html";

const logPrefix = "404 Error: User attempted to access non-existent route:";

/** Unknown paths: a plain one, one under a real page, and an encoded path traversal. */
const unknownPaths = ["/no-such-page", "/services/extra", "/..%2f..%2fetc/passwd"];

test.describe("unknown paths (product.md, 404 page)", () => {
  for (const path of unknownPaths) {
    test(`${path} answers 404 with the 404 page and logs the path`, async ({
      page,
      allowConsoleErrors,
    }) => {
      const logged: string[] = [];
      const notFound: string[] = [];
      allowConsoleErrors(new RegExp(`^${logPrefix}`));
      // Chromium reports the document's own 404; checked below to be the only one.
      allowConsoleErrors(/^Failed to load resource: the server responded with a status of 404/);
      page.on("console", (message) => {
        if (message.type() === "error") logged.push(message.text());
      });
      page.on("response", (answer) => {
        if (answer.status() === 404) notFound.push(new URL(answer.url()).pathname);
      });

      const response = await page.goto(path);
      expect(response?.status(), "HTTP status").toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      const home = page.getByRole("main").getByRole("link", { name: "Return to Home" });
      await expect(home).toHaveAttribute("href", "/");

      await waitForHydration(page);
      // The browser sends the path as typed; the page may log it encoded or decoded.
      const expected = [path, decodeURIComponent(path)].map((shown) => `${logPrefix} ${shown}`);
      await expect.poll(() => logged.find((text) => text.startsWith(logPrefix))).toBeDefined();
      expect(expected, `logged: ${logged.join(" | ")}`).toContain(
        logged.find((text) => text.startsWith(logPrefix)),
      );

      expect(notFound, "only the page itself is missing").toEqual([path]);

      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("404");
    });
  }

  // Plain HTTP: once is enough.
  test("the 404 answer's HTML already holds the page, for clients without JavaScript", {
    tag: "@desktop",
  }, async ({ request }) => {
    for (const path of unknownPaths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"]).toMatch(/text\/html/);
      const text = mainText(await response.text());
      expect(text).toContain("Oops! Page not found");
      expect(text).toContain("Return to Home");
      // A traversal must never reach a file outside the site.
      expect(text).not.toMatch(/root:.*:0:0:/);
    }
  });
});
