/**
 * The six service pages, as light links for the home page, menus and structured data
 * (product.md, Home: Our Services).
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the service pages' texts (the owner's: content/pages.json);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form, and the one
 *   label each service goes by: a page's name here is its form label (one label per
 *   service), except where product.md fixes other words (the /services cards, the town cards).
 */
import { serviceLabel } from "./contact-fields.ts";
import { type ServiceSlug, servicePaths } from "./service-paths.ts";

/** Each page's one-line summary (home page cards, footer, structured data). */
const summaries: Record<ServiceSlug, string> = {
  "residential-cleaning":
    "Weekly, bi-weekly, monthly or one-time home cleaning, done the same careful way every visit.",
  "commercial-cleaning":
    "Offices, retail and medical suites cleaned after hours, evenings and weekends included.",
  "janitorial-services":
    "Scheduled day or night porter service: restrooms, trash, breakrooms and supplies.",
  "carpet-cleaning":
    "Hot-water extraction that lifts ground-in dirt; most carpets are dry in 4–6 hours.",
  "post-construction":
    "Dust, debris and residue removed so new builds and remodels are ready to hand over.",
  "floor-strip-wax":
    "Old finish stripped and fresh coats laid down on vinyl, tile and linoleum floors.",
};

export const serviceCatalog = servicePaths.map((page) => ({
  ...page,
  name: serviceLabel(page.service),
  summary: summaries[page.slug],
}));

type CatalogService = (typeof serviceCatalog)[number];
export type ServicePageSlug = Exclude<ServiceSlug, "floor-strip-wax">;

export function catalogEntry(slug: ServiceSlug): CatalogService {
  const entry = serviceCatalog.find((service) => service.slug === slug);
  if (!entry) throw new Error(`Unknown service ${slug}`);
  return entry;
}
