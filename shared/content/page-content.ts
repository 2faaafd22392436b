/**
 * The content the browser's code starts from: the groups the page carries in its
 * `<script type="application/json" id="site-content">` (app/root.tsx writes it from the live
 * document). The islands are built once and serve every published version, so they must not
 * carry content compiled in: in the client build, vite.config.ts resolves repository-content.ts
 * to this module, and live-content.ts's first document is the page's.
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
 * The groups each island's code reads at start (the onContent of every content module it loads);
 * an island not named reads none. The quote form reads the reach (contact, hours), the offers, the
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

const block = new RegExp(`<script type="application/json" id="${pageContentId}">([^<]*)</script>`);

/** A page's data block cut to the groups its islands read; without such an island, no block. */
export function blockForIslands(html: string, islands: readonly string[]): string {
  const needed = new Set(islands.flatMap((name) => islandContent[name] ?? []));
  return html.replace(block, (_element, json: string) => {
    if (needed.size === 0) return "";
    const all = JSON.parse(json) as PageContent;
    const kept = pageContentGroups.filter((group) => needed.has(group));
    const carried = Object.fromEntries(kept.map((group) => [group, all[group]]));
    return `<script type="application/json" id="${pageContentId}">${pageContentJson(carried)}</script>`;
  });
}

/** In the browser, the page's groups (what live-content.ts takes for the repository's document). */
export const repositoryContent: unknown = readPage();

function readPage(): Partial<PageContent> {
  if (typeof document === "undefined") return {};
  const text = document.getElementById(pageContentId)?.textContent;
  return text ? (JSON.parse(text) as PageContent) : {};
}
