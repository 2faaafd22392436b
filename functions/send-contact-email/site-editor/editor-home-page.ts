/**
 * The editor's home (site-editor-routes.ts serves it): what became of the last publish with a way
 * to the page that shows it, what the site shows now and why not yet, the parts to change, the
 * history. In the owner's words throughout (publish-outcome.ts): the site, its host, changes by
 * their time and what they changed; no server, no version numbers.
 */
import type { SiteStatus } from "../base/site-publishing.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import type { ContentVersionSummary, HostCall } from "../store/content-store.ts";
import { Lines } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { h } from "../views/react.ts";
import { editorParts } from "./editor-parts.ts";
import { changeLines, History } from "./history-page.ts";
import type { EditableContent } from "./live-document.ts";
import { type Outcome, outcomeWords, siteNowWords, type Words, when } from "./publish-outcome.ts";
import { pageOfPart } from "./site-links.ts";

export type EditorHome = {
  token: string;
  editable: EditableContent;
  /** Newest first. */
  history: ContentVersionSummary[];
  status: SiteStatus;
  /** A static host builds the pages (DEPLOY_HOOK_URL). */
  staticHost: boolean;
  /** The host's last call for the version the editor starts from. */
  hostCall: HostCall | null;
  /** After a publish (the 303's query). */
  outcome?: {
    kind: Outcome;
    version: number | null;
    hostCall: HostCall | null;
    part: string | null;
  };
  /** The site's public address (site-links.ts). */
  siteAddress: string;
};

function Said({ words, link }: { words: Words; link?: { href: string; text: string } }) {
  return h(
    "div",
    words.problem
      ? { className: "problem", role: "alert" }
      : { className: "notice", role: "status" },
    words.lines.map((line, index) => h("p", { key: index }, line)),
    link ? h("p", null, h("a", { href: link.href, rel: "noreferrer" }, link.text)) : null,
  );
}

export function renderEditorHome(view: EditorHome): string {
  const { token, editable, status } = view;
  const times = new Map(view.history.map((one) => [one.version, one.publishedAt]));
  const publishedAt = (version: number) => times.get(version) ?? null;
  const current =
    editable.version === null
      ? null
      : (view.history.find((one) => one.version === editable.version) ?? null);
  const unusable = editable.unusable;
  const now = siteNowWords({
    current,
    // A version that fails the checks is told once, above, in the owner's words.
    status: status.failed?.version === unusable?.version ? { ...status, failed: null } : status,
    staticHost: view.staticHost,
    hostCall: view.hostCall,
    publishedAt,
  });
  const outcome = view.outcome;
  const siteHref = `${view.siteAddress}/`;
  return renderPage(
    { title: "Your site", kind: "editor" },
    h("p", { className: "brand" }, editable.document.business.name),
    h("h1", null, "Your site"),
    outcome
      ? h(Said, {
          words: outcomeWords({ ...outcome, status, staticHost: view.staticHost }),
          link: {
            href: `${view.siteAddress}${pageOfPart(outcome.part)}`,
            text: "View your site",
          },
        })
      : null,
    unusable
      ? h(Said, {
          words: {
            problem: true,
            lines: [
              `Your latest change (${when(unusable.publishedAt)}) cannot be used: it no longer passes the site's checks${unusable.problem ? ` (${unusable.problem})` : ""}.`,
              `Your site keeps showing ${current ? `your change of ${when(current.publishedAt)}` : "the site as first built"}, and this editor starts from it too. Publishing any part, or going back in the history, replaces the latest change.`,
            ],
          },
        })
      : null,
    h(
      "section",
      { "aria-labelledby": "site-now" },
      h("h2", { id: "site-now" }, "On your site now"),
      h(
        "p",
        null,
        current
          ? `Your last change, ${when(current.publishedAt)}:`
          : "Your site as first built: nothing published from here yet.",
      ),
      current ? h(Lines, { lines: changeLines(current, publishedAt) }) : null,
      now.lines.map((line, index) => h("p", { key: index }, line)),
      now.problems.length > 0 ? h(Said, { words: { problem: true, lines: now.problems } }) : null,
      h("p", null, h("a", { href: siteHref, rel: "noreferrer" }, "Open your site")),
    ),
    h("h2", null, "Change the site"),
    h(
      "ul",
      { className: "groups" },
      editorParts.map((part) =>
        h(
          "li",
          { key: part.slug },
          h("a", { href: sitePageUrl(".", token, part.slug) }, part.title),
          h("span", null, part.summary),
        ),
      ),
    ),
    h(History, {
      token,
      history: view.history,
      current: editable.version,
      publishedAt,
    }),
  );
}
