import { pageContent, pageFactsOf } from "~/content/page-facts";
import type { Route } from "./+types/site[.]webmanifest";

/** Prerendered to build/client/site.webmanifest, so the installed app's name is the business's. */
export function loader({ context }: Pick<Route.LoaderArgs, "context">) {
  const { business } = pageFactsOf(context.get(pageContent));
  const manifest = {
    name: business.name,
    short_name: business.shortName,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: "#0e7490",
    icons: [
      { src: "/favicon.svg", type: "image/svg+xml", sizes: "any" },
      { src: "/apple-touch-icon.png", type: "image/png", sizes: "180x180" },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
