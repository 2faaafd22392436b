import { describe, expect, it } from "vitest";
import routes from "../app/routes.ts";
import { isSitePath, notFoundPath, pagePath, sitePaths, thankYouPath } from "./site-paths.ts";

// Build-time resources and the 404 fallback are not pages a visit can be counted on.
const notPages = new Set([
  "sitemap.xml",
  "robots.txt",
  "site.webmanifest",
  "welcome-offer.html",
  "*",
]);

describe("site paths", () => {
  it("are exactly the pages app/routes.ts serves, the thank-you page included", () => {
    const served = routes
      .filter((entry) => entry.index || !notPages.has(entry.path ?? ""))
      .map((entry) => (entry.index ? "/" : `/${entry.path}`));
    expect([...sitePaths].sort()).toEqual(served.sort());
    expect(sitePaths).toContain(thankYouPath);
  });

  it("recognise the 404 page and nothing the site does not serve", () => {
    expect(isSitePath("/exton")).toBe(true);
    expect(isSitePath(notFoundPath)).toBe(true);
    for (const path of [
      "/exton/",
      "/Exton",
      "/exton?x=1",
      "/wp-admin",
      "",
      "exton",
      "/sitemap.xml",
    ])
      expect(isSitePath(path), path).toBe(false);
  });

  it("name a page without its trailing slash", () => {
    expect(pagePath("/exton/")).toBe("/exton");
    expect(pagePath("/")).toBe("/");
    expect(pagePath("")).toBe("/");
  });
});
