/**
 * "Do we serve you?": the ZIP codes of the five towns and the nearby ZIPs the owner also serves
 * (content/area.json, checked by shared/content/site-content.ts). The ZIP box on the site answers
 * from this list and the contact function decides `inServiceArea` and `town` from it, so the page
 * and the stored request always agree. Each ZIP belongs to one town.
 */
import areaFile from "../../content/area.json" with { type: "json" };
import { areas } from "../areas.ts";
import type { SiteContent } from "../content/site-content.ts";

const zipsByTown = areaFile as SiteContent["area"];

export const serviceAreaZips: readonly TownZips[] = areas.map((area) => ({
  town: area.name,
  path: area.path,
  ...zipsByTown[area.slug],
}));

export type TownZips = {
  town: string;
  path: string;
  /** The town's own ZIP codes. */
  zips: readonly string[];
  /** Neighbouring ZIP codes the owner serves from that town. */
  nearby: readonly string[];
};

export type ZipDecision =
  | { kind: "invalid" }
  | { kind: "in-area"; zip: string; town: string; path: string }
  | { kind: "outside"; zip: string };

/** A US ZIP (five digits; a ZIP+4 is read by its first five). */
export function normalizeZip(input: string): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(input);
  return match ? (match[1] as string) : null;
}

export function decideZip(input: string, list: readonly TownZips[] = serviceAreaZips): ZipDecision {
  const zip = normalizeZip(input);
  if (!zip) return { kind: "invalid" };
  const town = list.find((entry) => entry.zips.includes(zip) || entry.nearby.includes(zip));
  return town
    ? { kind: "in-area", zip, town: town.town, path: town.path }
    : { kind: "outside", zip };
}

/** What the function stores beside the ZIP (docs/contact-api.md, "Quote details"). */
export function storedZip(zip: string): {
  zip: string;
  inServiceArea: boolean;
  town: string | null;
} {
  const decision = decideZip(zip);
  if (decision.kind === "invalid") throw new RangeError(`Not a ZIP code: ${zip}`);
  return decision.kind === "in-area"
    ? { zip: decision.zip, inServiceArea: true, town: decision.town }
    : { zip: decision.zip, inServiceArea: false, town: null };
}
