/**
 * The content the browser's code starts from: the groups the page carries in its
 * `<script type="application/json" id="site-content">` (app/root.tsx writes it from the live
 * document). The islands are built once and serve every published version, so they must not
 * carry content compiled in: in the client build, vite.config.ts resolves repository-content.ts
 * to this module, and live-content.ts's first document is the page's.
 *
 * Only the groups an island reads (the quote form's contact, hours, offer, prices and area; the
 * popup's offer; the ZIP box's area): the others are the pages' own, already in their HTML.
 * Server code imports the names below, never the document: on a server there is no page.
 */
import type { SiteContent } from "./site-content.ts";

export const pageContentId = "site-content";

export const pageContentGroups = ["contact", "hours", "offer", "prices", "area"] as const;

export type PageContent = Pick<SiteContent, (typeof pageContentGroups)[number]>;

/** The groups of `document` a page carries, as the text of its data block. */
export function pageContentJson(document: SiteContent): string {
  const carried = Object.fromEntries(pageContentGroups.map((group) => [group, document[group]]));
  // "<" escaped: a term or a label the owner typed with "</script>" cannot close the element.
  return JSON.stringify(carried).replace(/</g, "\\u003c");
}

/** In the browser, the page's groups (what live-content.ts takes for the repository's document). */
export const repositoryContent: unknown = readPage();

function readPage(): Partial<PageContent> {
  if (typeof document === "undefined") return {};
  const text = document.getElementById(pageContentId)?.textContent;
  return text ? (JSON.parse(text) as PageContent) : {};
}
