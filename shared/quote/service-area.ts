/**
 * "Do we serve you?": the ZIP codes of the five towns and the nearby ZIPs the owner also serves
 * (the area group of a content version). The ZIP box on the site
 * answers from this list and the contact function decides `inServiceArea` and `town` from it, so
 * the page and the stored request always agree. Each ZIP belongs to one town.
 */
import { areas } from "../areas.ts";
import type { SiteContent } from "../content/site-content.ts";

/** Each town's ZIPs and nearby ZIPs, from a document's area group. */
export function serviceAreaOf({ area: zipsByTown }: Pick<SiteContent, "area">): TownZips[] {
  return areas.map((area) => ({ town: area.name, path: area.path, ...zipsByTown[area.slug] }));
}

export type TownZips = {
  town: string;
  path: string;
  /** The town's own ZIP codes. */
  zips: readonly string[];
  /** Neighbouring ZIP codes the owner serves from that town. */
  nearby: readonly string[];
};

/**
 * In the area, `nearby` when the ZIP is one of the town's nearby ZIPs rather than its own: a
 * Norristown ZIP listed under Plymouth Meeting is answered as itself ("our Plymouth Meeting crew
 * covers it"), never as Plymouth Meeting.
 */
export type ZipDecision =
  | { kind: "invalid" }
  | { kind: "in-area"; zip: string; town: string; path: string; nearby: boolean }
  | { kind: "outside"; zip: string };

/** A US ZIP (five digits; a ZIP+4 is read by its first five). */
export function normalizeZip(input: string): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(input);
  return match ? (match[1] as string) : null;
}

export function decideZip(input: string, list: readonly TownZips[]): ZipDecision {
  const zip = normalizeZip(input);
  if (!zip) return { kind: "invalid" };
  const town = list.find((entry) => entry.zips.includes(zip) || entry.nearby.includes(zip));
  return town
    ? { kind: "in-area", zip, town: town.town, path: town.path, nearby: !town.zips.includes(zip) }
    : { kind: "outside", zip };
}

/**
 * What the function stores beside the ZIP (docs/contact-api.md, "Quote details"): `town` is the
 * town whose crew serves it; `nearby: true` only for a nearby ZIP, so that the request keeps its
 * words ("19403, near Plymouth Meeting") after the owner edits the area, and a request with a
 * town's own ZIP is stored exactly as before.
 */
export function storedZip(
  zip: string,
  list: readonly TownZips[],
): {
  zip: string;
  inServiceArea: boolean;
  town: string | null;
  nearby?: true;
} {
  const decision = decideZip(zip, list);
  if (decision.kind === "invalid") throw new RangeError(`Not a ZIP code: ${zip}`);
  if (decision.kind === "outside") return { zip: decision.zip, inServiceArea: false, town: null };
  const { town, nearby } = decision;
  return { zip: decision.zip, inServiceArea: true, town, ...(nearby ? { nearby: true } : {}) };
}
