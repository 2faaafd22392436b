import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { imagetools } from "vite-imagetools";
import { siteCountsOn, siteCountsSetting } from "./shared/site-counts-setting.ts";

export default defineConfig(({ mode }) => {
  // Checked here so that a mistyped value stops the build instead of shipping pages that quietly
  // count (or not).
  siteCountsOn(loadEnv(mode, process.cwd(), siteCountsSetting)[siteCountsSetting]);
  return {
    plugins: [pageContent(), routesStayOnTheServer(), tailwindcss(), imagetools(), reactRouter()],
    resolve: { tsconfigPaths: true },
    // SITE_COUNTS has no VITE_ prefix: the server reads the same variable, so the owner sets one.
    envPrefix: ["VITE_", siteCountsSetting],
    build: {
      // Illustrations stay files: inlined as data: URLs they would sit in the JavaScript of every
      // page that imports the artwork catalogue, and again in each page's HTML.
      assetsInlineLimit: (file: string) => (file.endsWith(".svg") ? false : undefined),
      // The chunk graph for the build's last step (app/build/page-scripts.ts): which files a page can
      // load, so that nothing else is shipped. Moved out of build/client by that step.
      manifest: true,
    },
  };
});

const repositoryContent = fileURLToPath(
  new URL("./shared/content/repository-content.ts", import.meta.url),
);
const pageContentModule = fileURLToPath(
  new URL("./shared/content/page-content.ts", import.meta.url),
);

/**
 * The browser's code reads the content its page carries (shared/content/page-content.ts), never
 * the repository's files: the islands are built once and serve every published version
 * (docs/decisions/0023-live-content.md). The server build and the prerendering keep the
 * repository's document, which a renderer replaces with the live one.
 */
function pageContent(): Plugin {
  return {
    name: "keystone-shine:page-content",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!source.includes("repository-content")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === repositoryContent ? pageContentModule : null;
    },
  };
}

const clientRouteQuery = "?__react-router-build-client-route";

/**
 * Pages are never hydrated (app/build/finish-html.ts removes React Router's scripts; decision
 * 0008), so the client build gives each route module an empty stand-in that keeps its export
 * names and its stylesheet imports. Otherwise the route modules, which ship nowhere, still share
 * modules with the islands and so cut the islands' code into chunks shaped by pages that never
 * load them (docs/decisions/0025-the-client-build-is-the-islands.md).
 */
function routesStayOnTheServer(): Plugin {
  return {
    name: "keystone-shine:routes-stay-on-the-server",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    async transform(code, id) {
      if (!id.endsWith(clientRouteQuery)) return null;
      // React Router's own transform made this module `export { default, meta, … } from "./route";`.
      const reexport = /^export \{([^}]*)\} from "[^"]+";$/.exec(code.trim());
      if (!reexport) throw new Error(`Unexpected client route module for ${id}: ${code}`);
      const names = (reexport[1] ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
      const source = await readFile(id.slice(0, -clientRouteQuery.length), "utf8");
      const stylesheets = [...source.matchAll(/^import\s+["']([^"']+\.css)["'];?$/gm)].map(
        (match) => `import ${JSON.stringify(match[1])};`,
      );
      const exports = names.map((name) =>
        name === "default" ? "export default undefined;" : `export const ${name} = undefined;`,
      );
      return { code: [...stylesheets, ...exports].join("\n"), map: null };
    },
  };
}
