import { absoluteUrl } from "~/config";
import { sitePages } from "~/content/site-map";

/** Prerendered to build/client/sitemap.xml. */
export function loader() {
  const urls = sitePages
    .map(
      (page) =>
        `  <url><loc>${absoluteUrl(page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
