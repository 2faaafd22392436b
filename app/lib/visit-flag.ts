/**
 * Whether this browser has seen the welcome offer (product.md, Widgets), under the flag named in
 * `business.welcomeOffer.storageKey` (the dialog's `data-visit-flag` carries it, so that this
 * file ships without the business facts). Storage can be unavailable (private modes, blocked
 * cookies): then we behave as a returning visitor rather than show an offer we could never
 * remember dismissing.
 */
export function hasVisitedBefore(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "true";
  } catch {
    return true;
  }
}

export function rememberVisit(key: string): void {
  try {
    window.localStorage.setItem(key, "true");
  } catch {
    // Nothing to do: the offer simply may show again next time.
  }
}
