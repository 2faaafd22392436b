/**
 * Every business fact, in one place (product.md, Business facts): the pages show them, the contact
 * function signs and addresses its e-mail with them. The owner replaces these fictional defaults;
 * nothing else writes any of them. Plain data: the browser, Node and Deno all load it. The welcome
 * offer's percentage and terms are the offer's own (quote/offers.ts), shown here.
 */
import { welcomeOffer } from "./quote/offers.ts";

export type Phone = {
  /** How people read it: (484) 555-0142 */
  display: string;
  /** E.164, for tel: links and structured data */
  e164: string;
};

/**
 * A holiday the business closes for, as a rule so every year's date is worked out
 * (shared/closed-days.ts): a fixed date, or the nth (or last) weekday of a month.
 */
export type Holiday =
  | { name: string; month: number; day: number }
  | { name: string; month: number; weekday: number; nth: number | "last" };

type OpeningHours = {
  days: string;
  /** "08:00" 24-hour, for structured data */
  opens: string;
  closes: string;
  label: string;
};

export const business = {
  name: "Keystone Shine Cleaning",
  shortName: "Keystone Shine",
  legalName: "Keystone Shine Cleaning LLC",
  tagline: "Residential & commercial cleaning across the Philadelphia suburbs",
  founder: {
    name: "Maria Delgado",
    title: "Founder & CEO",
  },
  phone: { display: "(484) 555-0142", e164: "+14845550142" } satisfies Phone,
  /** The welcome popup's Call Now line: a separate tracked number. */
  offerPhone: { display: "(484) 555-0187", e164: "+14845550187" } satisfies Phone,
  email: "hello@example.com",
  address: {
    locality: "Plymouth Meeting",
    region: "PA",
    country: "US",
  },
  hours: {
    summary: "Mon–Sat 8:00 AM to 7:00 PM",
    open: [
      {
        days: "Monday to Saturday",
        opens: "08:00",
        closes: "19:00",
        label: "8:00\u00a0AM to 7:00\u00a0PM",
      },
    ] satisfies OpeningHours[],
    closed: ["Sunday"],
    schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    /**
     * Closed all day, like a Sunday: no visits are offered or booked. Months 1-12, weekdays 0
     * (Sunday) to 6. A fixed-date holiday that falls on a Sunday also closes the Monday after.
     */
    holidays: [
      { name: "New Year's Day", month: 1, day: 1 },
      { name: "Memorial Day", month: 5, weekday: 1, nth: "last" },
      { name: "Independence Day", month: 7, day: 4 },
      { name: "Labor Day", month: 9, weekday: 1, nth: 1 },
      { name: "Thanksgiving", month: 11, weekday: 4, nth: 4 },
      { name: "Christmas Day", month: 12, day: 25 },
    ] satisfies Holiday[],
  },
  /** The e-mail to the owner shows times in the business's own time zone. */
  timeZone: "America/New_York",
  responseTime: "24 hours",
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

export function telHref(phone: Phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
