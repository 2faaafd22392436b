/**
 * The five towns served (product.md, Business facts), as light links for menus, footers and structured
 * data. Each town's page copy lives in app/content/towns.ts so that only town pages load it.
 */
export const areas = [
  { slug: "plymouth-meeting", name: "Plymouth Meeting", path: "/plymouth-meeting" },
  // The town is King of Prussia; its path keeps the shorter slug the site launched with.
  { slug: "king-prussia", name: "King of Prussia", path: "/king-prussia" },
  { slug: "west-chester", name: "West Chester", path: "/west-chester" },
  { slug: "exton", name: "Exton", path: "/exton" },
  { slug: "berwyn", name: "Berwyn", path: "/berwyn" },
] as const;

export type Area = (typeof areas)[number];
export type TownSlug = Area["slug"];

export const stateCode = "PA";

export function areaByPath(path: string): Area | undefined {
  const normalized = path.replace(/\/+$/, "") || "/";
  return areas.find((area) => area.path === normalized);
}
