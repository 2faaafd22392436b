/**
 * The content the browser's code starts from: the groups the page carries in its
 * `<script type="application/json" id="site-content">` (app/root.tsx writes it from the document
 * the page is made from). The islands are built once and serve every published version, so they
 * carry no content compiled in: each starts from its page's groups (`pageContentIn`) and hands the
 * facts worked out from them to its code as props.
 *
 * Only the groups the page's islands read (`islandContent`): the root layout writes the five an
 * island may need, and the build's last step (site-build/finish-html.ts) cuts each page's block to
 * its own islands' groups, or drops it; every byte counts towards the page's first round trip.
 * Server code imports the names below, never the document: on a server there is no page.
 */
import type { SiteContent } from "./site-content.ts";

export const pageContentId = "site-content";

export const pageContentGroups = ["contact", "hours", "offer", "prices", "area"] as const;

export type PageContentGroup = (typeof pageContentGroups)[number];
export type PageContent = Pick<SiteContent, PageContentGroup>;

/**
 * The groups each island's code reads at start; an island not named reads none. The quote form reads the reach (contact, hours), the offers, the
 * prices and the area; the ZIP box, the area. A new reader in an island is named here, or its
 * page breaks on a missing group (the end-to-end tests fail on any page error).
 */
export const islandContent: Readonly<Record<string, readonly PageContentGroup[]>> = {
  "contact-form": pageContentGroups,
  "zip-check": ["area"],
};

/** The groups of `document` a page carries, as the text of its data block. */
export function pageContentJson(document: Partial<PageContent>): string {
  const carried = Object.fromEntries(
    pageContentGroups.filter((group) => group in document).map((group) => [group, document[group]]),
  );
  // "<" escaped: a term or a label the owner typed with "</script>" cannot close the element.
  return JSON.stringify(carried).replace(/</g, "\\u003c");
}

/** A page's data block cut to the groups its islands read; without such an island, no block. */
export function blockForIslands(html: string, islands: readonly string[]): string {
  // Made here, not at load: the islands import this module, and their code never needs it.
  const block = new RegExp(
    `<script type="application/json" id="${pageContentId}">([^<]*)</script>`,
  );
  const needed = new Set(islands.flatMap((name) => islandContent[name] ?? []));
  return html.replace(block, (_element, json: string) => {
    if (needed.size === 0) return "";
    const all = JSON.parse(json) as PageContent;
    const kept = pageContentGroups.filter((group) => needed.has(group));
    const carried = Object.fromEntries(kept.map((group) => [group, all[group]]));
    return `<script type="application/json" id="${pageContentId}">${pageContentJson(carried)}</script>`;
  });
}

/**
 * The groups a page carries, read from its data block: what an island starts from (its facts are
 * worked out from them, as the page's render worked them out from the whole document).
 */
export function pageContentIn(page: Document): Partial<PageContent> {
  const text = page.getElementById(pageContentId)?.textContent;
  return text ? (JSON.parse(text) as Partial<PageContent>) : {};
}
