/**
 * Every business fact the site shows, in one place (product.md, Business facts).
 * The owner replaces these fictional defaults; pages never hard-code any of them.
 */

export type Phone = {
  /** How people read it: (484) 555-0142 */
  display: string;
  /** E.164, for tel: links and structured data */
  e164: string;
};

export type OpeningHours = {
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
    discountPercent: 20,
    headline: "20% off your first cleaning",
    text: "New customers save 20% on their first professional cleaning service.",
    terms: "New customers only.",
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
