/**
 * The five towns served (SPEC.md section 9), as light links for menus, footers and structured
 * data. Each town's page copy lives in towns.ts so that only town pages load it.
 */
export const areas = [
  { slug: "plymouth-meeting", name: "Plymouth Meeting", path: "/plymouth-meeting" },
  // SPEC.md writes "King Prussia"; the town is King of Prussia. The path keeps the spec's slug.
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
