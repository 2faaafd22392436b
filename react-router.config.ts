import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { finishHtml } from "./site-build/finish-html";
import { manifestFile, readChunkGraph } from "./site-build/page-scripts";
import { shipSite } from "./site-build/ship-site";
import { keepSiteSource } from "./site-build/site-source";

export default {
  // BUILD_DIR: a second build beside the one `npm start` serves (tests of SITE_COUNTS=on), served
  // with STATIC_DIR=<folder>/client.
  buildDirectory: process.env.BUILD_DIR?.trim() || "build",
  // Static HTML for every page; the contact function is the only server-side code.
  ssr: false,
  // Every path in routes.ts, plus /404: the splat route rendered once, so any static host (and our
  // own server) can answer unknown paths with it and status 404.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), "/404"];
  },
  // After prerendering: pages without React Router's hydration, islands instead, the stylesheet
  // inlined (site-build/finish-html.ts); then only what pages load is kept, with each file's
  // headers and compressed versions written beside it (site-build/ship-site.ts).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    // Vite's manifest (vite.config.ts) describes the build; it is not part of the site.
    await mkdir(path.dirname(manifestFile(clientDir)), { recursive: true });
    await rename(path.join(clientDir, ".vite", "manifest.json"), manifestFile(clientDir));
    await rm(path.join(clientDir, ".vite"), { recursive: true, force: true });
    const supabaseUrl = viteConfig.env.VITE_SUPABASE_URL as string | undefined;
    const shipping = { functionOrigins: supabaseUrl ? [new URL(supabaseUrl).origin] : [] };
    // What the server needs to make the pages again from another content version
    // (server/site-render/, docs/publishing.md).
    await keepSiteSource(reactRouterConfig.buildDirectory, clientDir, shipping);
    const graph = readChunkGraph(clientDir);
    const finished = await finishHtml(clientDir, graph);
    viteConfig.logger.info(
      `Finished ${finished.files} HTML files: ${finished.removedScripts} scripts removed, island loader in ${finished.pagesWithIslands}`,
    );
    const shipped = await shipSite(clientDir, graph, shipping);
    viteConfig.logger.info(
      `Shipping ${shipped.files} files (${shipped.compressed} with .br and .gz); ${shipped.removed} that no page loads removed; headers in _headers.json and _headers`,
    );
  },
} satisfies Config;
