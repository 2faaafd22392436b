/**
 * The parts of the site the editor changes, in the order its home lists them: each group's form,
 * the Pictures page and the Pages list. The inbox's "Edit the site" names them from here.
 */
import { pagesGroupSummary } from "./page-fields.ts";
import { groupSlugs, groups } from "./site-fields.ts";

export type EditorPart = { slug: string; title: string; summary: string };

export const editorParts: readonly EditorPart[] = [
  ...groupSlugs.map((slug) => ({
    slug,
    title: groups[slug].title,
    summary: groups[slug].summary,
  })),
  {
    slug: "pictures",
    title: "Pictures",
    summary: "Your own photos in place of the illustrations, each with its words.",
  },
  { slug: "pages", title: "Pages", summary: pagesGroupSummary },
];

/** "business, phone & e-mail, hours, …, pictures and pages": every part, in a line. */
export function editorPartsWords(): string {
  const titles = editorParts.map((part) => part.title.toLowerCase());
  return `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}
