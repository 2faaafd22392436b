import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { imagetools } from "vite-imagetools";
import { siteCountsOn, siteCountsSetting } from "./shared/site-counts-setting.ts";
import { routesStayOnTheServer } from "./site-build/route-stand-ins.ts";

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
      // The chunk graph for the build's last step (site-build/page-scripts.ts): which files a page can
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
