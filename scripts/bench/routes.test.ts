import { describe, expect, it } from "vitest";
import {
  loadSitePaths,
  notFoundLabel,
  notFoundPath,
  selectRoutes,
  slugFor,
  unknownRoutes,
} from "./routes.ts";

describe("selectRoutes", () => {
  it("measures every site page, then the 404 page", () => {
    const routes = selectRoutes(["/", "/about"]);
    expect(routes.map((route) => [route.label, route.path, route.slug])).toEqual([
      ["/", "/", "home"],
      ["/about", "/about", "about"],
      [notFoundLabel, notFoundPath, "404"],
    ]);
    expect(routes.map((route) => route.notFound)).toEqual([false, false, true]);
  });

  it("takes a comma-separated subset in order, 404 naming the 404 page", () => {
    const routes = selectRoutes(["/", "/about"], " /about, 404,exton,/about ");
    expect(routes.map((route) => route.path)).toEqual(["/about", notFoundPath, "/exton"]);
  });
});

describe("slugFor", () => {
  it("gives file-name-safe names", () => {
    expect(slugFor("/")).toBe("home");
    expect(slugFor("/floor-strip-wax")).toBe("floor-strip-wax");
    expect(slugFor("/a/b?c")).toBe("a_b_c");
  });
});

describe("unknownRoutes", () => {
  it("names requested paths the site does not have, never the 404 page", () => {
    const routes = selectRoutes([], "/about,/post-construction-cleaning,404,/");
    expect(unknownRoutes(routes, ["/", "/about", "/post-construction"])).toEqual([
      "/post-construction-cleaning",
    ]);
    expect(unknownRoutes(selectRoutes(["/", "/about"]), ["/", "/about"])).toEqual([]);
  });
});

describe("loadSitePaths", () => {
  it("reads the 15 pages of app/content/site-map.ts", async () => {
    const paths = await loadSitePaths();
    expect(paths).toContain("/");
    expect(paths).toContain("/floor-strip-wax");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
