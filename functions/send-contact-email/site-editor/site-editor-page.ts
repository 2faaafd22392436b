/**
 * The owner's site editor as plain HTML (site-editor-routes.ts serves it): one form per group with
 * every field labelled and each problem beside its field, the Pages list, the editor's messages.
 * The home is editor-home-page.ts. No script: every action is a form post. React escapes every
 * value, so what the owner typed comes back as text.
 */
import { NewLinkForm } from "../http/new-link-offer.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import { ButtonLink, Problem } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";
import {
  baseVersionField,
  baseVersionValue,
  ConflictNotice,
  type EditConflict,
} from "./edit-conflict.ts";
import { fieldFor, fieldsOf, rowCount } from "./form-values.ts";
import { pageChoices } from "./page-fields.ts";
import type { Choice, Field, Group, ListSpec, Values } from "./site-fields.ts";
import { previewAction } from "./site-links.ts";

/** The Pages group: one link per page, each to its own form. */
export function renderPagesList(token: string): string {
  return renderPage(
    { title: "Pages: your site", kind: "editor" },
    h("p", { className: "brand" }, h("a", { href: sitePageUrl("..", token) }, "Your site")),
    h("h1", null, "Pages"),
    h("p", null, "Choose a page to change its words. Its layout and pictures stay as they are."),
    h(
      "ul",
      { className: "groups" },
      pageChoices.map((choice) =>
        h(
          "li",
          { key: choice.slug },
          h("a", { href: sitePageUrl("..", token, `pages/${choice.slug}`) }, choice.title),
          h("span", null, choice.summary),
        ),
      ),
    ),
    h(
      "p",
      null,
      h(
        ButtonLink,
        { className: "button quiet", href: sitePageUrl("..", token) },
        "Back to your site",
      ),
    ),
  );
}

export type GroupFormView = {
  token: string;
  /** The way up to the editor's home from the page's path: ".." from /site/<group>. */
  base?: string;
  group: Group;
  values: Values;
  /** The schema's problems, keyed by document path. */
  problems?: { path: string; message: string }[];
  /** A refusal of the whole form (too many publishes). */
  refusal?: string;
  previewPath: string;
  /** The version the values were read from, sent back hidden (edit-conflict.ts). */
  baseVersion?: number | null | string;
  /** The part changed since the form was opened: what changed, above the typing kept. */
  conflict?: EditConflict;
};

const idOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

/** The problems by field name: each beside its field; one that fits none heads the form. */
function placeProblems(view: GroupFormView) {
  const names = fieldsOf(view.group, view.values);
  const byField = new Map<string, string[]>();
  const loose: string[] = [];
  for (const problem of view.problems ?? []) {
    const name = fieldFor(
      problem.path,
      names.map((one) => one.name),
    );
    if (name) byField.set(name, [...(byField.get(name) ?? []), problem.message]);
    else loose.push(problem.message);
  }
  return { names, byField, loose };
}

export function renderGroupForm(view: GroupFormView): string {
  const { group, token, values } = view;
  const base = view.base ?? "..";
  const { names, byField, loose } = placeProblems(view);
  const count = [...byField.values()].reduce((sum, list) => sum + list.length, loose.length);
  const context: FieldContext = { values, byField };
  return renderPage(
    { title: `${group.title}: your site`, kind: "editor" },
    h(
      "p",
      { className: "brand" },
      h("a", { href: sitePageUrl(base, token) }, "Your site"),
      group.slug.startsWith("pages/")
        ? h(Fragment, null, " · ", h("a", { href: sitePageUrl(base, token, "pages") }, "Pages"))
        : null,
    ),
    h("h1", null, group.title),
    view.refusal ? h(Problem, null, view.refusal) : null,
    view.conflict ? h(ConflictNotice, { conflict: view.conflict }) : null,
    count > 0
      ? h(
          "div",
          { className: "problem summary", role: "alert", "aria-labelledby": "problems-heading" },
          h(
            "h2",
            { id: "problems-heading" },
            count === 1
              ? "1 thing to fix. Nothing was published."
              : `${count} things to fix. Nothing was published.`,
          ),
          h(
            "ul",
            null,
            names
              .filter((one) => byField.has(one.name))
              .flatMap((one) =>
                (byField.get(one.name) ?? []).map((message, index) =>
                  h(
                    "li",
                    { key: `${one.name}-${index}` },
                    h("a", { href: `#${idOf(one.name)}` }, `${one.label}: ${message}`),
                  ),
                ),
              ),
            loose.map((message, index) => h("li", { key: `loose-${index}` }, message)),
          ),
        )
      : null,
    h(
      "form",
      {
        method: "post",
        action: sitePageUrl(base, token, group.slug),
        className: group.layout ? `group ${group.layout}` : "group",
        // The messages beside the fields are the site's own, in plain words, on every browser.
        noValidate: true,
      },
      view.baseVersion === undefined
        ? null
        : h("input", {
            type: "hidden",
            name: baseVersionField,
            value:
              typeof view.baseVersion === "string"
                ? view.baseVersion
                : baseVersionValue(view.baseVersion),
          }),
      group.sets.map((set) =>
        h(
          "fieldset",
          { key: set.legend },
          h("legend", null, set.legend),
          set.hint ? h("p", { className: "small" }, set.hint) : null,
          set.fields.map((one) =>
            h(FieldInput, { key: one.path, field: one, name: one.path, context }),
          ),
        ),
      ),
      group.lists.map((list) => h(ListRows, { key: list.path, list, context })),
      h(
        "fieldset",
        { className: "send" },
        h("legend", null, "Look, then publish"),
        h(FieldInput, {
          name: "previewPath",
          field: {
            path: "previewPath",
            label: "Page to preview",
            kind: "select",
            choices: group.pages,
          },
          context: { values: { previewPath: view.previewPath }, byField: new Map() },
        }),
        h(
          "p",
          { className: "small" },
          "Preview shows a page with these changes without publishing them. Publish makes them live on the site.",
        ),
      ),
      // Last in the form, so last in the keyboard's order; it stays at the bottom of the screen
      // while any of the form is on it (position: sticky, page-css.ts), so Publish is one tap
      // away wherever the owner is in a long form.
      h(
        "div",
        { className: "publish-bar" },
        h(
          "button",
          { type: "submit", formAction: previewAction(base, token, group.slug) },
          "Preview",
        ),
        h("button", { type: "submit", className: "primary" }, "Publish"),
      ),
    ),
    h(
      "p",
      null,
      h(
        ButtonLink,
        { className: "button quiet", href: sitePageUrl(base, token) },
        "Back to your site",
      ),
    ),
  );
}

type FieldContext = { values: Values; byField: Map<string, string[]> };

function FieldInput({
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
          { className: field.unit === "$" ? "unit dollars" : "unit percent" },
          field.unit === "$" ? h("span", { "aria-hidden": true }, "$") : null,
          input,
          field.unit === "%" ? h("span", { "aria-hidden": true }, "%") : null,
        )
      : input,
    after,
  );
}

/** What a screen reader reads for a unit the box shows as "$" or "%". */
const unitWords = { $: " (in dollars)", "%": " (percent)" } as const;

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
    field.unit ? h("span", { className: "sr-only" }, unitWords[field.unit]) : null,
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
function ListRows({ list, context }: { list: ListSpec; context: FieldContext }) {
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

/** A page that only says something, with the way back (preview unavailable, a bad restore). */
export function renderEditorMessage(
  token: string,
  back: string,
  title: string,
  lines: string[],
): string {
  return renderPage(
    { title, kind: "editor" },
    h("h1", null, title),
    lines.map((line, index) => h("p", { key: index }, line)),
    h(
      "p",
      null,
      h(
        ButtonLink,
        { className: "button quiet", href: sitePageUrl(back, token) },
        "Back to your site",
      ),
    ),
  );
}

/** 403 (and the way to a fresh link) and 503: nothing of the site's content. */
/** A refused link offers a fresh one by e-mail (`newLink`: where its button posts). */
export function renderEditorRefusal(kind: "denied" | "unavailable", newLink?: string): string {
  const text =
    kind === "denied"
      ? "This link is not valid or has expired: a link to the editor lasts a day. Tap below and a new one goes to the business's e-mail, or open your inbox and tap Edit the site."
      : "The site's versions cannot be read right now. Please try again in a minute.";
  return renderPage(
    { title: "Your site", kind: "editor" },
    h("h1", null, "Your site"),
    h("p", null, text),
    kind === "denied" && newLink ? h(NewLinkForm, { action: newLink, kind: "site" }) : null,
  );
}
