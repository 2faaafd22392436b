/**
 * Pages are never hydrated (finish-html.ts removes React Router's scripts; decision 0008), so the
 * browser's build gives each route module a stand-in that keeps its export names and its own
 * stylesheet imports. Otherwise the route modules, which ship nowhere, still share modules with
 * the islands and so cut the islands' code into chunks shaped by pages that never load them
 * (docs/decisions/0025-the-client-build-is-the-islands.md).
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/** How React Router names a route module's entry in the browser's build. */
export const clientRouteQuery = "?__react-router-build-client-route";

const reexport = /^export \{([^}]*)\} from "[^"]+";$/;
const stylesheetImport = /^import\s+["']([^"']+\.css)["'];?$/gm;

/**
 * The stand-in for one route: `generated` is React Router's own client route module
 * (`export { default, meta, … } from "./route";`), `source` the route file's text.
 */
export function routeStandIn(id: string, generated: string, source: string): string {
  const names = reexport.exec(generated.trim())?.[1];
  if (names === undefined)
    throw new Error(`Unexpected client route module for ${id} (decision 0025): ${generated}`);
  const stylesheets = [...source.matchAll(stylesheetImport)].map(
    (match) => `import ${JSON.stringify(match[1])};`,
  );
  const exports = names
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) =>
      name === "default" ? "export default undefined;" : `export const ${name} = undefined;`,
    );
  return [...stylesheets, ...exports].join("\n");
}

export function routesStayOnTheServer(): Plugin {
  return {
    name: "keystone-shine:routes-stay-on-the-server",
    // After React Router's own transform, which writes the re-export replaced here.
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    async transform(code, id) {
      if (!id.endsWith(clientRouteQuery)) return null;
      const source = await readFile(id.slice(0, -clientRouteQuery.length), "utf8");
      return { code: routeStandIn(id, code, source), map: null };
    },
  };
}
