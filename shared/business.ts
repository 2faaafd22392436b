/**
 * Every business fact, in one place (product.md, Business facts): the pages show them, the contact
 * function signs and addresses its e-mail with them. The facts the owner may change are content
 * (content/business.json, content/hours.json: fictional defaults, checked by
 * shared/content/site-content.ts); this module adds what follows from them. Plain data: the
 * browser, Node and Deno all load it. The welcome offer's percentage and terms are the offer's own
 * (quote/offers.ts), shown here.
 */
import businessFile from "../content/business.json" with { type: "json" };
import hoursFile from "../content/hours.json" with { type: "json" };
import { openingHours } from "./content/opening-hours.ts";
import type { SiteContent } from "./content/site-content.ts";
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

const facts = businessFile as SiteContent["business"];
const week = hoursFile as Pick<SiteContent["hours"], "week">;

export const business = {
  ...facts,
  phone: phoneOf(facts.phone),
  /** The welcome popup's Call Now line: a separate tracked number. */
  offerPhone: phoneOf(facts.offerPhone),
  hours: {
    ...openingHours(week.week),
    /**
     * Closed all day, like a Sunday: no visits are offered or booked. Months 1-12, weekdays 0
     * (Sunday) to 6. A fixed-date holiday that falls on a Sunday also closes the Monday after.
     */
    holidays: (hoursFile as SiteContent["hours"]).holidays as Holiday[],
  },
  /** The e-mail to the owner shows times in the business's own time zone. */
  timeZone: "America/New_York",
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

/** "(484) 555-0142" as the content holds it (ten digits, checked by its schema). */
function phoneOf(display: string): Phone {
  return { display, e164: `+1${display.replace(/\D/g, "")}` };
}

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
