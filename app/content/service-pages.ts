/**
 * The five standard service pages (product.md, Service pages) and the short floor strip and wax
 * page's texts. Slug, path and name come from service-catalog.ts (the URL keys on them); the texts
 * are the owner's, in the content's Pages group (content/pages.json), read from the version the
 * page is made from.
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the service pages' texts (the owner's: content/pages.json);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form.
 */

import type { SiteContent } from "../../shared/content/site-content";
import { catalogEntry, type ServicePageSlug } from "../../shared/service-catalog";
import { townNames } from "../lib/town-names";

export type ServiceStep = { title: string; description: string };

type CtaLabel =
  | "Get Free Quote"
  | "Contact Us"
  | "Request Quote"
  | "Get Free Estimate"
  | "Request Estimate";

export type ServicePage = {
  slug: ServicePageSlug;
  path: string;
  name: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  /** schema.org Service serviceType. */
  serviceType: string;
  heroTitle: string;
  heroSubtitle: string;
  introTitle: string;
  intro: string[];
  checklistTitle: string;
  /** Eight items. */
  checklist: string[];
  benefitsTitle: string;
  benefits: { title: string; description: string }[];
  detailsTitle: string;
  details: { title: string; description: string }[];
  /** Carpet (four steps) and post-construction (six steps) only. */
  process?: { title: string; intro: string; steps: ServiceStep[] };
  cta: { title: string; text: string; label: CtaLabel };
  artwork: "residential" | "commercial" | "janitorial" | "carpet" | "post-construction";
};

type PageTexts<S extends keyof SiteContent["pages"]["services"]> =
  SiteContent["pages"]["services"][S];

/** What a page shows from its texts, before the structure below names its steps and its button. */
type PageCopy = Omit<
  ServicePage,
  "slug" | "path" | "name" | "serviceType" | "artwork" | "cta" | "process"
> & {
  cta: { title: string; text: string };
  process?: { title: string; intro: string; steps: string[] };
};

/** The Business facts some texts state: the page writes its words around them. */
type Facts = { dry: string; reply: string };

/**
 * Each page's texts (the owner's) with the ones that state the drying time or how soon the
 * business answers: those are written here around the fact, so a changed fact reaches every page
 * that states it with no text to edit.
 */
const copy: { [S in ServicePageSlug]: (texts: PageTexts<S>, facts: Facts) => PageCopy } = {
  "residential-cleaning": (texts, { reply }) => ({
    ...texts,
    cta: {
      title: texts.cta.title,
      text: `Tell us about your home and how often you would like us to come. We typically respond within ${reply} with a free, no-obligation quote.`,
    },
  }),
  "commercial-cleaning": (texts, { reply }) => ({
    ...texts,
    benefits: [
      ...texts.benefits,
      {
        title: "24/7 Customer Support",
        description: `Report a spill, a missed area or a schedule change at any hour: leave a message any time and we answer within ${reply}.`,
      },
    ],
  }),
  "janitorial-services": (texts) => texts,
  "carpet-cleaning": (texts, { dry }) => ({
    ...texts,
    metaDescription: `Hot-water extraction carpet cleaning for homes and offices in ${townNames(["west-chester", "exton", "berwyn", "king-prussia", "plymouth-meeting"])}. Most carpets dry in ${dry}.`,
    heroSubtitle: `Hot-water extraction that lifts ground-in dirt, spots and odors, with most carpets dry in ${dry}.`,
    intro: [
      ...texts.intro,
      `We clean wall-to-wall carpet, stairs and runners in homes, and carpet tile and broadloom in offices. Carpets usually dry within ${dry}, and we set furniture on protective tabs so nothing transfers while it dries.`,
    ],
    benefits: [
      {
        title: "Fast Drying",
        description: `Strong extraction leaves carpet damp, not soaked, so most rooms are dry in ${dry}.`,
      },
      ...texts.benefits,
    ],
    process: {
      ...texts.process,
      steps: [
        ...texts.process.steps,
        `We groom the pile so it dries evenly and looks uniform, set furniture on protective tabs, and remind you that most carpet is dry in ${dry}.`,
      ],
    },
  }),
  "post-construction": (texts) => texts,
};

/** What the owner does not write: the structure product.md fixes and structured data's types. */
const structure: Record<
  ServicePageSlug,
  {
    serviceType: string;
    ctaLabel: CtaLabel;
    artwork: ServicePage["artwork"];
    /** The steps' names, in order (product.md); the owner writes what each one does. */
    steps?: string[];
  }
> = {
  "residential-cleaning": {
    serviceType: "House cleaning",
    ctaLabel: "Get Free Quote",
    artwork: "residential",
  },
  "commercial-cleaning": {
    serviceType: "Commercial cleaning",
    ctaLabel: "Contact Us",
    artwork: "commercial",
  },
  "janitorial-services": {
    serviceType: "Janitorial service",
    ctaLabel: "Request Quote",
    artwork: "janitorial",
  },
  "carpet-cleaning": {
    serviceType: "Carpet cleaning",
    ctaLabel: "Get Free Estimate",
    artwork: "carpet",
    steps: ["Pre-Inspection", "Pre-Treatment", "Deep Cleaning", "Post-Grooming"],
  },
  "post-construction": {
    serviceType: "Post-construction cleaning",
    ctaLabel: "Request Estimate",
    artwork: "post-construction",
    steps: [
      "Initial Assessment",
      "Rough Clean",
      "Deep Clean",
      "Detail Work",
      "Final Touch-Ups",
      "Final Inspection",
    ],
  },
};

function pageFrom<S extends ServicePageSlug>(slug: S, document: SiteContent): ServicePage {
  const { path, name } = catalogEntry(slug);
  const { serviceType, ctaLabel, artwork, steps } = structure[slug];
  const facts = { dry: document.business.carpetDryTime, reply: document.contact.responseTime };
  const { cta, process, ...texts } = copy[slug](document.pages.services[slug], facts);
  return {
    slug,
    path,
    name,
    ...texts,
    serviceType,
    ...(process && steps
      ? {
          process: {
            title: process.title,
            intro: process.intro,
            steps: steps.map((title, index) => {
              // The schema holds each page to its steps' count; a document that skipped it is refused.
              const description = process.steps[index];
              if (description === undefined) throw new Error(`${name}: no text for ${title}`);
              return { title, description };
            }),
          },
        }
      : {}),
    cta: { ...cta, label: ctaLabel },
    artwork,
  };
}

/** The order pages are listed in (the catalog's order, without the floor strip and wax page). */
const order: ServicePageSlug[] = [
  "residential-cleaning",
  "commercial-cleaning",
  "janitorial-services",
  "carpet-cleaning",
  "post-construction",
];

/** The five pages with a content version's texts. */
export function servicePagesOf(document: SiteContent): ServicePage[] {
  return order.map((slug) => pageFrom(slug, document));
}

/** The short floor strip and wax page's texts (app/routes/floor-strip-wax.tsx lays them out). */
export function floorStripWaxTextsOf(document: SiteContent): PageTexts<"floor-strip-wax"> {
  return document.pages.services["floor-strip-wax"];
}

export function getServicePage(
  servicePages: readonly ServicePage[],
  slug: ServicePageSlug,
): ServicePage {
  const page = servicePages.find((candidate) => candidate.slug === slug);
  if (!page) throw new Error(`Unknown service page ${slug}`);
  return page;
}

export function getServicePageByPath(
  servicePages: readonly ServicePage[],
  path: string,
): ServicePage | undefined {
  const normalized = path.replace(/\/+$/, "") || "/";
  return servicePages.find((page) => page.path === normalized);
}
