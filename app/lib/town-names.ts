/**
 * The towns as a sentence names them ("Plymouth Meeting, King of Prussia, West Chester, Exton and
 * Berwyn"), from their one list (shared/areas.ts): a renamed or added town reaches every sentence
 * that lists them.
 */
import { areas, type TownSlug } from "../../shared/areas";

/** A town's name by its slug. */
export function townName(slug: TownSlug): string {
  const area = areas.find((candidate) => candidate.slug === slug);
  if (!area) throw new Error(`Unknown town ${slug}`);
  return area.name;
}

/**
 * "A, B, C, D and E": every town in the list's order, or the ones given in the order a sentence
 * wants them; `and` is the last joint ("&" in a title).
 */
export function townNames(
  slugs: readonly TownSlug[] = areas.map((area) => area.slug),
  and = "and",
): string {
  const names = slugs.map(townName);
  const last = names.pop();
  if (last === undefined) return "";
  return names.length > 0 ? `${names.join(", ")} ${and} ${last}` : last;
}
