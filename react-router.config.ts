import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { finishHtml } from "./app/build/finish-html";

export default {
  // Static HTML for every page; the contact function is the only server-side code.
  ssr: false,
  // Every path in routes.ts, plus /404: the splat route rendered once, so any static host (and our
  // own server) can answer unknown paths with it and status 404.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), "/404"];
  },
  // After prerendering: pages without React Router's hydration, islands instead, the stylesheet
  // inlined (app/build/finish-html.ts).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const report = await finishHtml(clientDir);
    viteConfig.logger.info(
      `Finished ${report.files} HTML files: ${report.removedScripts} scripts removed, island loader in ${report.pagesWithIslands}`,
    );
  },
} satisfies Config;
