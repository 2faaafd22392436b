/**
 * The welcome offer's way from the popup to the quote form on the page itself: the address's
 * `?offer=` and the event the form listens for. Apart from offer-note.ts, which checks an offer
 * against the page's offers: the popup's island claims an id it was given and loads no content.
 */
export const offerParam = "offer";

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
