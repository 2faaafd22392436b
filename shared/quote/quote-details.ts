/**
 * The optional quote details a request may carry beside its six fields (docs/contact-api.md,
 * "Quote details"): their validation, and what the function stores for them. The price list, the
 * ZIP list, the offers and the window rules each live in their own module; this one joins them.
 */
import { z } from "zod";
import { type EstimateInputs, estimate, type StoredEstimate } from "./estimate.ts";
import { offerById, storedOffer } from "./offers.ts";
import { checkWindows, dayWindows, type PreferredWindow } from "./preferred-windows.ts";
import { addOnsFor, estimateLimits, frequencies, priceList } from "./price-list.ts";
import { quoteMessages } from "./quote-messages.ts";
import { normalizeZip, storedZip } from "./service-area.ts";

export { quoteMessages } from "./quote-messages.ts";

const int = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);

// The schema is built once; the add-ons it accepts are the live price list's at each parse.
function addOnIds(kind: "home" | "business") {
  return z
    .array(z.string())
    .default([])
    .refine((list) => {
      const ids = new Set(addOnsFor(kind, priceList).map((addOn) => addOn.id));
      return list.length <= ids.size && list.every((id) => ids.has(id));
    }, "Unknown add-on.")
    .refine((list) => new Set(list).size === list.length, "Each add-on once.");
}

const home = estimateLimits.home;
const business = estimateLimits.business;

// Keys the contract does not name (a browser's own low, high or price) are dropped, not trusted.
export const estimateInputsSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("home"),
      bedrooms: int(home.bedrooms),
      bathrooms: z
        .number()
        .min(home.bathrooms.min)
        .max(home.bathrooms.max)
        .refine((value) => Number.isInteger(value * 2), "Whole or half bathrooms."),
      squareFeet: int(home.squareFeet),
      condition: z.enum(["routine", "extra"]),
      frequency: z.enum(frequencies),
      addOns: addOnIds("home"),
    }),
    z.object({
      kind: z.literal("business"),
      squareFeet: int(business.squareFeet),
      visitsPerWeek: int(business.visitsPerWeek),
      addOns: addOnIds("business"),
    }),
  ],
  { error: quoteMessages.estimate },
);

/** The optional fields, to spread into the contact schema's object. */
export function quoteDetailFields(now: () => Date = () => new Date()) {
  return {
    zip: z
      .string({ error: quoteMessages.zip })
      .refine((value) => normalizeZip(value) !== null, quoteMessages.zip)
      .transform((value) => normalizeZip(value) as string)
      .optional(),
    estimate: estimateInputsSchema.optional(),
    offer: z
      .string({ error: quoteMessages.offer })
      .refine((id) => offerById(id) !== undefined, quoteMessages.offer)
      .optional(),
    preferredWindows: z
      .array(z.object({ date: z.string(), window: z.enum(dayWindows) }).strict())
      .superRefine((windows, context) => {
        const problem = checkWindows(windows, now());
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  };
}

export type QuoteDetailsInput = {
  zip?: string;
  estimate?: EstimateInputs;
  offer?: string;
  preferredWindows?: PreferredWindow[];
};

/** What the function stores for the details a request carried; absent details stay absent. */
export type StoredQuoteDetails = {
  zip?: string;
  inServiceArea?: boolean;
  /** The town whose crew serves the ZIP (its own ZIP, or one of its nearby ZIPs). */
  town?: string | null;
  /** True when the ZIP is one of the town's nearby ZIPs; absent for its own (and before this). */
  nearby?: true;
  estimate?: StoredEstimate;
  offer?: { id: string; percentOff: number };
  preferredWindows?: PreferredWindow[];
};

/** Decides everything the browser may not: the area, the town, the price (with the offer). */
export function resolveQuoteDetails(details: QuoteDetailsInput): StoredQuoteDetails {
  const stored: StoredQuoteDetails = {};
  if (details.zip !== undefined) Object.assign(stored, storedZip(details.zip));
  const offer = details.offer === undefined ? undefined : offerById(details.offer);
  if (offer) stored.offer = storedOffer(offer);
  if (details.estimate) {
    // The line items explain the price on the page; the stored estimate is the prices alone.
    const { lineItems: _explained, ...priced } = estimate(details.estimate, offer ?? null);
    stored.estimate = priced;
  }
  if (details.preferredWindows?.length) stored.preferredWindows = details.preferredWindows;
  return stored;
}
