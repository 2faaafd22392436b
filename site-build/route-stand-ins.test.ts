import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeStandIn } from "./route-stand-ins";

describe("a route module's stand-in in the browser's build", () => {
  it("keeps every export name, each undefined, and the route's own stylesheet imports", () => {
    const standIn = routeStandIn(
      "app/root.tsx?__react-router-build-client-route",
      'export { default, meta, links, ErrorBoundary } from "./root.tsx";\n',
      'import type { Route } from "./+types/root";\nimport "./app.css";\nimport { Header } from "~/components/header";\n',
    );
    expect(standIn.split("\n")).toEqual([
      'import "./app.css";',
      "export default undefined;",
      "export const meta = undefined;",
      "export const links = undefined;",
      "export const ErrorBoundary = undefined;",
    ]);
  });

  it("is empty for a route without client exports", () => {
    expect(routeStandIn("x", 'export {  } from "./robots[.]txt.ts";', "")).toBe("");
  });

  it("stops the build when React Router's module is not the re-export it replaces", () => {
    expect(() =>
      routeStandIn("app/routes/home.tsx", 'import x from "./home.tsx";\nexport default x;', ""),
    ).toThrow(/Unexpected client route module for app\/routes\/home\.tsx \(decision 0025\)/);
  });
});

describe("stylesheets", () => {
  // A stand-in keeps the stylesheets its route imports itself and nothing its components import:
  // one imported below a route would be missing from every page, silently.
  it("are imported by app/root.tsx only", () => {
    const appDir = path.resolve(import.meta.dirname, "../app");
    const importers = readdirSync(appDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) =>
        /^import\s[^;]*["'][^"']+\.css(\?[^"']*)?["']/m.test(readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(appDir, file));
    expect(importers).toEqual(["root.tsx"]);
  });
});
