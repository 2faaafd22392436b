/**
 * The content document this process shows: the repository's version until another is switched
 * in. A long-running server switches to each published version without restarting (the contact
 * function's prices, offer, area, hours and the business's name change with it), and a process
 * that renders the pages is handed its version before it loads them.
 *
 * The modules that derive facts from the content (business.ts, price-list.ts, ...) export them as
 * `let` bindings, re-derived in `onContent`: an importer that reads `priceList` when it needs it
 * always sees the live value (ES modules' live bindings), with no call site changed. A value copied
 * into a module's own top-level constant does not follow; read the binding where it is used.
 *
 * One registry per process, kept on `globalThis` under a registered symbol: the server build of the
 * pages (build/server, its own bundled copy of this module) and the function's sources share it,
 * and a renderer sets `globalThis[contentKey] = { document }` before it imports the server build.
 */
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

export const contentKey = Symbol.for("keystone-shine.site-content");

type Registry = {
  document: SiteContent;
  /** The published version it is (null: the repository's). */
  version: number | null;
  listeners?: Set<(document: SiteContent) => void>;
};

function registry(): Required<Registry> {
  const holder = globalThis as { [contentKey]?: Registry };
  holder[contentKey] ??= { document: repositoryContent as SiteContent, version: null };
  const live = holder[contentKey];
  live.listeners ??= new Set();
  return live as Required<Registry>;
}

/** Calls `apply` with the live document now and again after every switch. */
export function onContent(apply: (document: SiteContent) => void): void {
  const live = registry();
  live.listeners.add(apply);
  apply(live.document);
}

/** Makes `document` (checked by site-content.ts) the live one in this process. */
export function switchContent(document: SiteContent, version: number | null): void {
  const live = registry();
  live.document = document;
  live.version = version;
  for (const apply of live.listeners) apply(document);
}

export function liveContent(): { document: SiteContent; version: number | null } {
  const { document, version } = registry();
  return { document, version };
}
