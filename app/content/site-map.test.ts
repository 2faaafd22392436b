import { describe, expect, it } from "vitest";
import routes from "../routes";
import { sitePages } from "./site-map";

// Besides the 15 pages: build-time resources, the 404 fallback, and the thank-you page the contact
// function sends a browser to (noindex, so not in the sitemap).
const resourceOrFallback = new Set([
  "thank-you",
  "sitemap.xml",
  "robots.txt",
  "site.webmanifest",
  "welcome-offer.html",
  "*",
]);

function pagePaths() {
  return routes
    .filter((entry) => entry.index || !resourceOrFallback.has(entry.path ?? ""))
    .map((entry) => (entry.index ? "/" : `/${entry.path}`));
}

describe("site map", () => {
  it("lists exactly the 15 pages that routes.ts serves", () => {
    expect(pagePaths()).toHaveLength(15);
    expect(sitePages.map((page) => page.path).sort()).toEqual(pagePaths().sort());
  });

  it("mounts the shared town and service modules under distinct ids", () => {
    const ids = routes.map((entry) => entry.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
