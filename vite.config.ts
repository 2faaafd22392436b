import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  plugins: [tailwindcss(), imagetools(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Illustrations stay files: inlined as data: URLs they would sit in the JavaScript of every
    // page that imports the artwork catalogue, and again in each page's HTML.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
    // The chunk graph for the build's last step (app/build/page-scripts.ts): which files a page can
    // load, so that nothing else is shipped. Moved out of build/client by that step.
    manifest: true,
  },
});
