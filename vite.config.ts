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
    plugins: [
      islandsCarryNoContent(),
      routesStayOnTheServer(),
      tailwindcss(),
      imagetools(),
      reactRouter(),
    ],
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

/**
 * The browser's build is the islands (decision 0025), built once for every published version: an
 * island starts from the content its page carries (shared/content/page-content.ts) and hands its
 * code the facts as props (decision 0028). The repository's files reaching it would be a version
 * compiled in, so the build stops.
 */
function islandsCarryNoContent(): Plugin {
  return {
    name: "keystone-shine:islands-carry-no-content",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source.includes("repository-content"))
        this.error(
          `${importer} brings the repository's content into the browser's code: hand the island its page's facts instead (shared/content/page-content.ts)`,
        );
      return null;
    },
  };
}
