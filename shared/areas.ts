/**
 * The five towns served (product.md, Business facts), as light links for menus, footers and structured
 * data: the towns' slugs and paths (town-paths.ts) with their names. Each town's page copy lives in
 * app/content/towns.ts so that only town pages load it.
 */
import { type TownSlug, townPaths } from "./town-paths.ts";

const names: Record<TownSlug, string> = {
  "plymouth-meeting": "Plymouth Meeting",
  "king-prussia": "King of Prussia",
  "west-chester": "West Chester",
  exton: "Exton",
  berwyn: "Berwyn",
};

export const areas = townPaths.map((town) => ({ ...town, name: names[town.slug] }));

export type Area = (typeof areas)[number];
export type { TownSlug };

export const stateCode = "PA";

export function areaByPath(path: string): Area | undefined {
  const normalized = path.replace(/\/+$/, "") || "/";
  return areas.find((area) => area.path === normalized);
}
