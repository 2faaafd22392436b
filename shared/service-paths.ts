/**
 * The six service pages as addresses: each page's slug, path and the service it offers. Their one
 * home; service-catalog.ts names and describes each page. Kept apart from those words so that
 * what needs only the paths (site-paths.ts, and through it the quote form's island) loads none of
 * them.
 */
import type { ServiceValue } from "./contact-fields.ts";

export const servicePaths = [
  { slug: "residential-cleaning", path: "/residential-cleaning", service: "residential" },
  { slug: "commercial-cleaning", path: "/commercial-cleaning", service: "commercial" },
  { slug: "janitorial-services", path: "/janitorial-services", service: "janitorial" },
  { slug: "carpet-cleaning", path: "/carpet-cleaning", service: "carpet" },
  { slug: "post-construction", path: "/post-construction", service: "post-construction" },
  { slug: "floor-strip-wax", path: "/floor-strip-wax", service: "floor-wax" },
] as const satisfies readonly { slug: string; path: string; service: ServiceValue }[];

export type ServiceSlug = (typeof servicePaths)[number]["slug"];
