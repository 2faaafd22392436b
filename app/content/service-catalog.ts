/**
 * The six service pages, as light links for the home page, menus and structured data
 * (product.md, Home: Our Services). Page copy lives in service-pages.ts.
 */
export const serviceCatalog = [
  {
    slug: "residential-cleaning",
    path: "/residential-cleaning",
    name: "Residential Cleaning",
    summary:
      "Weekly, bi-weekly, monthly or one-time home cleaning, done the same careful way every visit.",
  },
  {
    slug: "commercial-cleaning",
    path: "/commercial-cleaning",
    name: "Commercial Cleaning",
    summary:
      "Offices, retail and medical suites cleaned after hours, evenings and weekends included.",
  },
  {
    slug: "janitorial-services",
    path: "/janitorial-services",
    name: "Janitorial Services",
    summary: "Scheduled day or night porter service: restrooms, trash, breakrooms and supplies.",
  },
  {
    slug: "carpet-cleaning",
    path: "/carpet-cleaning",
    name: "Carpet Cleaning",
    summary: "Hot-water extraction that lifts ground-in dirt; most carpets are dry in 4–6 hours.",
  },
  {
    slug: "post-construction",
    path: "/post-construction",
    name: "Post-Construction Cleaning",
    summary: "Dust, debris and residue removed so new builds and remodels are ready to hand over.",
  },
  {
    slug: "floor-strip-wax",
    path: "/floor-strip-wax",
    name: "Floor Strip & Wax",
    summary: "Old finish stripped and fresh coats laid down on vinyl, tile and linoleum floors.",
  },
] as const;

export type CatalogService = (typeof serviceCatalog)[number];
export type ServicePageSlug = Exclude<CatalogService["slug"], "floor-strip-wax">;

export function catalogEntry(slug: CatalogService["slug"]): CatalogService {
  const entry = serviceCatalog.find((service) => service.slug === slug);
  if (!entry) throw new Error(`Unknown service ${slug}`);
  return entry;
}
