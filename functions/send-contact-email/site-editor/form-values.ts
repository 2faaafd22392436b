/**
 * A form's values and the document, both ways: the form's values from the live version, the
 * values as a form was sent, and the live version with a group's values in place (numbers,
 * percents and yes/no by the field's kind). The schema checks the result; nothing here decides
 * what is valid.
 *
 * A form's values travel as the text the owner typed (`Values`), so a refused form comes back
 * exactly as it was sent, and lists (reviews, holidays, add-ons) are rows numbered from 0 with a
 * "Remove" box each and one blank row to add: plain HTML, no script.
 */
import { valueAt } from "../../../shared/content/document-path.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import type { Field, Group, ListSpec, Values } from "./site-fields.ts";

export const textOf = (value: unknown) =>
  value === undefined || value === null ? "" : String(value);

/** A share (0.15) as the percent the owner reads (15), without binary noise. */
const percentText = (value: unknown) =>
  typeof value === "number" ? String(Math.round(value * 10_000) / 100) : textOf(value);

/** A value of the document as its box shows it. */
export function shownValue(one: Field, value: unknown): string {
  switch (one.kind) {
    case "checkbox":
      return value ? "on" : "";
    case "percent":
      return percentText(value);
    case "lines":
      return Array.isArray(value) ? value.join("\n") : textOf(value);
    case "codes":
    case "checkboxes":
      return Array.isArray(value) ? value.join(" ") : textOf(value);
    default:
      return textOf(value);
  }
}

/** A number the schema checks, or what it cannot read as one (it says so in words). */
function numberOrText(raw: string): number | string | undefined {
  const trimmed = raw.trim().replace(/^\$/, "").replace(/,/g, "");
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : raw;
}

/** What the owner typed in a box, as the document's value. */
export function documentValue(one: Field, raw: string): unknown {
  switch (one.kind) {
    case "checkbox":
      return raw !== "";
    case "whole":
    case "dollars":
      return numberOrText(raw);
    case "percent": {
      const value = numberOrText(raw.replace(/%\s*$/, ""));
      return typeof value === "number" ? Math.round(value * 100) / 10_000 : value;
    }
    case "lines":
      return raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    case "codes":
      return raw.split(/[\s,;]+/).filter(Boolean);
    case "checkboxes":
      return raw.split(/\s+/).filter(Boolean);
    case "select":
      if (one.yesNo) return raw === "true";
      return one.numeric ? numberOrText(raw) : raw;
    default:
      return raw;
  }
}

/** Every field's label by its name: the problems' summary and the messages beside fields. */
export function fieldsOf(group: Group, values: Values): { name: string; label: string }[] {
  const named = group.sets.flatMap((set) =>
    set.fields.map((one) => ({ name: one.path, label: one.label })),
  );
  for (const list of group.lists)
    for (let index = 0; index < rowCount(list, values) + 1; index += 1)
      for (const one of list.fields)
        if (one.kind !== "hidden")
          named.push({
            name: `${list.path}.${index}.${one.path}`,
            label: `${list.item} ${index + 1}: ${one.label}`,
          });
  return named;
}

/** The rows a list has in `values` (numbered from 0 without gaps). */
export function rowCount(list: ListSpec, values: Values): number {
  let count = 0;
  while (list.fields.some((one) => `${list.path}.${count}.${one.path}` in values)) count += 1;
  return count;
}

function write(document: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let here = document as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const next = here[key];
    if (next === null || typeof next !== "object") here[key] = {};
    here = here[key] as Record<string, unknown>;
  }
  here[keys.at(-1) as string] = value;
}

/** The form's values for a group, from a document (the live one). */
export function groupValues(group: Group, document: SiteContent): Values {
  const values: Values = {};
  for (const set of group.sets)
    for (const one of set.fields)
      if (!one.formOnly) values[one.path] = shownValue(one, valueAt(document, one.path));
  group.fill?.(values);
  for (const list of group.lists) {
    const items = valueAt(document, list.path);
    (Array.isArray(items) ? items : []).forEach((item, index) => {
      for (const [key, value] of Object.entries(list.toRow(item)))
        values[`${list.path}.${index}.${key}`] = value;
    });
  }
  return values;
}

/** A field's value as sent: an unticked box is not sent (off); boxes ticked together, their choices. */
function sentValue(one: Field, form: URLSearchParams): string {
  if (one.kind === "checkbox") return form.has(one.path) ? "on" : "";
  if (one.kind === "checkboxes")
    return (one.choices ?? [])
      .filter((choice) => form.has(`${one.path}.${choice.value}`))
      .map((choice) => choice.value)
      .join(" ");
  return form.get(one.path) ?? "";
}

/**
 * The group's values as sent: every field of the group, the lists' rows in order without those
 * marked "Remove" nor a blank one, numbered again from 0.
 */
export function readGroupForm(group: Group, form: URLSearchParams): Values {
  const values: Values = {};
  for (const set of group.sets)
    for (const one of set.fields) values[one.path] = sentValue(one, form);
  for (const list of group.lists) {
    const indexes = new Set<number>();
    const rowName = new RegExp(`^${list.path.replace(/\./g, "\\.")}\\.(\\d{1,3})\\.`);
    for (const name of form.keys()) {
      const match = rowName.exec(name);
      if (match) indexes.add(Number(match[1]));
    }
    let kept = 0;
    for (const index of [...indexes].sort((a, b) => a - b)) {
      const at = (key: string) => form.get(`${list.path}.${index}.${key}`);
      if (at("remove") !== null) continue;
      const typed = list.fields.filter((one) => ["text", "textarea", "dollars"].includes(one.kind));
      if (typed.every((one) => (at(one.path) ?? "").trim() === "")) continue;
      for (const one of list.fields)
        values[`${list.path}.${kept}.${one.path}`] =
          one.kind === "checkbox" ? (at(one.path) !== null ? "on" : "") : (at(one.path) ?? "");
      kept += 1;
    }
  }
  group.complete?.(values);
  return values;
}

/** The live document with the group's values in place: what the schema is asked to check. */
export function applyGroup(group: Group, live: SiteContent, values: Values): unknown {
  const next = structuredClone(live) as unknown;
  for (const set of group.sets)
    for (const one of set.fields)
      if (!one.formOnly) write(next, one.path, documentValue(one, values[one.path] ?? ""));
  for (const list of group.lists) {
    const rows: Values[] = [];
    for (let index = 0; index < rowCount(list, values); index += 1)
      rows.push(
        Object.fromEntries(
          list.fields.map((one) => [one.path, values[`${list.path}.${index}.${one.path}`] ?? ""]),
        ),
      );
    write(
      next,
      list.path,
      rows.map((row, index) => list.fromRow(row, index, rows)),
    );
  }
  return next;
}

/**
 * The field a problem of the schema belongs to: its own, the field of a list's row or a town's
 * codes it is inside, or the first field of the part it names ("area.exton").
 */
export function fieldFor(path: string, names: readonly string[]): string | null {
  if (names.includes(path)) return path;
  const inside = names
    .filter((name) => path.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0];
  if (inside) return inside;
  return names.find((name) => name.startsWith(`${path}.`)) ?? null;
}
