/**
 * "Undo this change": one entry of the history taken back, and only it. The entry's change is
 * what differs between the version before it and its own (told path by path, as the history tells
 * it: a field, a day of the week, a town's ZIP codes, a whole list, a page's text, a picture).
 * Each of those paths that still holds what the entry put there gets back what it held before;
 * one changed again by a later entry is left as it is now (undoing the later one first would
 * bring it back), and the owner is told so before anything is published. Every other part of the
 * site stays as it is now, so an undo never takes back a later change by the way.
 */
import { type ContentChange, contentChanges } from "../../../shared/content/content-changes.ts";
import { valueAt } from "../../../shared/content/document-path.ts";
import { settleDerived } from "../../../shared/content/model/content-model.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";

export type UndoPlan = {
  /** The document to publish: the live one with the entry's paths put back. */
  document: SiteContent;
  /** The entry's changes that are taken back. */
  undone: ContentChange[];
  /** The entry's changes changed again since: left as they are now. */
  changedSince: ContentChange[];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Writes `value` at a dotted path; undefined removes the key (a picture back to its illustration). */
function putAt(document: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let here = document as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const next = here[key];
    if (next === null || typeof next !== "object") here[key] = {};
    here = here[key] as Record<string, unknown>;
  }
  const last = keys.at(-1) as string;
  if (value === undefined) delete here[last];
  else here[last] = structuredClone(value);
}

const withoutVersion = (prices: SiteContent["prices"]) => {
  const { version: _version, ...rest } = prices;
  return rest;
};

/**
 * The entry that went from `before` to `after`, undone over `live`. `now` names a new price list
 * when the prices that result are neither the live ones nor those before the entry.
 */
export function planUndo(
  before: SiteContent,
  after: SiteContent,
  live: SiteContent,
  now: Date,
): UndoPlan {
  const document = structuredClone(live);
  const undone: ContentChange[] = [];
  const changedSince: ContentChange[] = [];
  const seen = new Set<string>();
  for (const change of contentChanges(before, after)) {
    const { path } = change;
    const current = valueAt(live, path);
    if (seen.has(path)) {
      // A second line of one path (the business discounts) goes where its first went.
      if (undone.some((one) => one.path === path)) undone.push(change);
      else if (changedSince.some((one) => one.path === path)) changedSince.push(change);
      continue;
    }
    seen.add(path);
    if (same(current, valueAt(after, path))) {
      putAt(document, path, valueAt(before, path));
      undone.push(change);
    } else if (!same(current, valueAt(before, path))) changedSince.push(change);
    // Else already as it was before the entry: nothing to take back.
  }
  // Each estimate keeps its price list's version: the prices before the entry get their version
  // back; any other new mix of prices is a new price list.
  if (same(document.prices, live.prices)) return { document, undone, changedSince };
  if (same(withoutVersion(document.prices), withoutVersion(before.prices)))
    document.prices.version = before.prices.version;
  else settleDerived(document, live, now);
  return { document, undone, changedSince };
}
