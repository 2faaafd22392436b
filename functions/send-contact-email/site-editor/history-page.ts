/**
 * The history on the editor's home, and the pages that ask before anything in it is published
 * (history-routes.ts serves them): each entry is a change, by its time and its words, with
 * "Undo this change" (that change alone taken back: undo-change.ts) and "Go back to how the site
 * was then" (the whole site as it was right after it). Both are links to a page that says what
 * will change and asks once; only its button posts. A mail scanner's GET publishes nothing.
 */
import { sitePageUrl } from "../links/page-urls.ts";
import type { ContentVersionSummary } from "../store/content-store.ts";
import { ButtonLink, Hidden, Lines, Problem } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { h } from "../views/react.ts";
import { baseVersionField, baseVersionValue } from "./edit-conflict.ts";
import { when } from "./publish-outcome.ts";

/**
 * A version's lines as the owner reads them: a restore says what it went back to, by its time;
 * a line of an older history that named the price list's internal version is left out.
 */
export function changeLines(
  version: ContentVersionSummary,
  /** When a version was published (ISO), if known. */
  publishedAt: (version: number) => string | null,
): string[] {
  const lines: string[] = [];
  if (version.restoredFrom !== null) {
    const at = publishedAt(version.restoredFrom);
    lines.push(at ? `Back to how the site was on ${when(at)}` : "Back to how the site was earlier");
  }
  lines.push(...version.changes.filter((line) => !line.startsWith("Price list version:")));
  return lines.length === 0 ? ["No change."] : lines;
}

export type HistoryView = {
  token: string;
  history: ContentVersionSummary[];
  /** The version the editor starts from (null: the site as first built). */
  current: number | null;
  publishedAt: (version: number) => string | null;
};

export function History(view: HistoryView) {
  const link = (page: string) => sitePageUrl(".", view.token, page);
  const entry = (title: string, now: boolean) =>
    h("p", null, h("strong", null, title), now ? " · your site now" : "");
  return h(
    "section",
    { "aria-labelledby": "history" },
    h("h2", { id: "history" }, "History"),
    h(
      "p",
      { className: "small" },
      "Every change you publish, newest first. Undo this change takes back that change alone. Go back to how the site was then puts every part back as it was right after it. Both ask you first, and both are kept here too, so they can be undone.",
    ),
    h(
      "ol",
      { className: "versions" },
      view.history.map((version) =>
        h(
          "li",
          { key: version.version },
          entry(when(version.publishedAt), version.version === view.current),
          h(Lines, { lines: changeLines(version, view.publishedAt) }),
          h(
            "p",
            { className: "actions" },
            h("a", { href: link(`undo/${version.version}`) }, "Undo this change"),
            version.version === view.current
              ? null
              : h(
                  "a",
                  { href: link(`restore/${version.version}`) },
                  "Go back to how the site was then",
                ),
          ),
        ),
      ),
      h(
        "li",
        { key: "first" },
        entry("The site as first built", view.current === null),
        h("p", null, "The content files in the site's code."),
        view.current === null
          ? null
          : h(
              "p",
              { className: "actions" },
              h("a", { href: link("restore/first") }, "Go back to the site as first built"),
            ),
      ),
    ),
  );
}

export type ConfirmView = {
  token: string;
  /** "undo" or "back" (go back to how the site was then). */
  kind: "undo" | "back";
  /** The entry's time; null: the site as first built. */
  at: string | null;
  /** The entry's own lines (undo), or how the site was then (back). */
  entryLines: string[];
  /** What publishing it changes on the site now, in words; empty: nothing to publish. */
  willChange: string[];
  /** Undo: the entry's changes changed again since, left as they are now. */
  keptAsNow?: string[];
  /** The version it was worked out against (the post refuses it when the site changed since). */
  base: number | null;
  /** The post came after the site changed: what it is worked out against now. */
  changedSince?: boolean;
  /** The post's path from …/site ("undo/7", "restore/first"). */
  path: string;
  /** Why it cannot be done, instead of a button. */
  refusal?: string;
};

export function renderConfirm(view: ConfirmView): string {
  const home = sitePageUrl("../..", view.token);
  const undo = view.kind === "undo";
  const title = undo
    ? "Undo this change?"
    : view.at
      ? "Go back to how the site was then?"
      : "Go back to the site as first built?";
  const button = undo
    ? "Undo this change"
    : view.at
      ? "Go back to how the site was then"
      : "Go back to the site as first built";
  const canPublish = !view.refusal && view.willChange.length > 0;
  return renderPage(
    { title: `${title.replace("?", "")}: your site`, kind: "editor" },
    h("p", { className: "brand" }, h("a", { href: home }, "Your site")),
    h("h1", null, title),
    view.changedSince
      ? h(
          Problem,
          null,
          "Your site changed since you opened this page, so this is what it would do now. Nothing was published.",
        )
      : null,
    h(
      "p",
      null,
      undo
        ? `Your change of ${view.at}:`
        : view.at
          ? `Your site as it was on ${view.at}, right after this change:`
          : "Your site as first built: the content files in the site's code.",
    ),
    view.entryLines.length > 0 ? h(Lines, { lines: view.entryLines }) : null,
    view.refusal ? h(Problem, null, view.refusal) : null,
    !view.refusal && view.willChange.length === 0
      ? h(
          "p",
          { className: "notice" },
          undo
            ? "Nothing to undo: your site already has none of this change. Nothing will be published."
            : "Your site is already as it was then. Nothing will be published.",
        )
      : null,
    canPublish ? h("h2", null, "What this changes on your site") : null,
    canPublish ? h(Lines, { lines: view.willChange }) : null,
    view.keptAsNow && view.keptAsNow.length > 0
      ? h(
          "div",
          null,
          h(
            "p",
            null,
            "Changed again since, so left as it is now (undo that later change first to take it back too):",
          ),
          h(Lines, { lines: view.keptAsNow }),
        )
      : null,
    canPublish && !undo
      ? h(
          "p",
          { className: "small" },
          "Every change published after it is taken back with it. They stay in the history, so you can go forward again.",
        )
      : null,
    canPublish
      ? h(
          "form",
          { method: "post", action: sitePageUrl("../..", view.token, view.path) },
          h(Hidden, { fields: { [baseVersionField]: baseVersionValue(view.base) } }),
          h(
            "div",
            { className: "actions" },
            h("button", { type: "submit", className: "primary" }, button),
          ),
        )
      : null,
    h(
      "p",
      null,
      h(
        ButtonLink,
        { className: "button quiet", href: home },
        canPublish ? "Keep the site as it is" : "Back to your site",
      ),
    ),
  );
}
