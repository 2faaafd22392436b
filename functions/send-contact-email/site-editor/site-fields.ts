/**
 * The editor's forms as the owner thinks of the site (Business, Phone & e-mail, Hours, Welcome
 * offer, Prices, Service area, Online booking, Reviews): each part's title, its line on the editor's home and the
 * pages its preview offers. Its fields are made from the content's declarations
 * (shared/content/model/, decision 0027: form-fields.ts), each named by its path in the content
 * document (`contact.phone`, `reviews.2.text`); form-values.ts turns a posted form into a document
 * again. The schema checks the result; nothing here decides what is valid.
 */
import { areas } from "../../../shared/areas.ts";
import { type PartSlug, partSlugs, type Unit } from "../../../shared/content/model/nodes.ts";
import { partForm } from "./form-fields.ts";
import { weekForm } from "./week-form.ts";

export type Choice = { value: string; label: string };

export type FieldKind =
  | "text"
  | "textarea"
  | "tel"
  | "email"
  | "whole"
  | "dollars"
  | "percent"
  | "checkbox"
  | "checkboxes"
  | "select"
  | "lines"
  | "codes"
  | "hidden";

export type Field = {
  /**
   * Its path in the document; in a list, its key within the row ("name", "for.home"). Boxes
   * ticked together ("checkboxes") are each named by the path and their choice
   * ("booking.onlineServices.carpet"); the form's value is the choices ticked, separated by spaces.
   */
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  choices?: readonly Choice[];
  /** A select whose values are numbers (a rating, a month). */
  numeric?: boolean;
  /** A select whose values are yes/no. */
  yesNo?: boolean;
  /** Shown before the box ("$") or after it ("%", "minutes"): what the number is in. */
  unit?: Unit;
  /**
   * The start of `label` that the fieldset's legend already says ("Saturday: "): read to screen
   * readers and in the problems' list, not shown beside the field.
   */
  said?: string;
  /** A box of the form only, never written into the document ("Same hours as Monday"). */
  formOnly?: boolean;
};

export type Fieldset = { legend: string; hint?: string; fields: Field[] };

export type ListSpec = {
  path: string;
  legend: string;
  /** Said once under the legend, for every row. */
  hint?: string;
  /** One row's name, "Review 2". */
  item: string;
  fields: Field[];
  /** The values of the blank row that adds one. */
  blank: Values;
  /** A row of the document as the form's values, keyed as `fields`. */
  toRow(item: unknown): Values;
  /** A row the owner sent, as the document's item (the schema checks it). */
  fromRow(row: Values, index: number, rows: Values[]): unknown;
};

/** The parts with a form of their own, in the order the editor's home lists them. */
export const groupSlugs = partSlugs;
export type GroupSlug = PartSlug;

export type Group = {
  /** Its path under …/site: a group's slug, or `pages/<page>` for one page of the Pages group. */
  slug: string;
  title: string;
  /** One line on the editor's home: what the group holds. */
  summary: string;
  sets: Fieldset[];
  lists: ListSpec[];
  /** The pages that show this group, for the preview; the first is the default. */
  pages: readonly Choice[];
  /** The values shown, made whole (a closed day offers the usual times). */
  fill?(values: Values): void;
  /** The values as sent, made whole (a day "same hours as Monday" takes Monday's hours). */
  complete?(values: Values): void;
  /** A class for the form, for a layout of its own (the week's days in short rows). */
  layout?: string;
};

/** What a form holds: the owner's text by field name ("reviews.2.text"). */
export type Values = Record<string, string>;

const everyPage: Choice[] = [
  { value: "/", label: "Home" },
  { value: "/contact", label: "Contact (the quote form)" },
  { value: "/about", label: "About" },
  { value: "/services", label: "Services" },
  { value: "/exton", label: "Exton" },
  { value: "/residential-cleaning", label: "Residential cleaning" },
];
const quoteForm: Choice = { value: "/contact", label: "Contact (the quote form)" };

/** What the editor says of each part; its fields are the ones declared edited on it. */
const parts: Record<GroupSlug, Omit<Group, "slug" | "sets" | "lists">> = {
  business: {
    title: "Business",
    summary: "Your name and the line under it, founder, town, what you promise, certifications.",
    pages: everyPage,
  },
  contact: {
    title: "Phone & e-mail",
    summary: "The main phone, the Call Now phone, the e-mail and how soon you answer.",
    pages: everyPage,
  },
  hours: {
    title: "Hours",
    summary: "Opening hours for each day, closed days and holidays.",
    layout: "week",
    pages: [quoteForm, ...everyPage],
  },
  offer: {
    title: "Welcome offer",
    summary: "The discount for new customers: on or off, how much, and its terms.",
    pages: everyPage,
  },
  prices: {
    title: "Prices",
    summary: "The price list the estimate on the quote form uses.",
    pages: [quoteForm],
  },
  area: {
    title: "Service area",
    summary: "The ZIP codes of each town you serve.",
    pages: areas.map((town) => ({ value: town.path, label: town.name })),
  },
  booking: {
    title: "Online booking",
    summary:
      "Which services customers book online, how soon and how far ahead, your crews, how long a visit takes.",
    // The open times show on each customer's own page, not on a page of the site: the quote form
    // is where booking starts.
    pages: [quoteForm],
  },
  reviews: {
    title: "Reviews",
    summary: "What customers said: name, town, rating and words.",
    pages: [
      { value: "/", label: "Home" },
      { value: "/about", label: "About" },
    ],
  },
};

export const groups = Object.fromEntries(
  groupSlugs.map((slug) => [
    slug,
    { slug, ...parts[slug], ...partForm(slug), ...weekForm(slug) } satisfies Group,
  ]),
) as Record<GroupSlug, Group>;

export function isGroupSlug(value: string): value is GroupSlug {
  return (groupSlugs as readonly string[]).includes(value);
}
