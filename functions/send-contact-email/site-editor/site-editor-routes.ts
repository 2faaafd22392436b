/**
 * The owner's site editor, served by the function on both hosts (its routes: routes.ts):
 *   GET  …/site?token=…                    what the site shows now, the parts, the history
 *   GET  …/site/<group>?token=…            one group's form (site-fields.ts)
 *   POST …/site/<group>?token=…            Publish: the group's fields over the live version
 *   POST …/site/<group>/preview?token=…    Preview: one page with the unsaved fields
 *   …/site/undo/<version>, …/site/restore/<version|first>: the history's (history-routes.ts)
 * The token is the `site` scope's (links/signed-links.ts: SITE_LINK_SECRET, a day), handed out
 * only by the inbox opened to act; no other scope opens these pages, and this one opens no other.
 *
 * Every document is checked by the one schema before anything is stored: a refused form comes
 * back (422) as it was typed, each problem beside its field, and nothing is published; so does a
 * form whose part changed since it was opened (409, edit-conflict.ts). A publish stores a new
 * version (never overwriting one), asks the host to make it live and says what happened
 * (publish-outcome.ts), bounded so a slow build never holds the page. Every part starts from the
 * newest version that passes the schema (live-document.ts), never refused for one that does not.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { settleDerived } from "../../../shared/content/model/content-model.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { SitePublishing } from "../base/site-publishing.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { newLinkAction } from "../http/new-link-offer.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import { isFormContentType, readBoundedText } from "../http/request-body.ts";
import { type PublishDeps, publishVersion, tryAgainWords } from "../site/publish-version.ts";
import type { ContentStore } from "../store/content-store.ts";
import { editConflict } from "./edit-conflict.ts";
import { renderEditorHome } from "./editor-home-page.ts";
import { applyGroup, groupValues, readGroupForm } from "./form-values.ts";
import { type EditableContent, editableContent } from "./live-document.ts";
import { previewHeaders, withBanner } from "./preview-page.ts";
import { isOutcome, publishedRedirect } from "./publish-outcome.ts";
import {
  renderEditorMessage,
  renderEditorRefusal,
  renderGroupForm,
  renderPagesList,
} from "./site-editor-page.ts";
import type { Group } from "./site-fields.ts";
import { partGroup } from "./site-links.ts";

/** The one editor: what a `site` token is signed for. */
export const siteSubject = "site";

/** Twenty reviews of 800 characters, percent-encoded, fit; a larger post is refused unread. */
const maxFormBytes = 64 * 1024;

/** How many versions the home lists. */
const historyLength = 50;

/** One of the editor's pages, with the private pages' headers. */
export async function editorPage(status: number, html: string) {
  return new Response(html, { status, headers: await privatePageHeaders() });
}
const page = editorPage;

/** A `site` token: the editor's pages, and nothing else. */
export const siteEditorLink: LinkRule = {
  accepts: () => [{ scope: "site", subject: siteSubject }],
  refused: (request) => page(403, renderEditorRefusal("denied", newLinkAction(request, "site"))),
};

export type SiteEditorDeps = PublishDeps & {
  store: ContentStore;
  publishing: SitePublishing;
  /**
   * Previews: each renders a page in a thread of its own (about a second of CPU), so a leaked
   * editor link cannot keep the server busy; absent, not limited (tests).
   */
  previewLimit?: RateLimiter;
  /** The site's public address, for "View your site" (site-links.ts, publicSiteAddress). */
  siteAddress: string;
  now?: () => Date;
  log?: Logger;
};

/** A posted form, read with a bound, or the page that refuses it. */
export async function readForm(
  request: Request,
  token: string,
  base: string,
): Promise<URLSearchParams | Response> {
  const refuse = (status: number, why: string) =>
    page(
      status,
      renderEditorMessage(token, base, "Not published", [why, "Nothing was published."]),
    );
  if (!isFormContentType(request.headers.get("content-type")))
    return refuse(415, "Please use the form's buttons.");
  const read = await readBoundedText(request, maxFormBytes);
  if (!read.ok)
    return refuse(
      read.status,
      read.status === 413 ? "The form is too large to publish." : read.error,
    );
  return new URLSearchParams(read.text);
}

/** GET and HEAD of the home. */
export async function handleEditorHome(
  request: Request,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const query = new URL(request.url).searchParams;
  try {
    const [editable, history] = await Promise.all([
      editableContent(deps.store),
      deps.store.contentHistory(historyLength),
    ]);
    const done = query.get("done");
    const version = Number(query.get("version"));
    const outcomeVersion = Number.isInteger(version) && version > 0 ? version : null;
    const staticHost = deps.deployHookUrl !== null;
    const hostCallOf = (one: number | null) =>
      staticHost && one !== null ? deps.store.hostCall(one) : Promise.resolve(null);
    const part = query.get("part");
    const html = renderEditorHome({
      token: grant.token,
      editable,
      history,
      status: deps.publishing.status(),
      staticHost,
      hostCall: await hostCallOf(editable.version),
      outcome: isOutcome(done)
        ? {
            kind: done,
            version: outcomeVersion,
            hostCall: await hostCallOf(outcomeVersion ?? editable.version),
            part: part && (part === "pictures" || partGroup(part)) ? part : null,
          }
        : undefined,
      siteAddress: deps.siteAddress,
    });
    return page(200, request.method === "HEAD" ? "" : html);
  } catch (error) {
    log.error("site editor failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

/** The way up to the editor's home: ".." from /site/contact, "../.." from /site/pages/exton. */
function upFrom(slug: string, deeper = 0): string {
  return Array.from({ length: slug.split("/").length + deeper }, () => "..").join("/");
}

async function notFound(token: string, base = "..") {
  return page(
    404,
    renderEditorMessage(token, base, "No such part of the site", [
      "Choose one from your site's page.",
    ]),
  );
}

/**
 * GET and HEAD of a group's form, filled from the live version; …/site/pages lists the pages, each
 * with a form of its own (…/site/pages/<page>).
 */
export async function handleGroupForm(
  request: Request,
  slug: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  if (slug === "pages")
    return page(200, request.method === "HEAD" ? "" : renderPagesList(grant.token));
  const group = partGroup(slug);
  if (!group) return notFound(grant.token, upFrom(slug));
  try {
    const live = await editableContent(deps.store);
    const html = renderGroupForm({
      token: grant.token,
      base: upFrom(slug),
      group,
      values: groupValues(group, live.document),
      previewPath: group.pages[0]?.value ?? "/",
      baseVersion: live.version,
    });
    return page(200, request.method === "HEAD" ? "" : html);
  } catch (error) {
    (deps.log ?? silentLogger).error("site editor failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

type CheckedForm = {
  form: URLSearchParams;
  /** What the owner typed, as sent. */
  values: Record<string, string>;
  live: EditableContent;
  next: SiteContent;
  previewPath: string;
};

/** The posted group over the live version, checked: the document, or the form again (422). */
async function checkedForm(
  request: Request,
  group: Group,
  grant: LinkGrant,
  deps: SiteEditorDeps,
  base: string,
): Promise<CheckedForm | Response> {
  const form = await readForm(request, grant.token, base);
  if (form instanceof Response) return form;
  const values = readGroupForm(group, form);
  const asked = form.get("previewPath") ?? "";
  const previewPath = group.pages.some((one) => one.value === asked)
    ? asked
    : (group.pages[0]?.value ?? "/");
  const live = await editableContent(deps.store);
  const checked = checkSiteContent(applyGroup(group, live.document, values));
  if (!checked.ok)
    return page(
      422,
      renderGroupForm({
        token: grant.token,
        base,
        group,
        values,
        problems: checked.problems.map(plainProblem),
        previewPath,
        // Still the version it was opened on: a change since is told on the next Publish.
        baseVersion: form.get("baseVersion") ?? undefined,
      }),
    );
  const next = checked.content;
  settleDerived(next, live.document, deps.now?.() ?? new Date());
  return { form, values, live, next, previewPath };
}

/**
 * The schema's words, but where a holiday fits neither of its two shapes (a weekday without which
 * one in the month): the schema cannot tell which was meant, the form can say what to give.
 */
function plainProblem(problem: { path: string; message: string }) {
  return /^hours\.holidays\.\d+$/.test(problem.path) && problem.message === "Invalid input"
    ? {
        path: `${problem.path}.nth`,
        message: "Give a day of the month, or a weekday and which one in the month.",
      }
    : problem;
}

/** POST of a group's form: Publish. */
export async function handlePublish(
  request: Request,
  slug: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const group = partGroup(slug);
  const base = upFrom(slug);
  if (!group) return notFound(grant.token, base);
  try {
    const checked = await checkedForm(request, group, grant, deps, base);
    if (checked instanceof Response) return checked;
    const { live, next, values, previewPath } = checked;
    const again = (status: number, more: Partial<Parameters<typeof renderGroupForm>[0]>) =>
      page(
        status,
        renderGroupForm({
          token: grant.token,
          base,
          group,
          values,
          previewPath,
          baseVersion: live.version,
          ...more,
        }),
      );
    const conflict = await editConflict(deps.store, group, checked.form, live, businessTimeZone);
    if (conflict) return again(409, { conflict });
    const result = await publishVersion(live.document, next, { from: "a form" }, deps);
    if (result.kind === "limited") {
      const response = await again(429, { refusal: tryAgainWords(result.retryAfterSeconds) });
      response.headers.set("Retry-After", String(result.retryAfterSeconds));
      return response;
    }
    return publishedRedirect(base, grant.token, result, slug);
  } catch (error) {
    (deps.log ?? silentLogger).error("site publish failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

/** POST …/<group>/preview: one page of the site with the form's unsaved fields. */
export async function handlePreview(
  request: Request,
  slug: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const group = partGroup(slug);
  const base = upFrom(slug, 1);
  if (!group) return notFound(grant.token, base);
  try {
    const checked = await checkedForm(request, group, grant, deps, base);
    if (checked instanceof Response) return checked;
    if (!deps.publishing.preview)
      return page(
        200,
        renderEditorMessage(grant.token, base, "Preview is not available here", [
          "Preview cannot be made here: your site's pages are built by your host, not one at a time on request. Publish, then look at your site once your host has built it; if you change your mind, Undo this change in the history puts it back.",
          "Nothing was published.",
        ]),
      );
    const decision = await deps.previewLimit?.consume("site-preview");
    if (decision && !decision.allowed) {
      const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
      const response = await page(
        429,
        renderEditorMessage(grant.token, base, "Too many previews", [
          `Too many previews in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}. Nothing was published.`,
        ]),
      );
      response.headers.set("Retry-After", String(decision.retryAfterSeconds));
      return response;
    }
    const html = await deps.publishing.preview(checked.next, checked.previewPath);
    return new Response(withBanner(html), { status: 200, headers: previewHeaders });
  } catch (error) {
    (deps.log ?? silentLogger).error("site preview failed", { error: errorMessage(error) });
    return page(
      503,
      renderEditorMessage(grant.token, base, "Preview failed", [
        "The page could not be made with these changes. Nothing was published.",
      ]),
    );
  }
}
