/**
 * "Do we serve you?": the ZIP codes of the five towns and the nearby ZIPs the owner also serves.
 * The ZIP box on the site answers from this list and the contact function decides `inServiceArea`
 * and `town` from it, so the page and the stored request always agree. Each ZIP belongs to one town.
 */
export const serviceAreaZips = [
  {
    town: "Plymouth Meeting",
    path: "/plymouth-meeting",
    zips: ["19462"],
    nearby: ["19428", "19444"],
  },
  { town: "King of Prussia", path: "/king-prussia", zips: ["19406"], nearby: ["19087"] },
  {
    town: "West Chester",
    path: "/west-chester",
    zips: ["19380", "19381", "19382", "19383"],
    nearby: ["19395"],
  },
  { town: "Exton", path: "/exton", zips: ["19341"], nearby: ["19335", "19425"] },
  { town: "Berwyn", path: "/berwyn", zips: ["19312"], nearby: ["19301", "19355"] },
] as const satisfies readonly TownZips[];

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
