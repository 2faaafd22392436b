/**
 * What changed between two versions of the content, in the owner's words: a version's summary in
 * the history ("Main phone: (484) 555-0142 → (484) 555-0199", "Saturday: closes at 5:00 PM, was
 * 7:00 PM", "Plymouth Meeting: 19403 added", "Reviews: Sam R. added"). The labels are the ones the
 * editor puts on its fields, so the history names a change as the owner saw it; no internal id
 * (the price list's version) is ever told.
 */
import { areas } from "../areas.ts";
import { serviceLabel } from "../contact-fields.ts";
import { serviceCatalog } from "../service-catalog.ts";
import { valueAt } from "./document-path.ts";
import { clockWords } from "./opening-hours.ts";
import { pictureSlotLabels, pictureSlots } from "./picture-files.ts";
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

/** The Pages group's fields, each named after the page it is on ("Exton page: tagline"). */
const townFields: Record<string, string> = {
  county: "county",
  tagline: "line under the heading",
  metaDescription: "description in Google",
  keywords: "words people search for",
  servicesIntro: "words above the service cards",
  "services.residential": "Residential Cleaning card",
  "services.commercial": "Commercial Cleaning card",
  "services.floor-wax": "Strip and Wax Floors card",
  "services.post-construction": "Post-Construction Cleaning card",
  whyChoose: "Why Choose cards",
  neighborhoods: "nearby areas",
};
const serviceFields: Record<string, string> = {
  metaTitle: "title in Google",
  metaDescription: "description in Google",
  keywords: "words people search for",
  heroTitle: "heading",
  heroSubtitle: "line under the heading",
  introTitle: "intro heading",
  intro: "intro",
  checklistTitle: "checklist heading",
  checklist: "checklist",
  benefitsTitle: "benefits heading",
  benefits: "benefit cards",
  detailsTitle: "details heading",
  details: "details",
  "cta.title": "closing heading",
  "cta.text": "closing text",
  "process.title": "steps heading",
  "process.intro": "steps intro",
  "process.steps": "steps",
};
const cardFields: Record<string, string> = {
  shortDesc: "card's line",
  description: "details",
  features: "key features",
};

/** Only the fields the group has: a text the page writes around a fact is no field. */
const pageLabels: Record<string, string> = Object.fromEntries(
  [
    ...areas.flatMap((town) =>
      Object.entries(townFields).map(([field, words]) => [
        `pages.towns.${town.slug}.${field}`,
        `${town.name} page: ${words}`,
      ]),
    ),
    ...serviceCatalog.flatMap((page) =>
      Object.entries(serviceFields).map(([field, words]) => [
        `pages.services.${page.slug}.${field}`,
        `${page.name} page: ${words}`,
      ]),
    ),
    ...(
      ["janitorial", "commercial", "office", "post-construction", "carpet", "floor-wax"] as const
    ).flatMap((id) =>
      Object.entries(cardFields).map(([field, words]) => [
        `pages.serviceCards.${id}.${field}`,
        `Services page, ${serviceLabel(id)} card: ${words}`,
      ]),
    ),
  ].filter(([path]) => valueAt(repositoryContent, path as string) !== undefined),
);

/** A field's label by its path in the document; lists are named by their own path. */
export const contentLabels: Record<string, string> = {
  "business.name": "Business name",
  "business.shortName": "Short name",
  "business.legalName": "Legal name",
  "business.tagline": "Line under your name",
  "business.founder.name": "Founder's name",
  "business.founder.title": "Founder's title",
  "contact.phone": "Main phone",
  "business.offerPhone": "Phone on the welcome offer's Call Now button",
  "contact.email": "E-mail",
  "business.address.locality": "Town",
  "business.address.region": "State",
  "business.address.country": "Country",
  "contact.responseTime": "How soon you answer",
  "business.carpetDryTime": "Carpet drying time",
  "business.claims.support": "When customers can reach you",
  "business.claims.yearsExperience": "Years of experience",
  "business.claims.satisfiedClients": "Number of happy customers",
  "business.claims.qualityGuarantee": "Quality guarantee",
  "business.claims.satisfactionGuarantee": "Satisfaction guarantee",
  "business.certifications": "Certifications",
  "hours.week": "Opening hours",
  "hours.holidays": "Holidays",
  "offer.enabled": "Welcome offer",
  "offer.percentOff": "Welcome offer discount",
  "offer.terms": "Welcome offer terms",
  "prices.version": "Price list version",
  "prices.range.low": "Estimate range starts at",
  "prices.range.high": "Estimate range ends at",
  "prices.home.base": "Home: starting price",
  "prices.home.perBedroom": "Home: each bedroom adds",
  "prices.home.perBathroom": "Home: each bathroom adds",
  "prices.home.includedSquareFeet": "Home: square feet in the starting price",
  "prices.home.perExtraSquareFoot": "Home: each square foot over that adds",
  "prices.home.extraConditionSurcharge": "Home: extra for a home that needs extra attention",
  "prices.home.frequencyDiscount.one-time": "Home: discount for a one-time clean",
  "prices.home.frequencyDiscount.monthly": "Home: discount for cleaning every month",
  "prices.home.frequencyDiscount.bi-weekly": "Home: discount for cleaning every two weeks",
  "prices.home.frequencyDiscount.weekly": "Home: discount for cleaning every week",
  "prices.home.minimum": "Home: lowest price",
  "prices.business.perSquareFoot": "Business: price per square foot",
  "prices.business.minimum": "Business: lowest price",
  "prices.business.visitsPerWeekDiscount": "Business: discounts for visits each week",
  "prices.addOns": "Add-ons",
  area: "ZIP codes served",
  reviews: "Reviews",
  ...pageLabels,
  ...Object.fromEntries(
    pictureSlots.map((slot) => [`pictures.${slot}`, `${pictureSlotLabels[slot]} photo`]),
  ),
};

const listPaths = new Set([
  "business.certifications",
  "hours.holidays",
  "reviews",
  "prices.addOns",
]);
/**
 * Told as one line each: every text of the pages (a paragraph before and after would not fit a
 * line of the history).
 */
const wholePaths = new Set(Object.keys(pageLabels));

/**
 * What the owner never reads: the price list's version is an id each estimate keeps (made from a
 * UTC time when the prices change), not a field of any form.
 */
const internalPaths = new Set(["prices.version"]);

const shares = /\.(range\.(low|high)|extraConditionSurcharge|frequencyDiscount\..+)$/;
const dollars = /^prices\.(home|business)\.(base|per\w+|minimum)$/;

function shown(path: string, value: unknown): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number" && shares.test(path)) return percentWords(value);
  if (typeof value === "number" && dollars.test(path)) return `$${value}`;
  return String(value);
}

const percentWords = (share: number) => `${Math.round(share * 1000) / 10}%`;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** "19403", "19403 and 19404", "19401, 19402 and 19403". */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A list's item by what the owner calls it: a review's name, a holiday's, an add-on's label. */
function itemName(item: unknown): string | null {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    const named =
      (item as { name?: unknown; label?: unknown }).name ?? (item as { label?: unknown }).label;
    if (typeof named === "string" && named.trim() !== "") return named.trim();
  }
  return null;
}

/** "Reviews: Sam R. added", "Holidays: Christmas Day removed", "Add-ons: Oven changed". */
function listChange(label: string, before: unknown[], after: unknown[]): string {
  const added = after.filter((item) => !before.some((other) => same(item, other)));
  const removed = before.filter((item) => !after.some((other) => same(item, other)));
  // An item with the same name on both sides was edited, not replaced.
  const changed = added.filter((item) => {
    const name = itemName(item);
    return name !== null && removed.some((other) => itemName(other) === name);
  });
  const edited = new Set(changed.map(itemName));
  const only = (items: unknown[]) => items.filter((item) => !edited.has(itemName(item)));
  const told = (items: unknown[], what: string) => {
    if (items.length === 0) return "";
    const names = items.map(itemName);
    return names.every((name) => name !== null)
      ? `${listWords(names as string[])} ${what}`
      : `${items.length} ${what}`;
  };
  const parts = [
    told(only(added), "added"),
    told(only(removed), "removed"),
    told(changed, "changed"),
  ].filter(Boolean);
  return `${label}: ${parts.length > 0 ? parts.join(", ") : "order changed"}`;
}

type PictureValue = { picture: string; alt: string } | undefined;

/** A picture is told as a whole: its file is an id the owner never sees. */
function pictureChange(label: string, before: PictureValue, after: PictureValue): string {
  if (!after) return `${label}: the illustration again`;
  if (!before || before.picture !== after.picture) return `${label}: replaced`;
  return `${label}: description changed`;
}

type DayHours = { open: boolean; opens?: string; closes?: string } | undefined;

const dayName = (day: string) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;

/** "Saturday: closes at 5:00 PM, was 7:00 PM"; "Sunday: open 9:00 AM to 1:00 PM, was closed". */
function dayChange(day: string, before: DayHours, after: DayHours): string {
  const span = (hours: DayHours) =>
    hours?.open ? `${clockWords(hours.opens ?? "")} to ${clockWords(hours.closes ?? "")}` : "";
  const name = dayName(day);
  if (!after?.open) return `${name}: closed, was ${span(before) || "open"}`;
  if (!before?.open) return `${name}: open ${span(after)}, was closed`;
  if (before.opens === after.opens)
    return `${name}: closes at ${clockWords(after.closes ?? "")}, was ${clockWords(before.closes ?? "")}`;
  if (before.closes === after.closes)
    return `${name}: opens at ${clockWords(after.opens ?? "")}, was ${clockWords(before.opens ?? "")}`;
  return `${name}: ${span(after)}, was ${span(before)}`;
}

type TownArea = { zips?: string[]; nearby?: string[] } | undefined;

/** "Plymouth Meeting: 19403 added"; "Exton: 19341 removed, nearby 19335 added". */
function townAreaChange(town: string, before: TownArea, after: TownArea): string {
  const name = areas.find((one) => one.slug === town)?.name ?? town;
  const parts: string[] = [];
  for (const [key, prefix] of [
    ["zips", ""],
    ["nearby", "nearby "],
  ] as const) {
    const was = before?.[key] ?? [];
    const now = after?.[key] ?? [];
    const added = now.filter((code) => !was.includes(code));
    const removed = was.filter((code) => !now.includes(code));
    if (added.length > 0) parts.push(`${prefix}${listWords(added)} added`);
    if (removed.length > 0) parts.push(`${prefix}${listWords(removed)} removed`);
  }
  return `${name}: ${parts.length > 0 ? parts.join(", ") : "order changed"}`;
}

/** "Business: discount for 2 visits a week: 5% → 10%", one line per number changed. */
function visitsDiscountChanges(before: unknown, after: unknown): string[] {
  const was = Array.isArray(before) ? before : [];
  const now = Array.isArray(after) ? after : [];
  const lines: string[] = [];
  for (let index = 0; index < Math.max(was.length, now.length); index += 1) {
    if (was[index] === now[index]) continue;
    const words = (value: unknown) => (typeof value === "number" ? percentWords(value) : "none");
    lines.push(
      `Business: discount for ${index + 1} visit${index === 0 ? "" : "s"} a week: ${words(was[index])} → ${words(now[index])}`,
    );
  }
  return lines;
}

/** One change: the document's path it is told at (what an undo puts back), and its words. */
export type ContentChange = { path: string; words: string };

function walk(path: string, before: unknown, after: unknown, changes: ContentChange[]): void {
  if (same(before, after) || internalPaths.has(path)) return;
  const told = (words: string) => changes.push({ path, words });
  const label = contentLabels[path];
  if (label && path.startsWith("pictures.")) {
    told(pictureChange(label, before as PictureValue, after as PictureValue));
    return;
  }
  if (label && listPaths.has(path) && Array.isArray(before) && Array.isArray(after)) {
    told(listChange(label, before, after));
    return;
  }
  if (label && wholePaths.has(path)) {
    told(`${label} changed`);
    return;
  }
  const day = /^hours\.week\.(\w+)$/.exec(path);
  if (day) {
    told(dayChange(day[1] as string, before as DayHours, after as DayHours));
    return;
  }
  const town = /^area\.([\w-]+)$/.exec(path);
  if (town) {
    told(townAreaChange(town[1] as string, before as TownArea, after as TownArea));
    return;
  }
  if (path === "prices.business.visitsPerWeekDiscount") {
    for (const words of visitsDiscountChanges(before, after)) told(words);
    return;
  }
  if (before && after && typeof before === "object" && typeof after === "object") {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys)
      walk(
        path ? `${path}.${key}` : key,
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        changes,
      );
    return;
  }
  told(`${label ?? path}: ${shown(path, before)} → ${shown(path, after)}`);
}

/**
 * Each change with the path it is told at, in the document's order: a day of the week, a town's
 * ZIP codes, a whole list, a page's text, a field. Two lines may share a path (the business
 * discounts), and nothing is told of the price list's internal version.
 */
export function contentChanges(before: SiteContent, after: SiteContent): ContentChange[] {
  const changes: ContentChange[] = [];
  walk("", before, after, changes);
  return changes;
}

/** One line per change, in the document's order; none when the two are the same. */
export function describeChanges(before: SiteContent, after: SiteContent): string[] {
  return contentChanges(before, after).map((change) => change.words);
}
