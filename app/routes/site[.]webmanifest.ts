import { business } from "~/content/business";

/** Prerendered to build/client/site.webmanifest, so the installed app's name is the business's. */
export function loader() {
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
