/**
 * What the suite expects of the site, written from docs/product.md (names, counts, paths, labels).
 * Facts the owner fills in (phone numbers, e-mail, founder) and free copy (section headings) are
 * read from the repository's content version, the one the built site is made from, so that
 * changing them there does not break the tests.
 */
import { repositoryFacts } from "../../../shared/content/facts";
import { deploymentDefaults } from "../../../shared/deployment-defaults";
import { escapeRegExp } from "./html";

export const { business } = repositoryFacts();

/** product.md, Pages; the slug king-prussia, the name written in full: King of Prussia. */
export const towns = [
  { path: "/plymouth-meeting", name: "Plymouth Meeting" },
  { path: "/king-prussia", name: "King of Prussia" },
  { path: "/west-chester", name: "West Chester" },
  { path: "/exton", name: "Exton" },
  { path: "/berwyn", name: "Berwyn" },
] as const;

export type TownRoute = (typeof towns)[number];

/** product.md, Home: Our Services links, in this order. */
export const servicePaths = [
  "/residential-cleaning",
  "/commercial-cleaning",
  "/janitorial-services",
  "/carpet-cleaning",
  "/post-construction",
  "/floor-strip-wax",
] as const;

/** The five standard service pages (product.md, Service pages). */
export const standardServicePages = [
  { path: "/residential-cleaning", name: "Residential Cleaning", ctaLabel: "Get Free Quote" },
  { path: "/commercial-cleaning", name: "Commercial Cleaning", ctaLabel: "Contact Us" },
  { path: "/janitorial-services", name: "Janitorial", ctaLabel: "Request Quote" },
  { path: "/carpet-cleaning", name: "Carpet Cleaning", ctaLabel: "Get Free Estimate" },
  { path: "/post-construction", name: "Post-Construction", ctaLabel: "Request Estimate" },
] as const;

/** product.md, Service pages: carpet and post-construction processes, in order. */
export const processSteps: Record<string, readonly string[]> = {
  "/carpet-cleaning": ["Pre-Inspection", "Pre-Treatment", "Deep Cleaning", "Post-Grooming"],
  "/post-construction": [
    "Initial Assessment",
    "Rough Clean",
    "Deep Clean",
    "Detail Work",
    "Final Touch-Ups",
    "Final Inspection",
  ],
};

/** product.md, Town pages: the five cards, in this order. */
export const townServiceNames = [
  "Residential Cleaning",
  "Commercial Cleaning",
  "Carpet Cleaning",
  "Strip and Wax Floors",
  "Post-Construction Cleaning",
] as const;

/** product.md, Services: the six cards, in this order. */
export const serviceCardTitles = [
  "Janitorial Cleaning",
  "Commercial Cleaning",
  "Office Cleaning",
  "Post-Construction Cleaning",
  "Carpet Cleaning",
  "Strip and Wax Floor Services",
] as const;

export type RouteExpectation = {
  path: string;
  /** The one h1: exact text, or a pattern where product.md leaves the wording open. */
  h1: string | RegExp;
  /** Text of the main content that must be there, in the browser and in the prerendered HTML. */
  keyText: readonly string[];
};

/** A whole-text pattern for an accessible name. */
export const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);
/** A case-insensitive pattern for text anywhere in a name. */
export const containing = (text: string) => new RegExp(escapeRegExp(text), "i");

/** Every page of product.md, Pages (15), with its h1 and key content. */
export const routes: readonly RouteExpectation[] = [
  {
    path: "/",
    h1: /\S/,
    keyText: [
      "Our Services",
      "Areas We Serve",
      "Professional Team",
      "Flexible Schedule",
      "Local Service",
    ],
  },
  {
    path: "/about",
    h1: /About/i,
    keyText: [
      "Our Story",
      "Excellence",
      "Integrity",
      "Professionalism",
      "Commitment",
      "Experienced Team",
      "Flexible Scheduling",
      "Quality Assurance",
      "Local & Reliable",
      "Meet Our Founder",
    ],
  },
  { path: "/services", h1: /Services/i, keyText: [...serviceCardTitles] },
  {
    path: "/contact",
    h1: "Contact Us",
    keyText: [
      "Let's Discuss Your Cleaning Needs",
      "Get in Touch",
      "Request a Free Quote",
      "Prefer to Call?",
    ],
  },
  ...towns.map((town) => ({
    path: town.path,
    h1: `Professional Cleaning Services in ${town.name}`,
    keyText: [...townServiceNames, ` in ${town.name}?`],
  })),
  ...standardServicePages.map((page) => ({
    path: page.path,
    h1: containing(page.name),
    keyText: [...(processSteps[page.path] ?? []), page.ctaLabel],
  })),
  { path: "/floor-strip-wax", h1: /Floor Strip/i, keyText: ["vinyl", "tile", "linoleum"] },
];

/** An unknown path for the 404 page. */
export const unknownPath = "/no-such-page";

/** The public origin used in canonical links, sitemap and structured data (no trailing slash). */
export const siteUrl = (process.env.VITE_SITE_URL?.trim() || deploymentDefaults.siteUrl).replace(
  /\/+$/,
  "",
);

export const absoluteUrl = (path: string) => `${siteUrl}${path}`;

export const publicKey = process.env.VITE_SUPABASE_ANON_KEY?.trim() || deploymentDefaults.publicKey;

export const telHref = (phone: { e164: string }) => `tel:${phone.e164}`;
