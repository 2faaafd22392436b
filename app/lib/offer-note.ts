/**
 * The welcome offer carried from the first-visit popup to the quote form, in the page's address
 * only: "Claim My Discount" links to `/contact?offer=welcome-20#quote`. Nothing is written to the
 * browser's storage for it (product.md: the browser keeps only `hasVisitedBefore`), so a visitor
 * who wanders off before sending comes back to a form without it; the popup's link is the way in.
 */
import { type Offer, offerById } from "../../shared/quote/offers";
import { offerParam } from "./offer-claim";

/** The offer in the page address's `?offer=`, when it is one of the page's `offers` today. */
export function arrivingOffer(search: string, offers: readonly Offer[]): Offer | null {
  return offerById(new URLSearchParams(search).get(offerParam) ?? "", offers) ?? null;
}
