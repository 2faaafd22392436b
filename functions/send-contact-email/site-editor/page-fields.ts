/**
 * The Pages group: one form per page (each town, each service page, the cards on /services), made
 * from the repository's content so that every text the schema keeps for a page has its field and
 * no text the page writes around a Business fact gets one. Each field's label is the history's
 * ("Exton page: line under the heading") without the page's name, which the form's heading says.
 */
import { areas } from "../../../shared/areas.ts";
import { serviceLabel } from "../../../shared/contact-fields.ts";
import { contentLabels } from "../../../shared/content/content-changes.ts";
import { valueAt } from "../../../shared/content/document-path.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { serviceCatalog } from "../../../shared/service-catalog.ts";
import type { Field, Fieldset, Group, ListSpec } from "./site-fields.ts";

export type PageChoice = { slug: string; title: string; summary: string; path: string };

const cardIds = [
  "janitorial",
  "commercial",
  "office",
  "post-construction",
  "carpet",
  "floor-wax",
] as const;

/** The pages the owner can write, in the order the site's menu shows them. */
export const pageChoices: PageChoice[] = [
  ...areas.map((town) => ({
    slug: town.slug,
    title: `${town.name} page`,
    summary: "The town's lines, its service cards, why choose us and the nearby areas.",
    path: `/${town.slug}`,
  })),
  ...serviceCatalog.map((page) => ({
    slug: page.slug,
    title: `${page.name} page`,
    summary: "Heading, intro, checklist, cards and the closing words.",
    path: `/${page.slug}`,
  })),
  {
    slug: "services",
    title: "Services page cards",
    summary: "Each service card's line, details and key features.",
    path: "/services",
  },
];

/** A text longer than a line of a phone's screen gets a box of several lines. */
const longText = 90;

/** "Exton page: line under the heading" on the Exton form: "Line under the heading". */
function ownLabel(path: string, prefix: string): string {
  const full = contentLabels[path] ?? path;
  const rest = full.startsWith(prefix) ? full.slice(prefix.length) : full;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const isCard = (item: unknown) =>
  item !== null && typeof item === "object" && "title" in item && "description" in item;

function cardList(path: string, legend: string): ListSpec {
  return {
    path,
    legend,
    item: "Card",
    fields: [
      { path: "title", kind: "text", label: "Heading" },
      { path: "description", kind: "textarea", label: "Text" },
    ],
    blank: { title: "", description: "" },
    toRow(item) {
      const card = item as Record<string, unknown>;
      return { title: String(card.title ?? ""), description: String(card.description ?? "") };
    },
    fromRow(row) {
      return { title: row.title ?? "", description: row.description ?? "" };
    },
  };
}

const listHints: Record<string, string> = {
  intro: "One paragraph per line.",
  steps: "One step per line, in order.",
  keywords: "One per line: words people type into Google to find this page. Not shown on the page.",
};

/** What a field is for, where its name alone does not say (the parts only Google shows). */
const textHints: Record<string, string> = {
  metaTitle: "The page's name in Google's results and on the browser's tab. Not shown on the page.",
  metaDescription: "The two lines Google shows under the page's name. Not shown on the page.",
  county: "For example: Montgomery County",
};

/** The fields and card lists of one part of a page, in the document's order. */
function collect(path: string, prefix: string, fields: Field[], lists: ListSpec[]): void {
  const value = valueAt(repositoryContent, path);
  const key = path.split(".").at(-1) ?? "";
  if (typeof value === "string") {
    fields.push({
      path,
      kind: value.length > longText ? "textarea" : "text",
      label: ownLabel(path, prefix),
      ...(textHints[key] ? { hint: textHints[key] } : {}),
    });
  } else if (Array.isArray(value) && value.some(isCard)) {
    lists.push(cardList(path, ownLabel(path, prefix)));
  } else if (Array.isArray(value)) {
    fields.push({
      path,
      kind: "lines",
      label: ownLabel(path, prefix),
      hint: listHints[key] ?? "One per line.",
    });
  } else if (value && typeof value === "object") {
    for (const child of Object.keys(value)) collect(`${path}.${child}`, prefix, fields, lists);
  }
}

function pageGroup(choice: PageChoice, sets: Fieldset[], lists: ListSpec[]): Group {
  return {
    slug: `pages/${choice.slug}`,
    title: choice.title,
    summary: choice.summary,
    sets,
    lists,
    pages: [{ value: choice.path, label: choice.title.replace(/ page( cards)?$/, "") }],
  };
}

function buildGroup(choice: PageChoice): Group {
  if (choice.slug === "services") {
    const lists: ListSpec[] = [];
    const sets = cardIds.map((id) => {
      const fields: Field[] = [];
      const prefix = `Services page, ${serviceLabel(id)} card: `;
      collect(`pages.serviceCards.${id}`, prefix, fields, lists);
      return { legend: `${serviceLabel(id)} card`, fields };
    });
    return pageGroup(choice, sets, lists);
  }
  const town = areas.find((one) => one.slug === choice.slug);
  const path = town ? `pages.towns.${choice.slug}` : `pages.services.${choice.slug}`;
  const fields: Field[] = [];
  const lists: ListSpec[] = [];
  collect(path, `${town ? town.name : choice.title.replace(/ page$/, "")} page: `, fields, lists);
  return pageGroup(choice, [{ legend: "Texts", fields }], lists);
}

const pageGroups = new Map(pageChoices.map((choice) => [choice.slug, buildGroup(choice)]));

/** The form of one page (`exton`, `residential-cleaning`, `services`), or null. */
export function pageGroupOf(slug: string): Group | null {
  return pageGroups.get(slug) ?? null;
}

export const pagesGroupSummary =
  "The words of each town's page, each service page and the /services cards.";
