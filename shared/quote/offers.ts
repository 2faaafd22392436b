/**
 * The offers the site makes today. The welcome popup's offer is carried to the quote form, and the
 * contact function refuses any offer id not listed here.
 */
import { business } from "../business.ts";

export type Offer = {
  id: string;
  percentOff: number;
  label: string;
  /** Shown on the form once the offer is applied. */
  appliedText: string;
  terms: string;
};

export const welcomeOffer = {
  id: "welcome-20",
  percentOff: business.welcomeOffer.discountPercent,
  label: "Welcome offer",
  appliedText: `${business.welcomeOffer.discountPercent}% off your first cleaning applied`,
  terms: business.welcomeOffer.terms,
} as const satisfies Offer;

export const currentOffers: readonly Offer[] = [welcomeOffer];

export function offerById(id: string): Offer | undefined {
  return currentOffers.find((offer) => offer.id === id);
}

/** What the function stores for a claimed offer (docs/contact-api.md, "Quote details"). */
export function storedOffer(offer: Offer): { id: string; percentOff: number } {
  return { id: offer.id, percentOff: offer.percentOff };
}
