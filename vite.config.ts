import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  // Vitest loads this file too; React Router's plugin is for the app build only.
  plugins: [tailwindcss(), imagetools(), !process.env.VITEST && reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Illustrations stay files: inlined as data: URLs they would sit in the JavaScript of every
    // page that imports the artwork catalogue, and again in each page's HTML.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
  },
});
