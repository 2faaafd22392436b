/**
 * A form's boxes as plain HTML: each field labelled (the part its legend says read to screen
 * readers only, its unit in words), its help line and its problems beside it, described to
 * assistive technology; a list's rows, each with "Remove", and one blank row that adds one.
 */
import type { Unit } from "../../../shared/content/model/nodes.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";
import { rowCount } from "./form-values.ts";
import type { Choice, Field, ListSpec, Values } from "./site-fields.ts";

/** A field's element id, from its name ("reviews.2.text": "f-reviews-2-text"). */
export const idOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

export type FieldContext = { values: Values; byField: Map<string, string[]> };

export function FieldInput({
  field,
  name,
  context,
}: {
  field: Field;
  name: string;
  context: FieldContext;
}) {
  const id = idOf(name);
  const value = context.values[name] ?? "";
  const problems = context.byField.get(name) ?? [];
  const described = [field.hint ? `${id}-hint` : "", problems.length > 0 ? `${id}-problem` : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name,
    "aria-describedby": described || undefined,
    "aria-invalid": problems.length > 0 ? true : undefined,
  };
  const after = h(
    Fragment,
    null,
    field.hint ? h("p", { className: "small", id: `${id}-hint` }, field.hint) : null,
    problems.length > 0
      ? h("p", { className: "field-problem", id: `${id}-problem` }, problems.join(" "))
      : null,
  );
  if (field.kind === "hidden") return h("input", { type: "hidden", name, value });
  const fieldClass = [
    "field",
    problems.length > 0 ? "invalid" : "",
    field.formOnly ? "same" : "",
    /\.(open|opens|closes)$/.test(name) && name.startsWith("hours.week.") ? "day-part" : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (field.kind === "checkbox")
    return h(
      "div",
      { className: fieldClass },
      h(
        "label",
        { className: "check", htmlFor: id },
        h("input", { ...common, type: "checkbox", defaultChecked: value !== "" }),
        h(LabelWords, { field }),
      ),
      after,
    );
  if (field.kind === "checkboxes") {
    const ticked = value.split(/\s+/);
    // Boxes ticked together: a group named by its legend, each box by its choice; the id is the
    // group's, for the problems' summary to link to.
    return h(
      "fieldset",
      {
        id,
        className: `${fieldClass} choices`,
        "aria-describedby": described || undefined,
      },
      h("legend", null, h(LabelWords, { field })),
      (field.choices ?? []).map((choice) => {
        const box = `${name}.${choice.value}`;
        return h(
          "label",
          { key: choice.value, className: "check", htmlFor: idOf(box) },
          h("input", {
            id: idOf(box),
            type: "checkbox",
            name: box,
            defaultChecked: ticked.includes(choice.value),
          }),
          choice.label,
        );
      }),
      after,
    );
  }
  let input: ReactNode;
  if (field.kind === "select") {
    const choices: readonly Choice[] =
      value === "" || field.choices?.some((choice) => choice.value === value)
        ? (field.choices ?? [])
        : [...(field.choices ?? []), { value, label: value }];
    input = h(
      "select",
      { ...common, defaultValue: value },
      choices.map((choice) =>
        h("option", { key: choice.value, value: choice.value }, choice.label),
      ),
    );
  } else if (field.kind === "textarea" || field.kind === "lines" || field.kind === "codes")
    input = h("textarea", {
      ...common,
      rows: field.kind === "codes" ? 2 : name.endsWith(".text") ? 6 : 3,
      defaultValue: value,
    });
  else input = h("input", { ...common, ...inputType(field), defaultValue: value });
  return h(
    "div",
    { className: fieldClass },
    h("label", { htmlFor: id }, h(LabelWords, { field })),
    field.unit
      ? h(
          "div",
          { className: `unit ${unitClass(field.unit)}` },
          field.unit === "$" ? h("span", { "aria-hidden": true }, "$") : null,
          input,
          field.unit === "$" ? null : h("span", { "aria-hidden": true }, field.unit),
        )
      : input,
    after,
  );
}

const unitClass = (unit: Unit) => (unit === "$" ? "dollars" : unit === "%" ? "percent" : "words");

/** What a screen reader reads for the unit the box shows ("$", "%", "minutes"). */
const unitWords = (unit: Unit) =>
  unit === "$" ? " (in dollars)" : unit === "%" ? " (percent)" : ` (in ${unit})`;

/**
 * A field's label as shown: without the part its fieldset's legend already says (read to screen
 * readers only), with its unit in words for them.
 */
function LabelWords({ field }: { field: Field }) {
  const said = field.said && field.label.startsWith(field.said) ? field.said : "";
  const rest = field.label.slice(said.length);
  return h(
    Fragment,
    null,
    said ? h("span", { className: "sr-only" }, said) : null,
    said ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest,
    field.unit ? h("span", { className: "sr-only" }, unitWords(field.unit)) : null,
  );
}

function inputType(field: Field): Record<string, string> {
  switch (field.kind) {
    case "tel":
      return { type: "tel", inputMode: "tel", autoComplete: "off" };
    case "email":
      return { type: "email", inputMode: "email", autoComplete: "off" };
    case "whole":
      return { type: "number", step: "1", inputMode: "numeric" };
    case "dollars":
      return { type: "number", step: "0.01", inputMode: "decimal" };
    case "percent":
      return { type: "number", step: "0.1", inputMode: "decimal" };
    default:
      return { type: "text", autoComplete: "off" };
  }
}

/** A list's rows, each with "Remove", then one blank row that adds one when filled in. */
export function ListRows({ list, context }: { list: ListSpec; context: FieldContext }) {
  const count = rowCount(list, context.values);
  const blank = Object.fromEntries(
    Object.entries(list.blank).map(([key, value]) => [`${list.path}.${count}.${key}`, value]),
  );
  const withBlank: FieldContext = { ...context, values: { ...blank, ...context.values } };
  return h(
    "fieldset",
    { className: "list" },
    h("legend", null, list.legend),
    list.hint ? h("p", { className: "small" }, list.hint) : null,
    Array.from({ length: count + 1 }, (_, index) =>
      h(
        "fieldset",
        { key: index, className: index === count ? "row-item new" : "row-item" },
        h(
          "legend",
          null,
          index === count ? `Add a ${list.item.toLowerCase()}` : `${list.item} ${index + 1}`,
        ),
        index === count ? h("p", { className: "small" }, "Leave it empty to add none.") : null,
        list.fields.map((one) =>
          h(FieldInput, {
            key: one.path,
            field: one,
            name: `${list.path}.${index}.${one.path}`,
            context: withBlank,
          }),
        ),
        index === count
          ? null
          : h(
              "label",
              { className: "check remove", htmlFor: idOf(`${list.path}.${index}.remove`) },
              h("input", {
                type: "checkbox",
                id: idOf(`${list.path}.${index}.remove`),
                name: `${list.path}.${index}.remove`,
              }),
              `Remove ${list.item.toLowerCase()} ${index + 1}`,
            ),
      ),
    ),
  );
}
