/**
 * The optional quote details a request may carry beside its six fields (docs/contact-api.md,
 * "Quote details"): their validation, and what the function stores for them. The price list, the
 * ZIP list, the offers and the window rules each live in their own module; this one joins them.
 */
import { z } from "zod";
import type { Facts } from "../content/facts.ts";
import { type EstimateInputs, estimate, type StoredEstimate } from "./estimate.ts";
import { offerById, storedOffer } from "./offers.ts";
import { checkWindows, dayWindows, type PreferredWindow } from "./preferred-windows.ts";
import { addOnsFor, estimateLimits, frequencies, type PriceList } from "./price-list.ts";
import { quoteMessages } from "./quote-messages.ts";
import { normalizeZip, storedZip } from "./service-area.ts";

export { quoteMessages } from "./quote-messages.ts";

/**
 * What checking and resolving quote details read of the content version the request is made
 * against (shared/content/facts.ts): its prices, offers, area, closed days and open days.
 */
export type QuoteRules = Pick<
  Facts,
  "priceList" | "offers" | "serviceArea" | "closedDays" | "reach"
>;

const int = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);

/** The add-ons of `list` for a kind of property, each once. */
function addOnIds(kind: "home" | "business", list: PriceList) {
  const ids = new Set(addOnsFor(kind, list).map((addOn) => addOn.id));
  return z
    .array(z.string())
    .default([])
    .refine(
      (chosen) => chosen.length <= ids.size && chosen.every((id) => ids.has(id)),
      "Unknown add-on.",
    )
    .refine((chosen) => new Set(chosen).size === chosen.length, "Each add-on once.");
}

const home = estimateLimits.home;
const business = estimateLimits.business;

/**
 * The estimate's inputs as a price list accepts them. Keys the contract does not name (a
 * browser's own low, high or price) are dropped, not trusted.
 */
export function estimateInputsSchema(list: PriceList) {
  return z.discriminatedUnion(
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
        addOns: addOnIds("home", list),
      }),
      z.object({
        kind: z.literal("business"),
        squareFeet: int(business.squareFeet),
        visitsPerWeek: int(business.visitsPerWeek),
        addOns: addOnIds("business", list),
      }),
    ],
    { error: quoteMessages.estimate },
  );
}

/** The optional fields, to spread into the contact schema's object. */
export function quoteDetailFields(facts: QuoteRules, now: () => Date = () => new Date()) {
  return {
    zip: z
      .string({ error: quoteMessages.zip })
      .refine((value) => normalizeZip(value) !== null, quoteMessages.zip)
      .transform((value) => normalizeZip(value) as string)
      .optional(),
    estimate: estimateInputsSchema(facts.priceList).optional(),
    offer: z
      .string({ error: quoteMessages.offer })
      .refine((id) => offerById(id, facts.offers.current) !== undefined, quoteMessages.offer)
      .optional(),
    preferredWindows: z
      .array(z.object({ date: z.string(), window: z.enum(dayWindows) }).strict())
      .superRefine((windows, context) => {
        const problem = checkWindows(windows, now(), facts);
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
  /**
   * The published content version the details were decided with (null: the repository's), so
   * that whatever describes the request later reads that version's price list and offers
   * (decision 0028). Absent on requests stored before it was kept, and on those without details.
   */
  contentVersion?: number | null;
};

/** Decides everything the browser may not: the area, the town, the price (with the offer). */
export function resolveQuoteDetails(
  details: QuoteDetailsInput,
  facts: QuoteRules,
): StoredQuoteDetails {
  const stored: StoredQuoteDetails = {};
  if (details.zip !== undefined) Object.assign(stored, storedZip(details.zip, facts.serviceArea));
  const offer =
    details.offer === undefined ? undefined : offerById(details.offer, facts.offers.current);
  if (offer) stored.offer = storedOffer(offer);
  if (details.estimate) {
    // The line items explain the price on the page; the stored estimate is the prices alone.
    const { lineItems: _explained, ...priced } = estimate(
      details.estimate,
      offer ?? null,
      facts.priceList,
    );
    stored.estimate = priced;
  }
  if (details.preferredWindows?.length) stored.preferredWindows = details.preferredWindows;
  return stored;
}
