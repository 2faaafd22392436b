/**
 * The five towns served (product.md, Business facts): their one list. A town's slug is its page's
 * path and its key in the content (its ZIP codes, its page's texts: the schema and the editor's
 * forms make one of each per town from this list), its name is how every page and message says
 * it. Light on purpose: the quote form's island loads it (its ZIP answer and the pages a visit may
 * land on). Each town's page copy lives in app/content/towns.ts so that only town pages load it.
 */
const towns = [
  { slug: "plymouth-meeting", name: "Plymouth Meeting" },
  // The town is King of Prussia; its path keeps the shorter slug the site launched with.
  { slug: "king-prussia", name: "King of Prussia" },
  { slug: "west-chester", name: "West Chester" },
  { slug: "exton", name: "Exton" },
  { slug: "berwyn", name: "Berwyn" },
] as const;

export type TownSlug = (typeof towns)[number]["slug"];

export const areas = towns.map((town) => ({ ...town, path: `/${town.slug}` as const }));

export type Area = (typeof areas)[number];

export const stateCode = "PA";

export function areaByPath(path: string): Area | undefined {
  const normalized = path.replace(/\/+$/, "") || "/";
  return areas.find((area) => area.path === normalized);
}
