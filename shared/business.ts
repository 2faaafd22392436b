/**
 * Every business fact, in one object (product.md, Business facts): the pages show them, the contact
 * function signs and addresses its e-mail with them. The facts the owner may change are content
 * (content/business.json, contact.json, hours.json: fictional defaults, checked by
 * shared/content/site-content.ts); this module adds what follows from them. Plain data: the
 * browser, Node and Deno all load it. The phone, e-mail, hours, time zone and response time come
 * through business-reach.ts, spread in here: the quote form's island reads only that module. The
 * welcome offer's percentage and terms are the offer's own (quote/offers.ts), shown here.
 */
import businessFile from "../content/business.json" with { type: "json" };
import { businessReach, phoneOf } from "./business-reach.ts";
import type { SiteContent } from "./content/site-content.ts";
import { welcomeOffer } from "./quote/offers.ts";

export { type Holiday, mailtoHref, type Phone, telHref } from "./business-reach.ts";

const facts = businessFile as SiteContent["business"];

export const business = {
  ...facts,
  /** The welcome popup's Call Now line: a separate tracked number. */
  offerPhone: phoneOf(facts.offerPhone),
  ...businessReach,
  frequencies: ["weekly", "bi-weekly", "monthly", "one-time"],
  welcomeOffer: {
    discountPercent: welcomeOffer.percentOff,
    terms: welcomeOffer.terms,
    /** The popup opens one second after load. */
    delayMs: 1000,
    /** The browser flag that keeps the popup from showing twice. */
    storageKey: "hasVisitedBefore",
  },
} as const;

/**
 * What "24/7 customer support" promises, said wherever the claim sits beside the hours ("Sunday:
 * Closed"), so the two read as one promise: a message is taken at any hour, and answered within
 * the response time (the office keeps the hours above).
 */
export const supportPromise = `${business.claims.support} customer support: leave a message any time, we answer within ${business.responseTime}`;
