/**
 * The six service pages, as light links for the home page, menus and structured data
 * (product.md, Home: Our Services).
 *
 * Services, one kind of fact per file:
 * - shared/service-catalog.ts: which service pages exist (slug, path, name, one-line summary);
 * - app/content/service-pages.ts: the copy of the five standard service pages (floor strip and
 *   wax, a short page, keeps its copy in app/routes/floor-strip-wax.tsx);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form, and the one
 *   label each service goes by: a page's name here is its form label (one label per
 *   service), except where product.md fixes other words (the /services cards, the town cards).
 */
import { type ServiceValue, serviceLabel } from "./contact-fields.ts";

export const serviceCatalog = [
  {
    slug: "residential-cleaning",
    path: "/residential-cleaning",
    service: "residential",
    name: serviceLabel("residential"),
    summary:
      "Weekly, bi-weekly, monthly or one-time home cleaning, done the same careful way every visit.",
  },
  {
    slug: "commercial-cleaning",
    path: "/commercial-cleaning",
    service: "commercial",
    name: serviceLabel("commercial"),
    summary:
      "Offices, retail and medical suites cleaned after hours, evenings and weekends included.",
  },
  {
    slug: "janitorial-services",
    path: "/janitorial-services",
    service: "janitorial",
    name: serviceLabel("janitorial"),
    summary: "Scheduled day or night porter service: restrooms, trash, breakrooms and supplies.",
  },
  {
    slug: "carpet-cleaning",
    path: "/carpet-cleaning",
    service: "carpet",
    name: serviceLabel("carpet"),
    summary: "Hot-water extraction that lifts ground-in dirt; most carpets are dry in 4–6 hours.",
  },
  {
    slug: "post-construction",
    path: "/post-construction",
    service: "post-construction",
    name: serviceLabel("post-construction"),
    summary: "Dust, debris and residue removed so new builds and remodels are ready to hand over.",
  },
  {
    slug: "floor-strip-wax",
    path: "/floor-strip-wax",
    service: "floor-wax",
    name: serviceLabel("floor-wax"),
    summary: "Old finish stripped and fresh coats laid down on vinyl, tile and linoleum floors.",
  },
] as const satisfies readonly {
  slug: string;
  path: string;
  service: ServiceValue;
  name: string;
  summary: string;
}[];

type CatalogService = (typeof serviceCatalog)[number];
export type ServicePageSlug = Exclude<CatalogService["slug"], "floor-strip-wax">;

export function catalogEntry(slug: CatalogService["slug"]): CatalogService {
  const entry = serviceCatalog.find((service) => service.slug === slug);
  if (!entry) throw new Error(`Unknown service ${slug}`);
  return entry;
}
