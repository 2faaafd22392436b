import { describe, expect, it } from "vitest";
import {
  bytesBySource,
  decodeVlq,
  guessContents,
  lucideIcons,
  moduleGroup,
  topModules,
} from "./contents.ts";
import { sizesOf } from "./sizes.ts";

describe("decodeVlq", () => {
  it("decodes source-map base64 VLQ numbers, signs included", () => {
    expect(decodeVlq("AAAA")).toEqual([0, 0, 0, 0]);
    expect(decodeVlq("SAAQ")).toEqual([9, 0, 0, 8]);
    expect(decodeVlq("D")).toEqual([-1]);
    expect(decodeVlq("gB")).toEqual([16]);
  });
});

describe("bytesBySource and topModules", () => {
  // Line 1: "aaaabbbbbb" -> columns 0-3 from source 0, 4-9 from source 1.
  // Line 2: "cc" -> source 0 again.
  const code = "aaaabbbbbb\ncc";
  const map = {
    sources: ["../../node_modules/react-dom/cjs/x.js", "../../app/components/y.tsx"],
    mappings: "AAAA,ICAA;ADAA",
  };

  it("attributes each generated character to its source", () => {
    expect([...bytesBySource(code, map)]).toEqual([
      ["../../node_modules/react-dom/cjs/x.js", 6],
      ["../../app/components/y.tsx", 6],
    ]);
  });

  it("groups sources by package or app path, largest first", () => {
    expect(topModules(code, map)).toEqual([
      { name: "react-dom", bytes: 6 },
      { name: "app/components/y.tsx", bytes: 6 },
    ]);
  });
});

describe("moduleGroup", () => {
  it("names npm packages, scoped ones included, and keeps app paths", () => {
    expect(moduleGroup("../../node_modules/@supabase/auth-js/dist/module/x.js")).toBe(
      "@supabase/auth-js",
    );
    expect(moduleGroup("../../node_modules/.pnpm/x/node_modules/zod/v4/core.js")).toBe("zod");
    expect(moduleGroup("../../app/routes/home.tsx")).toBe("app/routes/home.tsx");
  });
});

describe("guessContents", () => {
  it("recognises libraries, lucide icons and inlined SVG", () => {
    const code =
      "var e=Symbol.for(`react.transitional.element`);" +
      "var t={name:`badge-check`,size:24,node:[]};var u={name:`x`,size:24,node:[]};" +
      "var s=`data:image/svg+xml,%3csvg%3e`;var a=`/assets/hero-1.svg`;";
    expect(guessContents(code)).toEqual([
      "react",
      "1 SVG images inlined as data: URLs (0.0 KB)",
      "URLs of 1 image files",
      "lucide icons: badge-check, x",
    ]);
    expect(lucideIcons("nothing here")).toEqual([]);
  });
});

describe("sizesOf", () => {
  it("measures raw, gzip and brotli bytes", () => {
    const sizes = sizesOf("a".repeat(10_000));
    expect(sizes.raw).toBe(10_000);
    expect(sizes.gzip).toBeLessThan(100);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
  });
});
