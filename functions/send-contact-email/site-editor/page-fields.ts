/**
 * The Pages group: one form per page the content declares (each town, each service page, the
 * cards on /services; shared/content/model/pages.ts), each text a field labelled as declared
 * ("line under the heading" on its page's form: "Line under the heading"), each part of a page
 * with its own name a fieldset ("Office Cleaning card"), its card lists as rows. A text the page
 * writes around a Business fact is declared nowhere, so it has no field.
 */
import {
  type Declared,
  declarations,
  type OnPage,
} from "../../../shared/content/model/content-model.ts";
import { asLabel, formField, listOf } from "./form-fields.ts";
import type { Fieldset, Group, ListSpec } from "./site-fields.ts";

export type PageChoice = { slug: string; title: string; summary: string; path: string };

/** Each page's declarations, in the order the site's menu shows the pages. */
const declaredPages = new Map<string, { choice: PageChoice; texts: Declared[] }>();
for (const declared of declarations()) {
  const { node, on } = declared;
  if (!on) continue;
  // The page's form is at pages/<its path on the site>: pages/exton, pages/services.
  const slug = on.page.path.slice(1);
  if (node.node === "object" && node.page)
    declaredPages.set(slug, {
      choice: {
        slug,
        title: node.page.title ?? node.page.name,
        summary: node.page.summary,
        path: node.page.path,
      },
      texts: [],
    });
  else declaredPages.get(slug)?.texts.push(declared);
}

/** The pages the owner can write, in the order the site's menu shows them. */
export const pageChoices: PageChoice[] = [...declaredPages.values()].map((page) => page.choice);

/** Its part's fieldset: "Office Cleaning card", or "Texts" on a page of one part. */
const setOf = (on: OnPage | undefined) => on?.section ?? "Texts";

function buildGroup(choice: PageChoice, texts: Declared[]): Group {
  const sets = new Map<string, Fieldset>();
  const lists: ListSpec[] = [];
  for (const { path, node, on } of texts) {
    if (node.node === "rows") lists.push(listOf(path, node, asLabel(node.label)));
    if (node.node !== "field") continue;
    const legend = setOf(on);
    const set = sets.get(legend) ?? { legend, fields: [] };
    sets.set(legend, set);
    set.fields.push(formField(path, node, asLabel(node.label)));
  }
  return {
    slug: `pages/${choice.slug}`,
    title: choice.title,
    summary: choice.summary,
    sets: [...sets.values()],
    lists,
    pages: [{ value: choice.path, label: choice.title.replace(/ page( cards)?$/, "") }],
  };
}

const pageGroups = new Map(
  [...declaredPages].map(([slug, page]) => [slug, buildGroup(page.choice, page.texts)]),
);

/** The form of one page (`exton`, `residential-cleaning`, `services`), or null. */
export function pageGroupOf(slug: string): Group | null {
  return pageGroups.get(slug) ?? null;
}

export const pagesGroupSummary =
  "The words of each town's page, each service page and the /services cards.";
