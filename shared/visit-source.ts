/**
 * Where a quote request came from (docs/contact-api.md, "Where requests come from"): the page the
 * visit landed on, the site that sent the visitor there (its host only), and the campaign tags of
 * the link they followed (utm_source, utm_medium, utm_campaign). The browser notes them on the
 * visit's first page (app/lib/visit-source.ts: tab-scoped storage, no cookie); the form sends
 * them, and the function validates them with `visitSourceSchema`, the same rules as the form.
 *
 * Then the same facts in the owner's words: `sourceText` for one request ("found us on Google,
 * landed on /exton"), `sourceChannel` to count requests by where they came from.
 */
import { z } from "zod";
import { isSitePath, notFoundPath, pagePath } from "./site-paths.ts";

export type UtmTags = { source?: string; medium?: string; campaign?: string };

export type VisitSource = {
  /** A page of the site (site-paths.ts); "/404" for a dead link. */
  landingPage: string;
  /** The host of the site that linked to the landing page; null when none did. */
  referrer: string | null;
  utm?: UtmTags;
};

export const sourceMessage = "Please check where the visit came from.";

const maxText = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const control = /[\u0000-\u001f\u007f-\u009f]/;
const hostShape = /^(?=.{1,100}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/;

const tag = z
  .string()
  .trim()
  .min(1)
  .max(maxText)
  .refine((value) => !control.test(value));

const visitSourceSchema = z
  .object({
    landingPage: z.string().refine(isSitePath),
    referrer: z.string().regex(hostShape).nullable(),
    utm: z
      .object({ source: tag.optional(), medium: tag.optional(), campaign: tag.optional() })
      .strict()
      .optional(),
  })
  .strict();

/**
 * `source` in the contact schema: whatever inside it is wrong, one message for the field (the
 * visitor cannot fix it, and a key inside it is not one of the request's fields).
 */
export const visitSourceField = z.unknown().transform((value, context): VisitSource => {
  const checked = visitSourceSchema.safeParse(value);
  if (checked.success) return checked.data;
  context.addIssue({ code: "custom", message: sourceMessage });
  return z.NEVER;
});

/**
 * What the browser noted, made valid or dropped: a page that does not exist becomes the 404
 * page, a tag is cut to 100 characters, an empty one left out. Undefined when nothing usable is
 * left, so a request never fails because of where its visit came from.
 */
export function visitSourceFrom(raw: unknown): VisitSource | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const noted = raw as Record<string, unknown>;
  if (typeof noted.landingPage !== "string") return undefined;
  const landingPage = pagePath(noted.landingPage);
  const utm: UtmTags = {};
  const tags = (typeof noted.utm === "object" && noted.utm) || {};
  for (const name of ["source", "medium", "campaign"] as const) {
    const value = (tags as Record<string, unknown>)[name];
    if (typeof value === "string" && value.trim()) utm[name] = value.trim().slice(0, maxText);
  }
  const candidate: VisitSource = {
    landingPage: isSitePath(landingPage) ? landingPage : notFoundPath,
    referrer: typeof noted.referrer === "string" ? noted.referrer.toLowerCase() : null,
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
  };
  const checked = visitSourceSchema.safeParse(candidate);
  return checked.success ? checked.data : undefined;
}

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
  return tagNames[value.toLowerCase().replace(/[\s_.-]/g, "")] ?? value;
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
  if (!source) return "not known (sent without the page's script, or before sources were noted)";
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
