/**
 * The welcome offer carried from the first-visit popup to the quote form. "Claim My Discount"
 * links to `/contact?offer=welcome-20#quote` and leaves this note in localStorage, so a visitor who
 * wanders to another page first still finds the offer applied. Removing it on the form clears it.
 */
import { type Offer, offerById } from "../../shared/quote/offers";

export const offerNoteKey = "quoteOffer";
export const offerParam = "offer";

type NoteStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): NoteStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (privacy settings): the link's ?offer= still carries it this once.
    return null;
  }
}

export function rememberOffer(id: string, store: NoteStorage | null = storage()): void {
  try {
    store?.setItem(offerNoteKey, id);
  } catch {}
}

export function forgetOffer(store: NoteStorage | null = storage()): void {
  try {
    store?.removeItem(offerNoteKey);
  } catch {}
}

/**
 * The offer a visitor arrives with: the page address's `?offer=` first, then the note. Only offers
 * the site makes today count (shared/quote/offers.ts); a stale note is dropped.
 */
export function arrivingOffer(search: string, store: NoteStorage | null = storage()): Offer | null {
  const fromLink = new URLSearchParams(search).get(offerParam);
  let fromNote: string | null = null;
  try {
    fromNote = store?.getItem(offerNoteKey) ?? null;
  } catch {}
  const offer = offerById(fromLink ?? fromNote ?? "") ?? null;
  if (offer) rememberOffer(offer.id, store);
  else if (fromNote !== null) forgetOffer(store);
  return offer;
}

/** The quote form on this page (only /contact has one). */
export const quoteFormSelector = "form[data-quote-form]";
/** Sent on the quote form when the offer is claimed on its own page, for it to apply in place. */
export const offerClaimedEvent = "quote-offer-claimed";

/**
 * "Claim My Discount" on the form's own page applies the offer where the visitor is: no reload,
 * nothing typed lost. Before the form's script has started, its hidden field and the note carry
 * the offer. False when the page has no quote form (the link then goes to /contact as before).
 */
export function claimInPlace(id: string): boolean {
  const form = document.querySelector<HTMLFormElement>(quoteFormSelector);
  if (!form) return false;
  rememberOffer(id);
  const field = form.elements.namedItem("offer");
  if (field instanceof HTMLInputElement) field.value = id;
  form.dispatchEvent(new CustomEvent(offerClaimedEvent, { detail: id }));
  return true;
}
