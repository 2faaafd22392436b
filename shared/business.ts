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

export function telHref(phone: Phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
