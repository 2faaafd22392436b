import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { optimizeHtml } from "./scripts/build/optimize-html";

export default {
  // Static HTML for every page; the contact function is the only server-side code.
  ssr: false,
  // Every path in routes.ts, plus /404: the splat route rendered once, so any static host (and our
  // own server) can answer unknown paths with it and status 404.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), "/404"];
  },
  // After prerendering: inline the stylesheet and drop modulepreload hints (docs/decisions/0005-first-paint.md).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const report = await optimizeHtml(clientDir);
    viteConfig.logger.info(
      `Optimized ${report.files} HTML files: stylesheet inlined, ${report.removedPreloads} modulepreload hints removed`,
    );
  },
} satisfies Config;
