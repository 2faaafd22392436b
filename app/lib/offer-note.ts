/**
 * The welcome offer carried from the first-visit popup to the quote form, in the page's address
 * only: "Claim My Discount" links to `/contact?offer=welcome-20#quote`. Nothing is written to the
 * browser's storage for it (product.md: the browser keeps only `hasVisitedBefore`), so a visitor
 * who wanders off before sending comes back to a form without it; the popup's link is the way in.
 */
import { type Offer, offerById } from "../../shared/quote/offers";

export const offerParam = "offer";

/** The offer in the page address's `?offer=`, when the site makes it today (shared/quote/offers.ts). */
export function arrivingOffer(search: string): Offer | null {
  return offerById(new URLSearchParams(search).get(offerParam) ?? "") ?? null;
}

/** Takes the offer out of the address, so that a reload or a shared link does not bring it back. */
export function forgetOffer(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(offerParam)) return;
  url.searchParams.delete(offerParam);
  window.history.replaceState(window.history.state, "", url);
}

/** The quote form on this page (only /contact has one). */
export const quoteFormSelector = "form[data-quote-form]";
/** Sent on the quote form when the offer is claimed on its own page, for it to apply in place. */
export const offerClaimedEvent = "quote-offer-claimed";

/**
 * "Claim My Discount" on the form's own page applies the offer where the visitor is: no reload,
 * nothing typed lost. The address takes the offer too, so that a form whose script starts only
 * now finds it there (its hidden field carries it for a post without the script). False when the
 * page has no quote form (the link then goes to /contact as before).
 */
export function claimInPlace(id: string): boolean {
  const form = document.querySelector<HTMLFormElement>(quoteFormSelector);
  if (!form) return false;
  const url = new URL(window.location.href);
  url.searchParams.set(offerParam, id);
  window.history.replaceState(window.history.state, "", url);
  const field = form.elements.namedItem("offer");
  if (field instanceof HTMLInputElement) field.value = id;
  form.dispatchEvent(new CustomEvent(offerClaimedEvent, { detail: id }));
  return true;
}
