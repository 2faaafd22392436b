import type { Config } from "@react-router/dev/config";

export default {
  // Static HTML for every page; the contact function is the only server-side code (ARCHITECTURE.md).
  ssr: false,
  // Every path in routes.ts, plus /404: the splat route rendered once, so any static host (and our
  // own server) can answer unknown paths with it and status 404.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), "/404"];
  },
} satisfies Config;
