/**
 * Where a request came from (visit-source.ts) in the owner's words: `sourceText` for one request
 * ("found us on Google, landed on /exton"), `sourceLine` for the e-mail and the request's page,
 * and `sourceChannel`, one name per way in, to count requests by. Known search engines and sites
 * by their hosts; campaign tags by what people type in them.
 */
import { ownValue } from "./own-key.ts";
import { notFoundPath } from "./site-paths.ts";
import type { UtmTags, VisitSource } from "./visit-source.ts";

type Known = { name: string; kind: "search" | "site" };

/** Sites that send visitors, by their hosts (a host or any of its subdomains). */
const knownSites: Array<[RegExp, Known]> = [
  [/(^|\.)google\.[a-z.]+$|^com\.google\.android\./, { name: "Google", kind: "search" }],
  [/(^|\.)bing\.com$/, { name: "Bing", kind: "search" }],
  [/(^|\.)duckduckgo\.com$/, { name: "DuckDuckGo", kind: "search" }],
  [/(^|\.)yahoo\.[a-z.]+$/, { name: "Yahoo", kind: "search" }],
  [/(^|\.)ecosia\.org$/, { name: "Ecosia", kind: "search" }],
  [/(^|\.)search\.brave\.com$/, { name: "Brave Search", kind: "search" }],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, { name: "Facebook", kind: "site" }],
  [/(^|\.)instagram\.com$/, { name: "Instagram", kind: "site" }],
  [/(^|\.)nextdoor\.com$/, { name: "Nextdoor", kind: "site" }],
  [/(^|\.)yelp\.com$/, { name: "Yelp", kind: "site" }],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, { name: "LinkedIn", kind: "site" }],
  [/(^|\.)(x\.com|twitter\.com|t\.co)$/, { name: "X", kind: "site" }],
  [/(^|\.)reddit\.com$/, { name: "Reddit", kind: "site" }],
  [/(^|\.)(youtube\.com|youtu\.be)$/, { name: "YouTube", kind: "site" }],
  [/(^|\.)tiktok\.com$/, { name: "TikTok", kind: "site" }],
  [/(^|\.)pinterest\.[a-z.]+$/, { name: "Pinterest", kind: "site" }],
  [/(^|\.)angi\.com$/, { name: "Angi", kind: "site" }],
  [/(^|\.)thumbtack\.com$/, { name: "Thumbtack", kind: "site" }],
  [/(^|\.)bbb\.org$/, { name: "the BBB", kind: "site" }],
];

/** utm_source values as people type them, to the names above. */
const tagNames: Record<string, string> = {
  google: "Google",
  adwords: "Google",
  googleads: "Google",
  bing: "Bing",
  microsoft: "Bing",
  facebook: "Facebook",
  fb: "Facebook",
  meta: "Facebook",
  instagram: "Instagram",
  ig: "Instagram",
  nextdoor: "Nextdoor",
  yelp: "Yelp",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

const paidMedia = new Set([
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid-search",
  "paid_search",
  "paidsocial",
  "paid-social",
  "paid_social",
  "cpm",
  "display",
  "ad",
  "ads",
]);

function knownSite(host: string): Known | undefined {
  return knownSites.find(([pattern]) => pattern.test(host))?.[1];
}

/** The campaign's source as the owner knows it: "Google" for google, else as it was tagged. */
function taggedName(value: string): string {
  return ownValue(tagNames, value.toLowerCase().replace(/[\s_.-]/g, "")) ?? value;
}

const isPaid = (utm: UtmTags | undefined) =>
  utm?.medium !== undefined && paidMedia.has(utm.medium.toLowerCase());

/**
 * One name per way in, to count requests by: "Google", "Google ads", "Facebook", "a site's host",
 * "Direct" (no link, no tag), "Unknown" (no source: sent without the page's script, or before
 * sources were noted).
 */
export function sourceChannel(source: VisitSource | null | undefined): string {
  if (!source) return "Unknown";
  const tagged = source.utm?.source;
  if (tagged) return isPaid(source.utm) ? `${taggedName(tagged)} ads` : taggedName(tagged);
  if (isPaid(source.utm)) return "Ads";
  if (source.referrer) return knownSite(source.referrer)?.name ?? source.referrer;
  return "Direct";
}

/** How the visitor got there, as the owner reads it: "found us on Google, landed on /exton". */
export function sourceText(source: VisitSource | null | undefined): string {
  // As shipped (SITE_COUNTS off) the pages note no source at all, so "not noted" is the usual case.
  if (!source)
    return "not noted (the site notes sources only with SITE_COUNTS=on, and with the page's script)";
  const { utm, referrer } = source;
  let way: string;
  if (utm?.source && isPaid(utm)) way = `came from a ${taggedName(utm.source)} ad`;
  else if (utm?.source)
    way = `came from ${taggedName(utm.source)}${utm.medium ? ` (${utm.medium})` : ""}`;
  else if (isPaid(utm)) way = "came from an ad";
  else if (referrer) {
    const site = knownSite(referrer);
    way = !site
      ? `came from a link on ${referrer}`
      : site.kind === "search"
        ? `found us on ${site.name}`
        : `came from ${site.name}`;
  } else way = "came straight to the site (typed the address, a bookmark or an app)";
  const campaign = utm?.campaign ? `, campaign "${utm.campaign}"` : "";
  const landed =
    source.landingPage === notFoundPath
      ? "landed on a page that does not exist"
      : `landed on ${source.landingPage}`;
  return `${way}${campaign}, ${landed}`;
}

/** The owner's line for a request's source, in the e-mail and on the request's page. */
export function sourceLine(source: VisitSource | null | undefined): {
  label: string;
  value: string;
} {
  const text = sourceText(source);
  return { label: "Source", value: `${text.charAt(0).toUpperCase()}${text.slice(1)}` };
}
