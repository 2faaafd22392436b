/**
 * The price list behind the instant estimate: content the owner edits (the prices group of a
 * content version). The contact page shows estimates
 * from it and the contact function recomputes every estimate from it, so the two can never
 * disagree. Change `version` whenever a figure changes: each stored estimate records the version
 * it was computed with.
 *
 * All amounts are US dollars for one visit: `range` is the share of the computed price an estimate
 * spans (the walk-through settles the final price); half bathrooms cost half; square feet beyond
 * `includedSquareFeet` add `perExtraSquareFoot`; "needs extra attention" adds
 * `extraConditionSurcharge` of the price; recurring visits cost less each, and a more frequent
 * schedule never costs more per visit; `visitsPerWeekDiscount` is by visits per week, 1 to 7.
 */
import type { SiteContent } from "../content/site-content.ts";

/** A document's price list (its prices group, checked by the content schema). */
export function priceListOf({ prices }: Pick<SiteContent, "prices">): PriceList {
  return prices as PriceList;
}

export type PropertyKind = "home" | "business";
export type Frequency = "one-time" | "weekly" | "bi-weekly" | "monthly";

export type AddOn = {
  id: string;
  label: string;
  price: number;
  for: readonly PropertyKind[];
};

export type PriceList = {
  version: string;
  currency: "USD";
  range: { low: number; high: number };
  home: {
    base: number;
    perBedroom: number;
    perBathroom: number;
    includedSquareFeet: number;
    perExtraSquareFoot: number;
    extraConditionSurcharge: number;
    frequencyDiscount: Record<Frequency, number>;
    minimum: number;
  };
  business: {
    perSquareFoot: number;
    minimum: number;
    visitsPerWeekDiscount: readonly number[];
  };
  addOns: readonly AddOn[];
};

export const frequencies = [
  "one-time",
  "weekly",
  "bi-weekly",
  "monthly",
] as const satisfies readonly Frequency[];

export const frequencyLabels: Record<Frequency, string> = {
  "one-time": "One-time",
  weekly: "Weekly",
  "bi-weekly": "Bi-weekly",
  monthly: "Monthly",
};

/** The ranges the estimator accepts (docs/contact-api.md, "Estimate inputs"). */
export const estimateLimits = {
  home: {
    bedrooms: { min: 0, max: 10 },
    bathrooms: { min: 1, max: 10, step: 0.5 },
    squareFeet: { min: 200, max: 20_000 },
  },
  business: {
    squareFeet: { min: 200, max: 200_000 },
    visitsPerWeek: { min: 1, max: 7 },
  },
} as const;

export function addOnsFor(kind: PropertyKind, list: PriceList): AddOn[] {
  return list.addOns.filter((addOn) => addOn.for.includes(kind));
}
