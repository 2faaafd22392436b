import { business } from "~/content/business";

const { storageKey } = business.welcomeOffer;

/**
 * Whether this browser has seen the welcome offer (product.md, Widgets). Storage can be
 * unavailable (private modes, blocked cookies): then we behave as a returning visitor rather
 * than show an offer we could never remember dismissing.
 */
export function hasVisitedBefore(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === "true";
  } catch {
    return true;
  }
}

export function rememberVisit(): void {
  try {
    window.localStorage.setItem(storageKey, "true");
  } catch {
    // Nothing to do: the offer simply may show again next time.
  }
}
