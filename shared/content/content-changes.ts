/**
 * What changed between two versions of the content, in the owner's words: a version's summary in
 * the history ("Main phone: (484) 555-0142 → (484) 555-0199", "Reviews: 1 added"). The labels are
 * the ones the editor puts on its fields, so the history names a change as the owner saw it.
 */
import { areas } from "../areas.ts";
import { serviceLabel } from "../contact-fields.ts";
import { serviceCatalog } from "../service-catalog.ts";
import { valueAt } from "./document-path.ts";
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
 * Told as one line each: the week's seven days, the business discounts, each town's ZIPs, and
 * every text of the pages (a paragraph before and after would not fit a line of the history).
 */
const wholePaths = new Set([
  "hours.week",
  "prices.business.visitsPerWeekDiscount",
  "area",
  ...Object.keys(pageLabels),
]);

const shares = /\.(range\.(low|high)|extraConditionSurcharge|frequencyDiscount\..+)$/;
const dollars = /^prices\.(home|business)\.(base|per\w+|minimum)$/;

function shown(path: string, value: unknown): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number" && shares.test(path)) return `${Math.round(value * 1000) / 10}%`;
  if (typeof value === "number" && dollars.test(path)) return `$${value}`;
  return String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function listChange(label: string, before: unknown[], after: unknown[]): string {
  const kept = (list: unknown[], other: unknown[]) =>
    list.filter((item) => other.some((candidate) => same(item, candidate))).length;
  const added = after.length - kept(after, before);
  const removed = before.length - kept(before, after);
  const parts = [
    added > 0 ? `${added} added` : "",
    removed > 0 ? `${removed} removed` : "",
    added === 0 && removed === 0 ? "order changed" : "",
  ].filter(Boolean);
  return `${label}: ${parts.join(", ")}`;
}

type PictureValue = { picture: string; alt: string } | undefined;

/** A picture is told as a whole: its file is an id the owner never sees. */
function pictureChange(label: string, before: PictureValue, after: PictureValue): string {
  if (!after) return `${label}: the illustration again`;
  if (!before || before.picture !== after.picture) return `${label}: replaced`;
  return `${label}: description changed`;
}

function walk(path: string, before: unknown, after: unknown, changes: string[]): void {
  if (same(before, after)) return;
  const label = contentLabels[path];
  if (label && path.startsWith("pictures.")) {
    changes.push(pictureChange(label, before as PictureValue, after as PictureValue));
    return;
  }
  if (label && listPaths.has(path) && Array.isArray(before) && Array.isArray(after)) {
    changes.push(listChange(label, before, after));
    return;
  }
  if (label && wholePaths.has(path)) {
    changes.push(`${label} changed`);
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
  changes.push(`${label ?? path}: ${shown(path, before)} → ${shown(path, after)}`);
}

/** One line per change, in the document's order; none when the two are the same. */
export function describeChanges(before: SiteContent, after: SiteContent): string[] {
  const changes: string[] = [];
  walk("", before, after, changes);
  return changes;
}
