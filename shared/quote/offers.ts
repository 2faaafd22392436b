/**
 * The offers the site makes today: their one home (business.ts shows the welcome offer's
 * percentage and terms from here). The welcome popup's offer is carried to the quote form, and the
 * contact function refuses any offer id not listed here. The owner's part is content
 * (content/offer.json: on or off, the percent, the terms). No other imports: the islands that read
 * an offer load this file, never the business facts.
 */
import type { SiteContent } from "../content/site-content.ts";

export type Offer = {
  id: string;
  percentOff: number;
  label: string;
  /** Shown on the form once the offer is applied. */
  appliedText: string;
  terms: string;
};

/** The offers a document makes: the welcome offer, whether it is on (off, the popup is not shown
 * and no form takes the offer), the offers taken. */
export type Offers = { welcomeOfferOn: boolean; welcomeOffer: Offer; current: readonly Offer[] };

export function offersOf({ offer }: Pick<SiteContent, "offer">): Offers {
  const welcomeOffer: Offer = {
    // The percent is part of the id: a link carrying an earlier percent is refused, never
    // honoured at the new one.
    id: `welcome-${offer.percentOff}`,
    percentOff: offer.percentOff,
    label: "Welcome offer",
    appliedText: `${offer.percentOff}% off your first cleaning applied`,
    terms: offer.terms,
  };
  return {
    welcomeOfferOn: offer.enabled,
    welcomeOffer,
    current: offer.enabled ? [welcomeOffer] : [],
  };
}

export function offerById(id: string, offers: readonly Offer[]): Offer | undefined {
  return offers.find((offer) => offer.id === id);
}

/** What the function stores for a claimed offer (docs/contact-api.md, "Quote details"). */
export function storedOffer(offer: Offer): { id: string; percentOff: number } {
  return { id: offer.id, percentOff: offer.percentOff };
}
