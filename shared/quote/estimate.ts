/**
 * The instant estimate: a price range for one visit, computed from the price list. The page and
 * the contact function both call `estimate()`; the function stores what it computed, never the
 * browser's numbers.
 *
 * A recurring schedule has two prices (contact-api.md, "Recurring schedules have two prices"):
 * `low`/`high` are the first visit's, with a first-visit offer when one is claimed, and
 * `recurring` each later visit's, never discounted by that offer.
 */
import type { Offer } from "./offers.ts";
import {
  type Frequency,
  frequencyLabels,
  type PriceList,
  type PropertyKind,
} from "./price-list.ts";
import { isRecurring } from "./schedule.ts";

export type HomeInputs = {
  kind: "home";
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  condition: "routine" | "extra";
  frequency: Frequency;
  addOns: readonly string[];
};

export type BusinessInputs = {
  kind: "business";
  squareFeet: number;
  visitsPerWeek: number;
  addOns: readonly string[];
};

export type EstimateInputs = HomeInputs | BusinessInputs;

export type LineItem = { label: string; amount: number };

/** A price range in whole dollars. */
export type PriceRange = { low: number; high: number };

/** What the function stores (docs/contact-api.md, "Quote details"). */
export type StoredEstimate = {
  /** The first visit, with the offer when one is claimed. */
  low: number;
  high: number;
  /** Each later visit of a recurring schedule, without any first-visit offer; absent for one-time. */
  recurring?: PriceRange;
  currency: "USD";
  priceList: string;
  inputs: EstimateInputs;
};

export type Estimate = StoredEstimate & {
  /** How the price was made, for the page and the owner's e-mail; amounts in whole dollars. */
  lineItems: LineItem[];
};

export function estimate(inputs: EstimateInputs, offer: Offer | null, list: PriceList): Estimate {
  const lineItems: LineItem[] = [];
  const price =
    inputs.kind === "home"
      ? homePrice(inputs, list, lineItems)
      : businessPrice(inputs, list, lineItems);
  const withAddOns = price + addOnPrice(inputs.kind, inputs.addOns, list, lineItems);
  const minimum = inputs.kind === "home" ? list.home.minimum : list.business.minimum;
  let total = withAddOns;
  if (total < minimum) {
    lineItems.push({ label: "Minimum visit", amount: minimum - total });
    total = minimum;
  }
  const everyVisit = priceRange(total, list);
  let firstVisit = everyVisit;
  if (offer) {
    const off = total * (offer.percentOff / 100);
    lineItems.push({
      label: `${offer.label} (${offer.percentOff}% off the first visit)`,
      amount: -off,
    });
    firstVisit = priceRange(total - off, list);
  }
  return {
    ...firstVisit,
    ...(isRecurring(inputs) ? { recurring: everyVisit } : {}),
    currency: list.currency,
    priceList: list.version,
    inputs,
    lineItems: lineItems.map((item) => ({ ...item, amount: Math.round(item.amount) })),
  };
}

function priceRange(price: number, list: PriceList): PriceRange {
  return { low: roundDownTo5(price * list.range.low), high: roundUpTo5(price * list.range.high) };
}

function homePrice(inputs: HomeInputs, list: PriceList, items: LineItem[]): number {
  const home = list.home;
  items.push({ label: "Visit", amount: home.base });
  if (inputs.bedrooms > 0) {
    items.push({
      label: plural(inputs.bedrooms, "bedroom"),
      amount: inputs.bedrooms * home.perBedroom,
    });
  }
  items.push({
    label: plural(inputs.bathrooms, "bathroom"),
    amount: inputs.bathrooms * home.perBathroom,
  });
  const extraFeet = Math.max(0, inputs.squareFeet - home.includedSquareFeet);
  if (extraFeet > 0) {
    items.push({
      label: `${thousands(extraFeet)} sq ft over ${thousands(home.includedSquareFeet)}`,
      amount: extraFeet * home.perExtraSquareFoot,
    });
  }
  let price =
    home.base +
    inputs.bedrooms * home.perBedroom +
    inputs.bathrooms * home.perBathroom +
    extraFeet * home.perExtraSquareFoot;
  if (inputs.condition === "extra") {
    const surcharge = price * home.extraConditionSurcharge;
    items.push({
      label: `Needs extra attention (+${percent(home.extraConditionSurcharge)})`,
      amount: surcharge,
    });
    price += surcharge;
  }
  const discount = home.frequencyDiscount[inputs.frequency];
  if (discount > 0) {
    items.push({
      label: `${frequencyLabels[inputs.frequency]} schedule (−${percent(discount)} a visit)`,
      amount: -price * discount,
    });
    price -= price * discount;
  }
  return price;
}

function businessPrice(inputs: BusinessInputs, list: PriceList, items: LineItem[]): number {
  const business = list.business;
  let price = inputs.squareFeet * business.perSquareFoot;
  items.push({ label: `${thousands(inputs.squareFeet)} sq ft a visit`, amount: price });
  const discount = business.visitsPerWeekDiscount[inputs.visitsPerWeek - 1] ?? 0;
  if (discount > 0) {
    items.push({
      label: `${plural(inputs.visitsPerWeek, "visit")} a week (−${percent(discount)} a visit)`,
      amount: -price * discount,
    });
    price -= price * discount;
  }
  return price;
}

function addOnPrice(
  kind: PropertyKind,
  ids: readonly string[],
  list: PriceList,
  items: LineItem[],
): number {
  let sum = 0;
  for (const id of ids) {
    const addOn = list.addOns.find(
      (candidate) => candidate.id === id && candidate.for.includes(kind),
    );
    if (!addOn) throw new RangeError(`Unknown add-on for ${kind}: ${id}`);
    items.push({ label: addOn.label, amount: addOn.price });
    sum += addOn.price;
  }
  return sum;
}

const roundDownTo5 = (value: number) => Math.floor(round2(value) / 5) * 5;
const roundUpTo5 = (value: number) => Math.ceil(round2(value) / 5) * 5;
// Float noise (0.1 + 0.2) must not push a figure over a multiple of five.
const round2 = (value: number) => Math.round(value * 100) / 100;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "$150–$185": an estimate as people read it. */
export function formatRange(range: PriceRange): string {
  return `$${thousands(range.low)}–$${thousands(range.high)}`;
}
