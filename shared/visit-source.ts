/**
 * Where a quote request came from (docs/contact-api.md, "Where requests come from"): the page the
 * visit landed on, the site that sent the visitor there (its host only), and the campaign tags of
 * the link they followed (utm_source, utm_medium, utm_campaign). The browser notes them on the
 * visit's first page (app/lib/visit-source.ts: tab-scoped storage, no cookie); the form sends
 * them, and the function validates them with `visitSource`, the same rules as the form.
 *
 * The same facts in the owner's words: source-words.ts (the function's only: the form loads none
 * of it).
 */
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

const validTag = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined;
  const tag = value.trim();
  return tag.length >= 1 && tag.length <= maxText && !control.test(tag) ? tag : undefined;
};

const hasOnly = (value: object, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The rules for `source`: a page of the site, a host or null, and the three tags (each text of 1
 * to 100 characters once trimmed, without control characters), no other key. The value with its
 * tags trimmed, or undefined when anything in it is wrong. Plain code, so that the form checks
 * with the very rules the function's schema (contact-schema.ts) applies, without a library.
 */
export function visitSource(value: unknown): VisitSource | undefined {
  if (!isRecord(value) || !hasOnly(value, ["landingPage", "referrer", "utm"])) return undefined;
  const { landingPage, referrer, utm } = value;
  if (typeof landingPage !== "string" || !isSitePath(landingPage)) return undefined;
  if (referrer !== null && (typeof referrer !== "string" || !hostShape.test(referrer)))
    return undefined;
  const source: VisitSource = { landingPage, referrer };
  if (utm === undefined) return source;
  if (!isRecord(utm) || !hasOnly(utm, ["source", "medium", "campaign"])) return undefined;
  const tags: UtmTags = {};
  for (const name of ["source", "medium", "campaign"] as const) {
    if (utm[name] === undefined) continue;
    const tag = validTag(utm[name]);
    if (tag === undefined) return undefined;
    tags[name] = tag;
  }
  return { ...source, utm: tags };
}

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
  return visitSource(candidate);
}
