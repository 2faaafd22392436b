import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { imagetools } from "vite-imagetools";

const framework =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
// Code several pages share; modules that load on demand (the welcome offer, the form's schema and
// backend client, the toasts) keep their own chunks.
const loadedOnDemand = /welcome-dialog|contact-schema|contact-fields|supabase|sonner|zod/;
const sharedSiteCode = (id: string) =>
  /[\\/]app[\\/]|lucide-react|embla-carousel/.test(id) && !loadedOnDemand.test(id);

/**
 * V8's explicit compile hint (v8.dev/blog/explicit-compile-hints): the chunks every page starts
 * with are compiled whole while they download, off the main thread, instead of one function at a
 * time while React hydrates. Chunks loaded on demand still compile lazily. The comment must open
 * the file, so this runs after Vite has prepended its own code to chunks.
 */
function compileHints(): Plugin {
  const hint = "//# allFunctionsCalledOnLoad";
  return {
    name: "keystone:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || chunk.code.startsWith(hint)) continue;
          if (chunk.moduleIds.some((id) => loadedOnDemand.test(id))) continue;
          chunk.code = `${hint}\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  // Vitest loads this file too; React Router's plugin is for the app build only.
  plugins: [tailwindcss(), imagetools(), !process.env.VITEST && reactRouter(), compileHints()],
  resolve: { tsconfigPaths: true },
  build: {
    // Illustrations stay files: inlined as data: URLs they would sit in the JavaScript of every
    // page that imports the artwork catalogue, and again in each page's HTML.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: on a phone every request costs a round trip and its headers, and
        // the default split left about twenty files per page, many under 1 KB.
        codeSplitting: {
          groups: [
            { name: "framework", test: framework, priority: 20 },
            { name: "site", test: sharedSiteCode, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
});
