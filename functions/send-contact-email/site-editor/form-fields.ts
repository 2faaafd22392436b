/**
 * The editor's fields made from the content's declarations (shared/content/model/, decision
 * 0027): a declared field becomes a box of the kind its value needs, labelled and helped as
 * declared, in the fieldset its declaration names; a declared list becomes rows, each row's fields
 * read and written by their kinds. Nothing here names a field of the document.
 */
import { type Declared, declarations } from "../../../shared/content/model/content-model.ts";
import type { FieldNode, PartSlug, RowsNode } from "../../../shared/content/model/nodes.ts";
import { documentValue, shownValue } from "./form-values.ts";
import type { Field, FieldKind, Fieldset, ListSpec, Values } from "./site-fields.ts";
import { sameHoursBox } from "./week-form.ts";

/** The box a declared kind of value gets. */
function boxKind(node: FieldNode): FieldKind {
  switch (node.kind) {
    case "paragraph":
      return "textarea";
    case "phone":
      return "tel";
    case "whole":
      return node.choices ? "select" : "whole";
    case "yesNo":
      return node.choices ? "select" : "checkbox";
    case "time":
    case "choice":
      return "select";
    case "id":
      return "hidden";
    case "several":
      return "checkboxes";
    default:
      return node.kind;
  }
}

/** The part of a label its fieldset's legend already says: "Home: " under "Homes". */
const saidBefore = (words: string) => /^[^:]+: /.exec(words)?.[0];

/** A declared field as a box of the form, named `name` (its path, or its key in a row). */
export function formField(name: string, node: FieldNode, label = node.formLabel ?? node.label) {
  const said = saidBefore(label);
  const field: Field = { path: name, kind: boxKind(node), label };
  if (node.hint) field.hint = node.hint;
  if (node.choices) field.choices = node.choices;
  if (node.kind === "whole" && node.choices) field.numeric = true;
  if (node.kind === "yesNo" && node.choices) field.yesNo = true;
  if (node.unit) field.unit = node.unit;
  if (said) field.said = said;
  return field;
}

/** Fields in the order declared, each one declared `after` another moved to just after it. */
function placed<T>(items: T[], after: (item: T) => string | undefined, name: (item: T) => string) {
  const ordered = [...items];
  for (const item of items) {
    const before = after(item);
    if (!before) continue;
    ordered.splice(ordered.indexOf(item), 1);
    ordered.splice(ordered.findIndex((other) => name(other) === before) + 1, 0, item);
  }
  return ordered;
}

/** A declared list as the form's rows: its item's fields, its blank row, each row read back. */
export function listOf(path: string, node: RowsNode, legend: string): ListSpec {
  const keys = placed(
    Object.keys(node.fields),
    (key) => node.fields[key]?.after,
    (key) => key,
  );
  const declared = (key: string) => node.fields[key] as FieldNode;
  // Choices ticked together ("for homes", "for businesses") are one box each, named key.choice.
  const boxes = keys.flatMap((key): [string, Field][] => {
    const one = declared(key);
    if (one.kind !== "several") return [[key, formField(key, one)]];
    return (one.choices ?? []).map((choice) => [
      key,
      { path: `${key}.${choice.value}`, kind: "checkbox", label: choice.label },
    ]);
  });
  const fields = boxes.map(([, field]) => field);
  const blank: Values = {};
  for (const [key, field] of boxes) {
    const one = declared(key);
    blank[field.path] =
      one.kind === "several"
        ? field.path === `${key}.${one.blank}`
          ? "on"
          : ""
        : (one.blank ?? "");
  }
  return {
    path,
    legend,
    ...(node.hint ? { hint: node.hint } : {}),
    item: node.item,
    fields,
    blank,
    toRow(item) {
      const values = item as Record<string, unknown>;
      const row: Values = {};
      for (const [key, field] of boxes) {
        const value = values[key];
        row[field.path] =
          declared(key).kind === "several"
            ? Array.isArray(value) && value.includes(field.path.slice(key.length + 1))
              ? "on"
              : ""
            : shownValue(field, value);
      }
      return row;
    },
    fromRow(row, index, rows) {
      // An item of one of several shapes (a holiday: a date, or a weekday in its month).
      const chosen = node.shapes ? (node.shapes.keys[node.shapes.of(row)] ?? keys) : keys;
      const item: Record<string, unknown> = {};
      for (const key of Object.keys(node.fields).filter((one) => chosen.includes(one))) {
        const one = declared(key);
        if (one.kind === "several")
          item[key] = (one.choices ?? [])
            .map((choice) => choice.value)
            .filter((value) => row[`${key}.${value}`]);
        else if (one.kind === "id")
          item[key] = row[key] || newId(row[one.from ?? ""] ?? "", index, rows, key);
        else item[key] = documentValue(formField(key, one), row[key] ?? "");
      }
      return item;
    },
  };
}

/** A new row's id, from its name: kept with estimates, so it never changes once given. */
function newId(name: string, index: number, rows: Values[], key: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "add-on";
  const taken = new Set(rows.filter((_, other) => other !== index).map((row) => row[key]));
  return taken.has(base) ? `${base}-${index + 1}` : base;
}

/**
 * A part's fieldsets and lists, from the declarations that say they are edited on it: each field
 * in its fieldset (in the order declared, or after the field it names), each list with its rows,
 * a day of the week with its "same hours as Monday" box.
 */
export function partForm(part: PartSlug): { sets: Fieldset[]; lists: ListSpec[] } {
  const sets = new Map<string, Fieldset & { after: Map<Field, string> }>();
  const lists: ListSpec[] = [];
  for (const declared of declarations()) {
    const { node, path } = declared;
    if (node.node === "rows" && node.edit?.part === part)
      lists.push(listOf(path, node, node.legend ?? node.label));
    if (node.node !== "field" || node.edit?.in.part !== part) continue;
    const { legend, hint } = node.edit.in;
    let set = sets.get(legend);
    if (!set) {
      set = { legend, ...(hint ? { hint } : {}), fields: [], after: new Map() };
      sets.set(legend, set);
      const box = sameHoursBox(declared as Declared & { node: FieldNode });
      if (box) set.fields.push(box);
    }
    const field = formField(path, node);
    set.fields.push(field);
    if (node.edit.after) set.after.set(field, node.edit.after);
  }
  return {
    sets: [...sets.values()].map(({ after, ...set }) => ({
      ...set,
      fields: placed(
        set.fields,
        (field) => after.get(field),
        (field) => field.path,
      ),
    })),
    lists,
  };
}

/** Capitalized: "line under the heading" on its own page's form is "Line under the heading". */
export const asLabel = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
