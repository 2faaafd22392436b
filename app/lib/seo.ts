import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "~/config";
import type { Business } from "../../shared/business";

type SeoInput = {
  /** The whole document title, as search results should show it. */
  title: string;
  description: string;
  /** The page's own path, for its canonical URL. */
  path: string;
  keywords?: readonly string[];
  /** Structured data for this page, added after the site-wide LocalBusiness block. */
  jsonLd?: readonly object[];
  /** Keep the page out of search results (the 404 page). */
  noindex?: boolean;
};

/**
 * Every page's head tags in one shape: title, description, canonical, Open Graph, Twitter
 * card and JSON-LD. React Router uses the deepest route's meta only, so each route calls this,
 * with the business of the version the page is made from (metaFacts).
 */
export function seo(
  business: Pick<Business, "name">,
  { title, description, path, keywords, jsonLd = [], noindex }: SeoInput,
) {
  const url = absoluteUrl(path);
  const image = absoluteUrl("/og-image.png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${business.name} logo and tagline` },
    // X reads the title, description and image from the og: tags above.
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (keywords && keywords.length > 0)
    tags.push({ name: "keywords", content: keywords.join(", ") });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  for (const block of jsonLd) tags.push({ "script:ld+json": block });
  return tags;
}

/** "About Us | Keystone Shine Cleaning": the title shape of every page but the town pages. */
export function pageTitle(business: Pick<Business, "name">, name: string): string {
  return `${name} | ${business.name}`;
}
