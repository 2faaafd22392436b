/**
 * Every business fact, in one object (product.md, Business facts): the pages show them, the contact
 * function signs and addresses its e-mail with them. The facts the owner may change are content
 * (the business, contact and hours groups of a content version); `businessOf` adds what follows
 * from them, and a reader is handed the result for the version it speaks from
 * (shared/content/facts.ts, decision 0028). Plain data: the browser, Node and Deno all load it. The phone, e-mail, hours, time zone and response time come through business-reach.ts,
 * spread in here: the quote form's island reads only that module. The welcome offer's percentage
 * and terms are the offer's own (quote/offers.ts), shown here.
 */
import { type BusinessReach, phoneOf } from "./business-reach.ts";
import { hoursLines, openingSlots } from "./content/opening-hours.ts";
import type { SiteContent } from "./content/site-content.ts";
import type { Offer } from "./quote/offers.ts";

export { type Holiday, mailtoHref, type Phone, telHref } from "./business-reach.ts";

export type Business = ReturnType<typeof businessOf>;

/**
 * What "24/7 customer support" promises, said wherever the claim sits beside the hours ("Sunday:
 * Closed"), so the two read as one promise: a message is taken at any hour, and answered within
 * the response time (the office keeps the hours above).
 */
export function supportPromiseOf(business: Business): string {
  return `${business.claims.support} customer support: leave a message any time, we answer within ${business.responseTime}`;
}

/** Every business fact of one version: its business group, its reach and its welcome offer. */
export function businessOf(facts: SiteContent["business"], reach: BusinessReach, offer: Offer) {
  return {
    ...facts,
    /** The welcome popup's Call Now line: a separate tracked number. */
    offerPhone: phoneOf(facts.offerPhone),
    ...reach,
    hours: {
      ...reach.hours,
      /** For the cards: "Monday to Friday: 8 AM to 7 PM", "Saturday: 8 AM to 5 PM", "Sunday: Closed". */
      lines: hoursLines(reach.hours.week),
      /** For structured data: runs of days in a row with the same hours. */
      open: openingSlots(reach.hours.week),
    },
    frequencies: ["weekly", "bi-weekly", "monthly", "one-time"],
    welcomeOffer: {
      discountPercent: offer.percentOff,
      terms: offer.terms,
      /** The popup opens one second after load. */
      delayMs: 1000,
      /** The browser flag that keeps the popup from showing twice. */
      storageKey: "hasVisitedBefore",
    },
  } as const;
}
