/**
 * The owner's site editor as plain HTML (site-editor-routes.ts serves it): one form per group with
 * every field labelled and each problem beside its field (its boxes: form-inputs.ts), the Pages
 * list, the editor's messages. The home is editor-home-page.ts. No script: every action is a
 * form post. React escapes every value, so what the owner typed comes back as text.
 */
import { NewLinkForm } from "../http/new-link-offer.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import { ButtonLink, Problem } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { Fragment, h } from "../views/react.ts";
import {
  baseVersionField,
  baseVersionValue,
  ConflictNotice,
  type EditConflict,
} from "./edit-conflict.ts";
import { type FieldContext, FieldInput, idOf, ListRows } from "./form-inputs.ts";
import { fieldFor, fieldsOf } from "./form-values.ts";
import { pageChoices } from "./page-fields.ts";
import type { Group, Values } from "./site-fields.ts";
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

/**
 * 403 (and the way to a fresh link by e-mail, `newLink`: where its button posts) and 503: nothing
 * of the site's content.
 */
export function renderEditorRefusal(kind: "denied" | "unavailable", newLink?: string): string {
  const text =
    kind === "denied"
      ? "This link is not valid or has expired: a link to the editor lasts a day. Tap below and a new one goes to the business's e-mail, or open your inbox and tap Edit the site."
      : "Your site's editor cannot open right now; your site itself is not affected. Please try again in a minute.";
  return renderPage(
    { title: "Your site", kind: "editor" },
    h("h1", null, "Your site"),
    h("p", null, text),
    kind === "denied" && newLink ? h(NewLinkForm, { action: newLink, kind: "site" }) : null,
  );
}
