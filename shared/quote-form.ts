/**
 * The quote form as a plain HTML form (docs/contact-api.md, "The form without JavaScript"): the
 * flat names its controls post, the labels people read beside them, and the page a visitor lands
 * on after sending. The page's form renders these names; the contact function maps a form post
 * back to the JSON shape and, when something is wrong, shows the same labels with the visitor's
 * values. Plain data: the browser, Node and Deno all load it.
 */
import { withThousandsSeparators } from "./contact-fields.ts";
import { dayWindows, windowLabels, windowRules } from "./quote/preferred-windows.ts";
import {
  addOnsFor,
  estimateLimits,
  frequencies,
  frequencyLabels,
  type PriceList,
  type PropertyKind,
} from "./quote/price-list.ts";

/** The site's thank-you page, where the function sends a browser after a form post (303). */
export const thankYouPath = "/thank-you";

/** The public key travels as a hidden field: a plain form cannot send headers. */
export const keyField = "apikey";

/** What people read beside each field, on the page and on the function's error page. */
export const fieldLabels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  service: "Service Needed",
  otherService: "Specify Service",
  message: "Message",
  zip: "ZIP code",
  offer: "Welcome offer",
  estimate: "Estimate",
  preferredWindows: "Preferred times",
  website: "Website",
} as const;

/** The estimate's inputs, one flat name each; `addOns` may repeat. */
export const estimateField = {
  kind: "estimate.kind",
  bedrooms: "estimate.bedrooms",
  bathrooms: "estimate.bathrooms",
  squareFeet: "estimate.squareFeet",
  condition: "estimate.condition",
  frequency: "estimate.frequency",
  visitsPerWeek: "estimate.visitsPerWeek",
  addOns: "estimate.addOns",
} as const;

/** How many preferred times a plain form offers: the most a request may carry. */
export const windowRows = windowRules.maxWindows;

/** The names of one preferred time, 0-based like the JSON array: `preferredWindows.0.date`. */
export function windowField(index: number) {
  return {
    date: `preferredWindows.${index}.date`,
    window: `preferredWindows.${index}.window`,
  } as const;
}

/**
 * The estimate and the preferred times as plain controls, for a browser without JavaScript (the
 * page's form, in <noscript>) and for the function's page that shows a form post back to the
 * visitor. Described once here, so both offer the same names, labels and choices. With JavaScript
 * the page's estimator and time picker take their place.
 */
type Option = { value: string; label: string };

export type PlainControl =
  | { kind: "select"; name: string; label: string; options: readonly Option[]; initial?: string }
  | {
      kind: "number";
      name: string;
      label: string;
      min: number;
      max: number;
      initial?: string;
      hint?: string;
    }
  | { kind: "date"; name: string; label: string }
  | { kind: "checkboxes"; name: string; label: string; options: readonly Option[] };

export type PlainGroup = { legend: string; hint?: string; controls: readonly PlainControl[] };

const choices = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value: String(value), label: String(value) }));

const addOnChoices = (kind: PropertyKind, list: PriceList) =>
  addOnsFor(kind, list).map((addOn) => ({
    value: addOn.id,
    label: `${addOn.label} (+$${addOn.price})`,
  }));

const range = ({ min, max }: { min: number; max: number }) =>
  `${withThousandsSeparators(min)} to ${withThousandsSeparators(max)}`;
const halves = (min: number, max: number) =>
  Array.from({ length: (max - min) * 2 + 1 }, (_, index) => min + index / 2);
const wholes = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, index) => min + index);

// Built at each call, from the live price list and hours (an add-on's price or an open day changes
// with a published version); a bundle that uses only the names and labels above leaves them out
// (the quote form's island renders them only while the page is prerendered, in <noscript>).
/** The estimate's controls with the add-ons of `list` (the price list of the page's version). */
export function plainEstimateGroups(list: PriceList): readonly PlainGroup[] {
  const { home, business } = estimateLimits;
  return [
    {
      legend: "Estimate (optional)",
      hint: "Tell us about the place and we will include a price range when we call.",
      controls: [
        {
          kind: "select",
          name: estimateField.kind,
          label: "What needs cleaning?",
          options: [
            { value: "", label: "No estimate, thanks" },
            { value: "home", label: "A home" },
            { value: "business", label: "A business" },
          ],
        },
        {
          kind: "number",
          name: estimateField.squareFeet,
          label: "Approximate square feet",
          min: Math.min(home.squareFeet.min, business.squareFeet.min),
          max: Math.max(home.squareFeet.max, business.squareFeet.max),
          hint: `A home ${range(home.squareFeet)}, a business ${range(business.squareFeet)}.`,
        },
      ],
    },
    {
      legend: "For a home",
      controls: [
        {
          kind: "number",
          name: estimateField.bedrooms,
          label: "Bedrooms",
          min: home.bedrooms.min,
          max: home.bedrooms.max,
          initial: "3",
        },
        {
          kind: "select",
          name: estimateField.bathrooms,
          label: "Bathrooms",
          options: choices(halves(home.bathrooms.min, home.bathrooms.max)),
          initial: "2",
        },
        {
          kind: "select",
          name: estimateField.condition,
          label: "Condition",
          options: [
            { value: "routine", label: "Routine" },
            { value: "extra", label: "Needs extra attention" },
          ],
        },
        {
          kind: "select",
          name: estimateField.frequency,
          label: "How often",
          options: frequencies.map((value) => ({ value, label: frequencyLabels[value] })),
        },
        {
          kind: "checkboxes",
          name: estimateField.addOns,
          label: "Add-ons",
          options: addOnChoices("home", list),
        },
      ],
    },
    {
      legend: "For a business",
      controls: [
        {
          kind: "select",
          name: estimateField.visitsPerWeek,
          label: "Visits per week",
          options: choices(wholes(business.visitsPerWeek.min, business.visitsPerWeek.max)),
          initial: "3",
        },
        {
          kind: "checkboxes",
          name: estimateField.addOns,
          label: "Add-ons",
          options: addOnChoices("business", list),
        },
      ],
    },
  ];
}

/** The preferred times' controls; `openDays`: "Monday to Saturday", of the page's version. */
export function plainWindowGroup(openDays: string): PlainGroup {
  return {
    legend: `Preferred times (optional, up to ${windowRows})`,
    hint: `${openDays}, from tomorrow to three weeks ahead.`,
    controls: Array.from({ length: windowRows }, (_, index) => [
      { kind: "date", name: windowField(index).date, label: `Day ${index + 1}` } as const,
      {
        kind: "select",
        name: windowField(index).window,
        label: `Time of day ${index + 1}`,
        options: dayWindows.map((value) => ({ value, label: windowLabels[value] })),
      } as const,
    ]).flat(),
  };
}
