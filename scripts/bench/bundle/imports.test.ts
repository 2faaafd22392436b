import { describe, expect, it } from "vitest";
import {
  dynamicImports,
  htmlModuleImports,
  loadGraph,
  modulePreloads,
  resolveSitePath,
  staticImports,
} from "./imports.ts";

// The bootstrap script React Router 8 prerenders at the end of <body>.
const html = `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body>
<script>window.__reactRouterContext = {};</script>
<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client-C.js");</script></body></html>`;

describe("htmlModuleImports", () => {
  it("reads the module script's imports, including the entry's immediate dynamic import", () => {
    expect(htmlModuleImports(html)).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-A.js",
      "/assets/home-B.js",
      "/assets/entry.client-C.js",
    ]);
  });
  it("reads module scripts by src and ignores classic scripts", () => {
    expect(
      htmlModuleImports('<script src="/x.js"></script><script type="module" src="/m.js"></script>'),
    ).toEqual(["/m.js"]);
  });
  it("finds modulepreload hints", () => {
    expect(modulePreloads(html)).toEqual(["/assets/a.js"]);
  });
});

describe("staticImports and dynamicImports", () => {
  // Rolldown's minified output: imports first, template-literal strings, lazy imports inside.
  const chunk =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/w.js"])))=>i.map(i=>d[i]);\n' +
    'import{$ as e,S as t}from"./jsx-runtime-D.js";import"./side-effect.js";import*as n from"./ns.js";' +
    'export{a as b}from"./re.js";var x={name:`import`};const w=()=>import(`./welcome-dialog-E.js`);' +
    "const y=s=>import(s.module);";

  it("finds every kind of static import, once each", () => {
    expect(staticImports(chunk)).toEqual([
      "./jsx-runtime-D.js",
      "./side-effect.js",
      "./ns.js",
      "./re.js",
    ]);
  });
  it("finds literal dynamic imports only", () => {
    expect(dynamicImports(chunk)).toEqual(["./welcome-dialog-E.js"]);
  });
});

describe("resolveSitePath", () => {
  it("resolves relative and absolute specifiers, not other origins or bare names", () => {
    expect(resolveSitePath("./b.js", "/assets/a.js")).toBe("/assets/b.js");
    expect(resolveSitePath("/assets/c.js", "/about")).toBe("/assets/c.js");
    expect(resolveSitePath("https://cdn.example.com/x.js", "/")).toBeNull();
    expect(resolveSitePath("react", "/")).toBeNull();
  });
});

describe("loadGraph", () => {
  const files: Record<string, string> = {
    "/assets/root.js": 'import{a}from"./shared.js";const p=()=>import("./popup.js");',
    "/assets/home.js": 'import{a}from"./shared.js";import"./icons.js";',
    "/assets/shared.js": "export const a=1;",
    "/assets/icons.js": 'import"./shared.js";',
    "/assets/popup.js": 'import"./dialog.js";import"./shared.js";',
    "/assets/dialog.js": "",
  };
  const read = (path: string) => files[path] ?? null;

  it("lists first-load chunks transitively and what dynamic imports add later", () => {
    const graph = loadGraph(["/assets/root.js", "/assets/home.js", "/assets/gone.js"], "/", read);
    expect(graph.firstLoad).toEqual([
      "/assets/root.js",
      "/assets/home.js",
      "/assets/shared.js",
      "/assets/icons.js",
    ]);
    expect(graph.lazy).toEqual(["/assets/popup.js", "/assets/dialog.js"]);
    expect(graph.missing).toEqual(["/assets/gone.js"]);
  });
});
