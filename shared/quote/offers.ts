/**
 * The offers the site makes today: their one home (business.ts shows the welcome offer's
 * percentage and terms from here). The welcome popup's offer is carried to the quote form, and the
 * contact function refuses any offer id not listed here. No imports: the islands that read an offer
 * load this file, never the business facts.
 */

export type Offer = {
  id: string;
  percentOff: number;
  label: string;
  /** Shown on the form once the offer is applied. */
  appliedText: string;
  terms: string;
};

const welcomePercent = 20;

export const welcomeOffer = {
  id: "welcome-20",
  percentOff: welcomePercent,
  label: "Welcome offer",
  appliedText: `${welcomePercent}% off your first cleaning applied`,
  terms: "New customers only.",
} as const satisfies Offer;

export const currentOffers: readonly Offer[] = [welcomeOffer];

export function offerById(id: string): Offer | undefined {
  return currentOffers.find((offer) => offer.id === id);
}

/** What the function stores for a claimed offer (docs/contact-api.md, "Quote details"). */
export function storedOffer(offer: Offer): { id: string; percentOff: number } {
  return { id: offer.id, percentOff: offer.percentOff };
}
