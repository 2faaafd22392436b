/**
 * What changed between two versions of the content, in the owner's words: a version's summary in
 * the history ("Main phone: (484) 555-0142 → (484) 555-0199", "Saturday: closes at 5:00 PM, was
 * 7:00 PM", "Plymouth Meeting: 19403 added", "Reviews: Sam R. added"). Each change is named and
 * told as its declaration (model/) says: the label the editor puts on its field, dollars and
 * percents as the form shows them, a list by what was added or removed, a page's text as changed,
 * a day's hours or a town's ZIP codes in a line; no internal id (the price list's version, worked
 * out, never shown) is ever told.
 */
import { areas } from "../areas.ts";
import { type Declared, declarationAt, declarations, historyLabel } from "./model/content-model.ts";
import type { ContentNode, SeriesNode } from "./model/nodes.ts";
import { clockWords } from "./opening-hours.ts";
import type { SiteContent } from "./site-content.ts";

/** A field's label by its path in the document; lists are named by their own path. */
export const contentLabels: Record<string, string> = Object.fromEntries(
  [...declarations()].flatMap((declared): [string, string][] => {
    const { node, path } = declared;
    if (node.node === "pictures")
      return Object.entries(node.labels).map(([slot, label]) => [`${path}.${slot}`, label]);
    const label = historyLabel(declared);
    return label ? [[path, label]] : [];
  }),
);

/** Told as a list: what was added, removed or changed (a page's lists are told as a whole). */
const isList = ({ node, on }: Declared) =>
  !on &&
  (node.node === "rows" ||
    (node.node === "field" && (node.kind === "lines" || node.kind === "several")));

/** A choice by its words ("Booked at once"), never its value in the document. */
function choiceWords(node: ContentNode | undefined, value: unknown): string | undefined {
  if (node?.node !== "field") return undefined;
  return node.choices?.find((choice) => choice.value === String(value))?.label;
}

function shown(node: ContentNode | undefined, value: unknown): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  const field = node?.node === "field" ? node : undefined;
  if (typeof value === "number" && field?.kind === "percent") return percentWords(value);
  if (typeof value === "number" && field?.kind === "dollars") return `$${value}`;
  const chosen = choiceWords(node, value);
  if (chosen) return chosen;
  // "90 minutes", "1 open day": a number in the unit its box shows beside it.
  if (typeof value === "number" && field?.unit && field.unit !== "%" && field.unit !== "$")
    return `${value} ${value === 1 ? field.unit.replace(/s$/, "") : field.unit}`;
  return String(value);
}

const percentWords = (share: number) => `${Math.round(share * 1000) / 10}%`;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** "19403", "19403 and 19404", "19401, 19402 and 19403". */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A list's item by what the owner calls it: a review's name, a holiday's, an add-on's label. */
function itemName(item: unknown): string | null {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    const named =
      (item as { name?: unknown; label?: unknown }).name ?? (item as { label?: unknown }).label;
    if (typeof named === "string" && named.trim() !== "") return named.trim();
  }
  return null;
}

/** "Reviews: Sam R. added", "Holidays: Christmas Day removed", "Add-ons: Oven changed". */
function listChange(label: string, before: unknown[], after: unknown[]): string {
  const added = after.filter((item) => !before.some((other) => same(item, other)));
  const removed = before.filter((item) => !after.some((other) => same(item, other)));
  // An item with the same name on both sides was edited, not replaced.
  const changed = added.filter((item) => {
    const name = itemName(item);
    return name !== null && removed.some((other) => itemName(other) === name);
  });
  const edited = new Set(changed.map(itemName));
  const only = (items: unknown[]) => items.filter((item) => !edited.has(itemName(item)));
  const told = (items: unknown[], what: string) => {
    if (items.length === 0) return "";
    const names = items.map(itemName);
    return names.every((name) => name !== null)
      ? `${listWords(names as string[])} ${what}`
      : `${items.length} ${what}`;
  };
  const parts = [
    told(only(added), "added"),
    told(only(removed), "removed"),
    told(changed, "changed"),
  ].filter(Boolean);
  return `${label}: ${parts.length > 0 ? parts.join(", ") : "order changed"}`;
}

type PictureValue = { picture: string; alt: string } | undefined;

/** A picture is told as a whole: its file is an id the owner never sees. */
function pictureChange(label: string, before: PictureValue, after: PictureValue): string {
  if (!after) return `${label}: the illustration again`;
  if (!before || before.picture !== after.picture) return `${label}: replaced`;
  return `${label}: description changed`;
}

type DayHours = { open: boolean; opens?: string; closes?: string } | undefined;

/** "Saturday: closes at 5:00 PM, was 7:00 PM"; "Sunday: open 9:00 AM to 1:00 PM, was closed". */
function dayChange(name: string, before: DayHours, after: DayHours): string {
  const span = (hours: DayHours) =>
    hours?.open ? `${clockWords(hours.opens ?? "")} to ${clockWords(hours.closes ?? "")}` : "";
  if (!after?.open) return `${name}: closed, was ${span(before) || "open"}`;
  if (!before?.open) return `${name}: open ${span(after)}, was closed`;
  if (before.opens === after.opens)
    return `${name}: closes at ${clockWords(after.closes ?? "")}, was ${clockWords(before.closes ?? "")}`;
  if (before.closes === after.closes)
    return `${name}: opens at ${clockWords(after.opens ?? "")}, was ${clockWords(before.opens ?? "")}`;
  return `${name}: ${span(after)}, was ${span(before)}`;
}

type TownArea = { zips?: string[]; nearby?: string[] } | undefined;

/** "Plymouth Meeting: 19403 added"; "Exton: 19341 removed, nearby 19335 added". */
function townAreaChange(town: string, before: TownArea, after: TownArea): string {
  const name = areas.find((one) => one.slug === town)?.name ?? town;
  const parts: string[] = [];
  for (const [key, prefix] of [
    ["zips", ""],
    ["nearby", "nearby "],
  ] as const) {
    const was = before?.[key] ?? [];
    const now = after?.[key] ?? [];
    const added = now.filter((code) => !was.includes(code));
    const removed = was.filter((code) => !now.includes(code));
    if (added.length > 0) parts.push(`${prefix}${listWords(added)} added`);
    if (removed.length > 0) parts.push(`${prefix}${listWords(removed)} removed`);
  }
  return `${name}: ${parts.length > 0 ? parts.join(", ") : "order changed"}`;
}

/** "Business: discount for 2 visits a week: 5% → 10%", one line per number changed. */
function seriesChanges(series: SeriesNode, before: unknown, after: unknown): string[] {
  const was = Array.isArray(before) ? before : [];
  const now = Array.isArray(after) ? after : [];
  const lines: string[] = [];
  for (let index = 0; index < Math.max(was.length, now.length); index += 1) {
    if (was[index] === now[index]) continue;
    const item = series.items[index];
    const label = item ? (item.historyLabel ?? item.label) : `${series.label} ${index + 1}`;
    const words = (value: unknown) => (typeof value === "number" ? shown(item, value) : "none");
    lines.push(`${label}: ${words(was[index])} → ${words(now[index])}`);
  }
  return lines;
}

/** One change: the document's path it is told at (what an undo puts back), and its words. */
export type ContentChange = { path: string; words: string };

function walk(path: string, before: unknown, after: unknown, changes: ContentChange[]): void {
  const declared = path ? declarationAt(path) : undefined;
  if (same(before, after) || declared?.node.node === "derived") return;
  const told = (words: string) => changes.push({ path, words });
  const label = contentLabels[path];
  const key = path.split(".").at(-1) ?? "";
  const holder = path.includes(".") ? declarationAt(path.slice(0, -key.length - 1))?.node : null;
  if (label && holder?.node === "pictures") {
    told(pictureChange(label, before as PictureValue, after as PictureValue));
    return;
  }
  if (label && declared && isList(declared) && Array.isArray(before) && Array.isArray(after)) {
    // Choices ticked together are told by their words: "Carpet Cleaning added".
    const words = (items: unknown[]) =>
      items.map((item) => choiceWords(declared.node, item) ?? item);
    told(listChange(label, words(before), words(after)));
    return;
  }
  if (label && declared?.on) {
    told(`${label} changed`);
    return;
  }
  if (declared?.node.node === "day") {
    told(dayChange(declared.node.label, before as DayHours, after as DayHours));
    return;
  }
  if (holder?.node === "object" && holder.told === "zips" && /^[\w-]+$/.test(key)) {
    told(townAreaChange(key, before as TownArea, after as TownArea));
    return;
  }
  if (declared?.node.node === "series") {
    for (const words of seriesChanges(declared.node, before, after)) told(words);
    return;
  }
  if (before && after && typeof before === "object" && typeof after === "object") {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys)
      walk(
        path ? `${path}.${key}` : key,
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        changes,
      );
    return;
  }
  told(`${label ?? path}: ${shown(declared?.node, before)} → ${shown(declared?.node, after)}`);
}

/**
 * Each change with the path it is told at, in the document's order: a day of the week, a town's
 * ZIP codes, a whole list, a page's text, a field. Two lines may share a path (the business
 * discounts), and nothing is told of the price list's internal version.
 */
export function contentChanges(before: SiteContent, after: SiteContent): ContentChange[] {
  const changes: ContentChange[] = [];
  walk("", before, after, changes);
  return changes;
}

/** One line per change, in the document's order; none when the two are the same. */
export function describeChanges(before: SiteContent, after: SiteContent): string[] {
  return contentChanges(before, after).map((change) => change.words);
}
