/**
 * The owner's content document, declared once (decision 0027): its groups in the document's order,
 * and the ways through the declarations the schema, the editor and the history use: every
 * declaration with its path, the one at a path, its label in the history's words, and the values
 * worked out from the others (the price list's version).
 */
import { valueAt } from "../document-path.ts";
import { area } from "./area.ts";
import { booking } from "./booking.ts";
import { business, contact, offer } from "./facts.ts";
import { hours } from "./hours.ts";
import type { ContentNode, PageInfo } from "./nodes.ts";
import { object } from "./nodes.ts";
import { pages } from "./pages.ts";
import { pictures } from "./pictures.ts";
import { prices } from "./prices.ts";
import { reviews } from "./reviews.ts";

export const contentModel = object({
  business,
  contact,
  hours,
  offer,
  prices,
  area,
  booking,
  reviews,
  pages,
  pictures,
});

/** The page of the site a declaration is on (the Pages group), and its part of that page. */
export type OnPage = { page: PageInfo; section?: string };

/** A declaration with its path in the document ("contact.phone") and what holds it. */
export type Declared = { path: string; node: ContentNode; parent: ContentNode | null; on?: OnPage };

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function childrenOf(node: ContentNode): [string, ContentNode][] {
  if (node.node === "object" || node.node === "day") return Object.entries(node.children);
  if (node.node === "series") return node.items.map((item, index) => [String(index), item]);
  return [];
}

/**
 * Every declaration under `node`, in the document's order, parents first. A list's rows are one
 * declaration (their fields are the list's); the pictures are one (the Pictures page's).
 */
export function* declarations(
  node: ContentNode = contentModel,
  path = "",
  parent: ContentNode | null = null,
  on?: OnPage,
): Generator<Declared> {
  const here = node.node === "object" && node.page ? { page: node.page } : on;
  const inside =
    node.node === "object" && node.section && here ? { ...here, section: node.section } : here;
  if (path) yield { path, node, parent, ...(inside ? { on: inside } : {}) };
  for (const [key, child] of childrenOf(node))
    yield* declarations(child, join(path, key), node, inside);
}

/** The declaration at a path of the document, or undefined (inside a row, or no such field). */
export function declarationAt(path: string): Declared | undefined {
  let node: ContentNode = contentModel;
  let parent: ContentNode | null = null;
  let on: OnPage | undefined;
  for (const key of path.split(".")) {
    const child: ContentNode | undefined = childrenOf(node).find(([name]) => name === key)?.[1];
    if (!child) return undefined;
    parent = node;
    node = child;
    if (node.node === "object" && node.page) on = { page: node.page };
    if (node.node === "object" && node.section && on) on = { ...on, section: node.section };
  }
  return node === contentModel ? undefined : { path, node, parent, ...(on ? { on } : {}) };
}

/** "Exton page: ", "Services page, Office Cleaning card: ". */
const pagePrefix = (on: OnPage) => `${on.page.name}${on.section ? `, ${on.section}` : ""}: `;

/** What the history calls a declaration ("Main phone", "Exton page: line under the heading"). */
export function historyLabel({ node, on }: Declared): string | undefined {
  if (!("label" in node) || node.label === undefined) return undefined;
  if (on && node.node !== "object") return `${pagePrefix(on)}${node.label}`;
  return node.node === "field" ? (node.historyLabel ?? node.label) : node.label;
}

/**
 * What the owner never types, worked out again in `next` (a form's document about to be
 * published) against `live`: the price list's version, new when the prices changed.
 */
export function settleDerived(next: unknown, live: unknown, now: Date): void {
  for (const { path, node } of declarations()) {
    if (node.node !== "derived") continue;
    const at = path.split(".");
    const key = at.pop() as string;
    const holder = valueAt(next, at.join("."));
    const before = valueAt(live, at.join("."));
    if (!holder || typeof holder !== "object" || !before || typeof before !== "object") continue;
    const value = node.derive(
      holder as Record<string, unknown>,
      before as Record<string, unknown>,
      now,
    );
    if (value !== undefined) (holder as Record<string, unknown>)[key] = value;
  }
}
