import { areas } from "../../shared/areas";
import { serviceCatalog } from "../../shared/service-catalog";

type SitePage = { path: string; priority: number; changefreq: "weekly" | "monthly" };

/**
 * Every public page, for sitemap.xml. routes.ts is the source of the routes themselves; a test
 * (site-map.test.ts) keeps the two lists equal.
 */
export const sitePages: SitePage[] = [
  { path: "/", priority: 1, changefreq: "weekly" },
  { path: "/services", priority: 0.9, changefreq: "monthly" },
  { path: "/contact", priority: 0.9, changefreq: "monthly" },
  { path: "/about", priority: 0.7, changefreq: "monthly" },
  ...areas.map((area) => ({ path: area.path, priority: 0.8, changefreq: "monthly" as const })),
  ...serviceCatalog.map((service) => ({
    path: service.path,
    priority: 0.8,
    changefreq: "monthly" as const,
  })),
];
