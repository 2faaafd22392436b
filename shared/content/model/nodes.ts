/**
 * The vocabulary the owner's content is declared in (decision 0027): each field once, with its
 * rule (rules.ts: the schema and its messages), its label in the owner's words, its kind, its
 * help line and where the editor shows it. The schema (site-content.ts), the editor's forms
 * (functions/send-contact-email/site-editor/) and the history's words (content-changes.ts) are all
 * made from these declarations; none of them names a field again.
 *
 * What is not a plain field is declared once too, as a template: a list of rows with its item's
 * fields, a series of numbers (a discount per visits a week), a page of the site whose texts the
 * owner writes, a day of the week (the week is in week.ts), a value the owner never sees that is
 * worked out from the others (the price list's version), a value fixed in code (the country).
 */
import { z } from "zod";

/** The editor's parts with forms of their own (the Pages and the Pictures have theirs). */
export const partSlugs = [
  "business",
  "contact",
  "hours",
  "offer",
  "prices",
  "area",
  "booking",
  "reviews",
] as const;
export type PartSlug = (typeof partSlugs)[number];

/** A fieldset of a part's form: its legend, and a line under it said once for its fields. */
export type FormSet = { readonly part: PartSlug; readonly legend: string; readonly hint?: string };

export const formSet = (part: PartSlug, legend: string, hint?: string): FormSet => ({
  part,
  legend,
  ...(hint ? { hint } : {}),
});

export type Choice = { value: string; label: string };

/**
 * What a value is to the owner: how the form takes it and how the history tells it.
 * text: a line; paragraph: a box of several lines; lines: a list, one per line; codes: ZIP codes
 * separated by spaces; time: a time of day; yesNo: on or off; id: made from another field, kept
 * hidden; choice: one of a few choices, each in words (booked at once, or held for the owner);
 * several: choices ticked together (an add-on for homes, businesses or both; the services booked
 * online).
 */
export type ValueKind =
  | "text"
  | "paragraph"
  | "lines"
  | "codes"
  | "phone"
  | "email"
  | "whole"
  | "dollars"
  | "percent"
  | "yesNo"
  | "time"
  | "id"
  | "choice"
  | "several";

/** What a number is in: "$" shown before its box, "%" or a word after it ("minutes"). */
export type Unit = "$" | "%" | "minutes" | "hours" | "days" | "open days";

/** Where the editor shows a field: its fieldset, and after which field when not in the document's order. */
export type Placement = { in: FormSet; after?: string };

export type Words = {
  /**
   * Its name in the owner's words: the form's label and the history's ("Main phone"). In a page
   * (the Pages group), what it is on that page ("line under the heading"); the history says the
   * page's name before it.
   */
  label: string;
  /** The form's label where the legend above says the rest ("Discount" under "Welcome offer"). */
  formLabel?: string;
  /** The history's where it says more than the form's ("Business: discount for 2 visits a week"). */
  historyLabel?: string;
  /** A line under the field: what to type, where the label alone does not say. */
  hint?: string;
  edit?: Placement;
  /** Shown before the box ("$") or after it ("%", "minutes"): what the number is in. */
  unit?: Unit;
  /** The values a select offers (a rating, a month), or the boxes ticked together (kind several). */
  choices?: readonly Choice[];
  /** In a list's row: the blank row's value, the one that adds a row; "" unless said. */
  blank?: string;
  /** In a list's row: shown after this field of the row, when not in the document's order. */
  after?: string;
  /** kind "id": the field of the row a new id is made from. */
  from?: string;
};

export type FieldNode<S extends z.ZodType = z.ZodType> = Words & {
  node: "field";
  kind: ValueKind;
  schema: S;
};

export type ContentNode =
  | FieldNode
  | ObjectNode
  | RowsNode
  | SeriesNode
  | DayNode
  | DerivedNode
  | FixedNode
  | PicturesNode;

export type Children = { readonly [key: string]: ContentNode };
export type ShapeOf<C extends Children> = { -readonly [K in keyof C]: C[K]["schema"] };

/** A page of the site whose texts the owner writes: its own form in the Pages group. */
export type PageInfo = {
  /** Its name in the history and on its form: "Exton page". */
  name: string;
  /** The form's title where it differs from the name: "Services page cards". */
  title?: string;
  /** One line in the list of pages. */
  summary: string;
  /** The page it is on the site, for its preview. */
  path: string;
};

export type ObjectNode<C extends Children = Children, S extends z.ZodType = z.ZodType> = {
  node: "object";
  children: C;
  schema: S;
  label?: string;
  /** How the history tells a change to each child: a town's ZIP codes, in one line. */
  told?: "zips";
  /**
   * The week: each day but the first may take the first's hours with one box, labelled with the
   * day's name and these words ("same hours as Monday"; week.ts).
   */
  sameAsFirst?: { label: string };
  page?: PageInfo;
  /** A part of a page with a fieldset of its own ("Office Cleaning card"). */
  section?: string;
};

/** A list of rows (reviews, holidays, add-ons, a page's cards), its item's fields declared once. */
export type RowsNode<S extends z.ZodType = z.ZodType> = {
  node: "rows";
  schema: S;
  /** The list's name in the history ("Reviews"), and on the form unless `legend` says. */
  label: string;
  legend?: string;
  /** Said once under the legend, for every row. */
  hint?: string;
  /** One row's name, "Review" ("Review 2", "Add a review"). */
  item: string;
  fields: { readonly [key: string]: FieldNode };
  /**
   * An item of one of several shapes (a holiday: a date, or a weekday in its month): the keys of
   * each, and which one a row as typed is.
   */
  shapes?: { keys: readonly (readonly string[])[]; of(row: Record<string, string>): number };
  edit?: { part: PartSlug };
};

/** Numbers in a row of fixed length, each a field of its own (a discount for 1 to 7 visits). */
export type SeriesNode<S extends z.ZodType = z.ZodType> = {
  node: "series";
  schema: S;
  label: string;
  items: readonly FieldNode[];
};

/** A day of the week: closed, or open from a time to a later one. */
export type DayNode<S extends z.ZodType = z.ZodType> = {
  node: "day";
  schema: S;
  label: string;
  children: { open: FieldNode; opens: FieldNode; closes: FieldNode };
};

/** What the owner never sees nor types: worked out from the other fields when a form publishes. */
export type DerivedNode<S extends z.ZodType = z.ZodType> = {
  node: "derived";
  schema: S;
  label: string;
  /** The value for `next` (the object it is in), or undefined to keep it; `live`: as published. */
  derive(next: Record<string, unknown>, live: Record<string, unknown>, now: Date): unknown;
};

/** A value fixed in code (the country, the currency): in the document, in no form. */
export type FixedNode<S extends z.ZodType = z.ZodType> = {
  node: "fixed";
  schema: S;
  label?: string;
};

/** The owner's photos, one per place on the site, edited on the Pictures page. */
export type PicturesNode<S extends z.ZodType = z.ZodType> = {
  node: "pictures";
  schema: S;
  /** Each place's name in the history ("Home page, top photo"). */
  labels: Readonly<Record<string, string>>;
};

export function field<S extends z.ZodType>(kind: ValueKind, schema: S, words: Words): FieldNode<S> {
  return { node: "field", kind, schema, ...words };
}

export function object<const C extends Children>(
  children: C,
  more: Omit<ObjectNode, "node" | "children" | "schema"> & {
    /** Rules across the children (the low end of a range not above its high end). */
    rules?: (schema: z.ZodObject<ShapeOf<C>>) => z.ZodObject<ShapeOf<C>>;
  } = {},
): ObjectNode<C, z.ZodObject<ShapeOf<C>>> {
  const { rules, ...rest } = more;
  const shape = Object.fromEntries(
    Object.entries(children).map(([key, child]) => [key, child.schema]),
  ) as ShapeOf<C>;
  const schema = z.object(shape);
  return { node: "object", children, schema: rules ? rules(schema) : schema, ...rest };
}

/** One object keyed by each of `keys`, each made by `make` (a town's ZIP codes, a town's page). */
export function each<const K extends string, N extends ContentNode>(
  keys: readonly K[],
  make: (key: K) => N,
): Record<K, N> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, N>;
}

type FieldMap = { readonly [key: string]: FieldNode };

/** The item of a list: its fields as an object (or `keys` of them: one shape of a holiday). */
export function itemOf<const F extends FieldMap, const K extends keyof F = keyof F>(
  fields: F,
  keys?: readonly K[],
): z.ZodObject<{ -readonly [P in K]: F[P]["schema"] }> {
  const chosen = (keys ?? Object.keys(fields)) as readonly K[];
  return z.object(
    Object.fromEntries(chosen.map((key) => [key, fields[key]?.schema])) as {
      -readonly [P in K]: F[P]["schema"];
    },
  );
}

export function rows<const F extends FieldMap, S extends z.ZodType>(
  spec: Omit<RowsNode, "node" | "schema" | "fields"> & { fields: F; schema: S },
): RowsNode<S> & { fields: F } {
  return { node: "rows", ...spec };
}

/** `length` numbers, the one at `index` declared by `item(index)` (all of one rule). */
export function series<S extends z.ZodType>(spec: {
  label: string;
  length: number;
  item: (index: number) => FieldNode<S>;
}): SeriesNode<z.ZodArray<S>> {
  const items = Array.from({ length: spec.length }, (_, index) => spec.item(index));
  const schema = z.array(spec.item(0).schema).length(spec.length);
  return { node: "series", label: spec.label, items, schema };
}

export function derived<S extends z.ZodType>(
  schema: S,
  spec: Omit<DerivedNode, "node" | "schema">,
): DerivedNode<S> {
  return { node: "derived", schema, ...spec };
}

export function fixed<S extends z.ZodType>(schema: S, label?: string): FixedNode<S> {
  return { node: "fixed", schema, ...(label ? { label } : {}) };
}
