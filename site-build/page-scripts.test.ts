import { describe, expect, it } from "vitest";
import { chunkGraph, pageChunks, pageIslands } from "./page-scripts.ts";

// The shape of Vite's manifest for this site: the loader imports a helper statically and each
// island dynamically; an island imports shared code, the loader itself, and more code later.
const graph = chunkGraph({
  "app/entry.client.tsx": {
    file: "assets/entry.client-1.js",
    isEntry: true,
    imports: ["_preload-2.js"],
    dynamicImports: ["app/islands/menu.ts", "app/islands/contact-form.tsx"],
  },
  "_preload-2.js": { file: "assets/preload-2.js" },
  "app/islands/menu.ts": { file: "assets/menu-3.js", isDynamicEntry: true },
  "app/islands/contact-form.tsx": {
    file: "assets/contact-form-4.js",
    isDynamicEntry: true,
    imports: ["_react-5.js", "app/entry.client.tsx"],
    dynamicImports: ["shared/contact-schema.ts"],
  },
  "_react-5.js": { file: "assets/react-5.js" },
  "shared/contact-schema.ts": {
    file: "assets/contact-schema-6.js",
    isDynamicEntry: true,
    css: ["assets/toast-7.css"],
    assets: ["assets/icon-8.svg"],
  },
  "app/routes/home.tsx?__react-router-build-client-route": {
    file: "assets/home-9.js",
    isEntry: true,
    imports: ["_react-5.js"],
  },
});

describe("the chunk graph from Vite's manifest", () => {
  it("names the loader and what every page with islands starts with", () => {
    expect(graph.loader).toBe("/assets/entry.client-1.js");
    expect(graph.loaderFiles).toEqual(["assets/entry.client-1.js", "assets/preload-2.js"]);
  });

  it("gives each island its module and everything it loads now or later, not the loader's", () => {
    expect(graph.islands.get("menu")).toEqual(["assets/menu-3.js"]);
    expect(graph.islands.get("contact-form")).toEqual([
      "assets/contact-form-4.js",
      "assets/react-5.js",
      "assets/contact-schema-6.js",
    ]);
  });

  it("knows every file a page can load, and not React Router's route modules", () => {
    expect([...graph.reachable].sort()).toEqual([
      "assets/contact-form-4.js",
      "assets/contact-schema-6.js",
      "assets/entry.client-1.js",
      "assets/icon-8.svg",
      "assets/menu-3.js",
      "assets/preload-2.js",
      "assets/react-5.js",
      "assets/toast-7.css",
    ]);
  });
});

describe("a page's scripts", () => {
  it("are the loader's and those of the islands it marks, each once", () => {
    const html = '<nav data-island="menu"></nav><div data-island="menu"></div>';
    expect(pageChunks(graph, html)).toEqual([
      "assets/entry.client-1.js",
      "assets/preload-2.js",
      "assets/menu-3.js",
    ]);
    expect(pageChunks(graph, "<p>No islands</p>")).toEqual([]);
  });

  it("fail the build for an island the loader has no module for", () => {
    expect(() => pageIslands(graph, '<div data-island="carousel"></div>')).toThrow(
      /no module for island "carousel"/,
    );
  });
});
