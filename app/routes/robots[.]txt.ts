import { absoluteUrl } from "~/config";

/** Prerendered to build/client/robots.txt. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /functions/",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
