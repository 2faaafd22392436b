/**
 * The business facts the quote form reads: how to reach the business (phone, e-mail), when it
 * answers (hours, holidays, time zone, response time). Part of the one `business` object
 * (business.ts spreads them in; pages read them there); their home is here so that the form's
 * island, which imports this module and not business.ts, carries none of the other facts' code.
 * The owner's part is content (the contact and hours groups of a content version); `reachOf`
 * adds what follows from it.
 */
import { weekWords } from "./content/opening-hours.ts";
import type { SiteContent } from "./content/site-content.ts";

export type Phone = {
  /** How people read it: (484) 555-0142 */
  display: string;
  /** E.164, for tel: links and structured data */
  e164: string;
};

/**
 * A holiday the business closes for, as a rule so every year's date is worked out
 * (shared/closed-days.ts): a fixed date, or the nth (or last) weekday of a month. Months 1-12,
 * weekdays 0 (Sunday) to 6.
 */
export type Holiday =
  | { name: string; month: number; day: number }
  | { name: string; month: number; weekday: number; nth: number | "last" };

/** The e-mail to the owner shows times in the business's own time zone (code, not content). */
export const businessTimeZone = "America/New_York";

export type BusinessReach = ReturnType<typeof reachOf>;

/** How to reach the business and when, from a document's contact and hours groups. */
export function reachOf({ contact, hours }: Pick<SiteContent, "contact" | "hours">) {
  return {
    phone: phoneOf(contact.phone),
    email: contact.email,
    hours: {
      ...weekWords(hours.week),
      /** Each day's hours as the owner set them (the call-back time keeps that day's). */
      week: hours.week,
      /**
       * Closed all day, like a Sunday: no visits are offered or booked. A fixed-date holiday that
       * falls on a Sunday also closes the Monday after.
       */
      holidays: hours.holidays as Holiday[],
    },
    timeZone: businessTimeZone,
    responseTime: contact.responseTime,
  } as const;
}

/** "(484) 555-0142" as the content holds it (ten digits, checked by its schema). */
export function phoneOf(display: string): Phone {
  return { display, e164: `+1${display.replace(/\D/g, "")}` };
}

export function telHref(phone: Phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
