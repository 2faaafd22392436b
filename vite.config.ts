import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, loadEnv } from "vite";
import { imagetools } from "vite-imagetools";
import { siteCountsOn, siteCountsSetting } from "./shared/site-counts-setting.ts";

export default defineConfig(({ mode }) => {
  // Checked here so that a mistyped value stops the build instead of shipping pages that quietly
  // count (or not).
  siteCountsOn(loadEnv(mode, process.cwd(), siteCountsSetting)[siteCountsSetting]);
  return {
    plugins: [tailwindcss(), imagetools(), reactRouter()],
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
