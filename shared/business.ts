/**
 * Every business fact, in one object (product.md, Business facts): the pages show them, the contact
 * function signs and addresses its e-mail with them. The owner replaces these fictional defaults;
 * nothing else writes any of them. Plain data: the browser, Node and Deno all load it. The phone,
 * e-mail, hours, time zone and response time are written in business-reach.ts and spread in here:
 * the quote form's island reads only those. The welcome offer's percentage and terms are the
 * offer's own (quote/offers.ts), shown here.
 */
import { businessReach, type Phone } from "./business-reach.ts";
import { welcomeOffer } from "./quote/offers.ts";

export { type Holiday, mailtoHref, type Phone, telHref } from "./business-reach.ts";

export const business = {
  name: "Keystone Shine Cleaning",
  shortName: "Keystone Shine",
  legalName: "Keystone Shine Cleaning LLC",
  tagline: "Residential & commercial cleaning across the Philadelphia suburbs",
  founder: {
    name: "Maria Delgado",
    title: "Founder & CEO",
  },
  /** The welcome popup's Call Now line: a separate tracked number. */
  offerPhone: { display: "(484) 555-0187", e164: "+14845550187" } satisfies Phone,
  ...businessReach,
  address: {
    locality: "Plymouth Meeting",
    region: "PA",
    country: "US",
  },
  carpetDryTime: "4–6 hours",
  frequencies: ["weekly", "bi-weekly", "monthly", "one-time"],
  claims: {
    support: "24/7",
    yearsExperience: 10,
    satisfiedClients: 500,
    qualityGuarantee: "100% Quality Guaranteed",
    satisfactionGuarantee: "100% Satisfaction Guarantee",
  },
  certifications: [
    "Floor Care Training Certified",
    "Fully Licensed & Insured",
    "Background-Checked Team",
    "Eco-Friendly Products",
  ],
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
