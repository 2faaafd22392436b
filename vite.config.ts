import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  // Vitest loads this file too; React Router's plugin is for the app build only.
  plugins: [tailwindcss(), imagetools(), !process.env.VITEST && reactRouter()],
  resolve: { tsconfigPaths: true },
});
