/**
 * The price list behind the instant estimate: the owner edits these figures (fictional defaults).
 * The contact page shows estimates from it and the contact function recomputes every estimate
 * from it, so the two can never disagree. Change `version` whenever a figure changes: each stored
 * estimate records the version it was computed with.
 *
 * All amounts are US dollars for one visit.
 */
export const priceList: PriceList = {
  version: "2026-11-a",
  currency: "USD",
  /** An estimate is a range around the computed price: the walk-through settles the final price. */
  range: { low: 0.9, high: 1.15 },
  home: {
    base: 70,
    perBedroom: 18,
    /** Per bathroom; a half bathroom costs half. */
    perBathroom: 22,
    /** Square feet included in the base; each further square foot adds `perExtraSquareFoot`. */
    includedSquareFeet: 1000,
    perExtraSquareFoot: 0.04,
    /** "Needs extra attention" adds this share of the cleaning price. */
    extraConditionSurcharge: 0.25,
    /** Recurring visits cost less each; a more frequent schedule never costs more per visit. */
    frequencyDiscount: { "one-time": 0, monthly: 0.1, "bi-weekly": 0.15, weekly: 0.2 },
    minimum: 120,
  },
  business: {
    perSquareFoot: 0.07,
    minimum: 150,
    /** Discount on each visit by visits per week (1 to 7). */
    visitsPerWeekDiscount: [0, 0.05, 0.08, 0.1, 0.12, 0.12, 0.15],
  },
  addOns: [
    { id: "inside-oven", label: "Inside the oven", price: 35, for: ["home"] },
    { id: "inside-fridge", label: "Inside the fridge", price: 35, for: ["home"] },
    { id: "interior-windows", label: "Interior windows", price: 45, for: ["home", "business"] },
    {
      id: "carpet-refresh",
      label: "Carpet refresh, one room",
      price: 55,
      for: ["home", "business"],
    },
    { id: "laundry", label: "Wash and fold one load", price: 20, for: ["home"] },
    { id: "restrooms-deep", label: "Restroom deep clean", price: 60, for: ["business"] },
    { id: "floor-buff", label: "Hard floor buffing", price: 90, for: ["business"] },
  ],
};

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

export function addOnsFor(kind: PropertyKind, list: PriceList = priceList): AddOn[] {
  return list.addOns.filter((addOn) => addOn.for.includes(kind));
}
