/**
 * The five town pages (product.md, Town pages). Slug, name and path come from areas.ts, so a
 * town's name is written in one place (the URL keys on it); each town's texts are the owner's, in
 * the content's Pages group (content/pages.json), read from the version the page is made from.
 */
import { type Area, areaByPath, areas, type TownSlug } from "../../shared/areas";
import type { SiteContent } from "../../shared/content/site-content";

/** A town page's service card. */
type TownServiceItem = { name: string; description: string };

export type Town = {
  slug: TownSlug;
  path: string;
  name: string;
  county: string;
  /** Under the H1 "Professional Cleaning Services in {town}". */
  tagline: string;
  metaDescription: string;
  keywords: string[];
  /** One sentence above the five service cards. */
  servicesIntro: string;
  services: TownServiceItem[];
  /** The three cards of "Why Choose Keystone Shine in {town}?". */
  whyChoose: { title: string; description: string }[];
  /** Nearby areas served from this town. */
  neighborhoods: string[];
};

/** The five cards every town page shows, in this order. */
export const townServiceNames = [
  "Residential Cleaning",
  "Commercial Cleaning",
  "Carpet Cleaning",
  "Strip and Wax Floors",
  "Post-Construction Cleaning",
] as const;

type TownServiceName = (typeof townServiceNames)[number];

type TownPageTexts = SiteContent["pages"]["towns"][TownSlug];

/** The content's key for each card the owner writes (the carpet card states a Business fact). */
const cardKeys = {
  "Residential Cleaning": "residential",
  "Commercial Cleaning": "commercial",
  "Strip and Wax Floors": "floor-wax",
  "Post-Construction Cleaning": "post-construction",
} as const satisfies Partial<Record<TownServiceName, keyof TownPageTexts["services"]>>;

/**
 * Each town's carpet card: the page's words around the drying time (Business), so that a new
 * drying time reaches every town page with no text to edit.
 */
const carpetCards: Record<TownSlug, (dry: string) => string> = {
  "plymouth-meeting": (dry) =>
    `Hot-water extraction for townhome stairways, finished basements and busy office corridors. Most carpets are dry in ${dry}, so rooms are back in use the same day.`,
  "king-prussia": (dry) =>
    `Office carpet tile and conference-room broadloom take a beating from rolling chairs and winter road salt. Our hot-water extraction lifts the traffic lanes, and most areas are dry in ${dry}.`,
  "west-chester": (dry) =>
    `Rentals near West Chester University need their carpets refreshed between tenants each summer. Landlords book extraction cleaning alongside the turnover clean, and most rooms are dry in ${dry}.`,
  exton: (dry) =>
    `Builder-grade carpet in newer homes shows traffic lanes within a few years. Hot-water extraction lifts ground-in dirt from stairs, bedrooms and finished basements, and most rooms are dry in ${dry}.`,
  berwyn: (dry) =>
    `Stair runners, wall-to-wall carpet in third-floor bedrooms and finished basements, and busy hallways. We check the fiber first, then clean with hot-water extraction; most carpet is dry in ${dry}.`,
};

function townFrom(area: Area, document: SiteContent): Town {
  const texts = document.pages.towns[area.slug];
  return {
    ...area,
    ...texts,
    services: townServiceNames.map((name) => ({
      name,
      description:
        name === "Carpet Cleaning"
          ? carpetCards[area.slug](document.business.carpetDryTime)
          : texts.services[cardKeys[name]],
    })),
  };
}

/** The five towns with their pages' texts, from a content version. */
export function townsOf(document: SiteContent): Town[] {
  return areas.map((area) => townFrom(area, document));
}

export function getTown(towns: readonly Town[], slug: TownSlug): Town {
  const town = towns.find((candidate) => candidate.slug === slug);
  if (!town) throw new Error(`Unknown town ${slug}`);
  return town;
}

export function getTownByPath(towns: readonly Town[], path: string): Town | undefined {
  const area = areaByPath(path);
  return area ? getTown(towns, area.slug) : undefined;
}
