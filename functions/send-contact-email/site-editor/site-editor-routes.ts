/**
 * The owner's site editor, served by the function on both hosts (its routes: routes.ts):
 *   GET  …/site?token=…                    what is live, this server's status, the history
 *   GET  …/site/<group>?token=…            one group's form (site-fields.ts)
 *   POST …/site/<group>?token=…            Publish: the group's fields over the live version
 *   POST …/site/<group>/preview?token=…    Preview: one page with the unsaved fields
 *   POST …/site/restore/<version>?token=…  publishes an earlier version again ("first": the
 *                                          repository's)
 * The token is the `site` scope's (links/signed-links.ts: SITE_LINK_SECRET, a day), handed out
 * only by the inbox opened to act; no other scope opens these pages, and this one opens no other.
 *
 * Every document is checked by the one schema before anything is stored: a refused form comes
 * back (422) as it was typed, each problem beside its field, and nothing is published. A publish
 * stores a new version (never overwriting one), asks the host to make it live and says what
 * happened (site-editor-page.ts, outcomeWords), bounded so a slow build never holds the page.
 */
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { SitePublishing } from "../base/site-publishing.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { newLinkAction } from "../http/new-link-offer.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import { isFormContentType, readBoundedText } from "../http/request-body.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import { type PublishDeps, publishVersion, tryAgainWords } from "../site/publish-version.ts";
import type { ContentStore } from "../store/content-store.ts";
import { pageGroupOf } from "./page-fields.ts";
import {
  type Outcome,
  renderEditorHome,
  renderEditorMessage,
  renderEditorRefusal,
  renderGroupForm,
  renderPagesList,
} from "./site-editor-page.ts";
import {
  applyGroup,
  type Group,
  groups,
  groupValues,
  isGroupSlug,
  readGroupForm,
} from "./site-fields.ts";

/** The one editor: what a `site` token is signed for. */
export const siteSubject = "site";

/** Twenty reviews of 800 characters, percent-encoded, fit; a larger post is refused unread. */
const maxFormBytes = 64 * 1024;

/** How many versions the home lists. */
const historyLength = 50;

async function page(status: number, html: string, extra: Record<string, string> = {}) {
  return new Response(html, { status, headers: { ...(await privatePageHeaders()), ...extra } });
}

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
  now?: () => Date;
  log?: Logger;
};

/** The live document and its version: the newest published, else the repository's. */
async function liveDocument(store: ContentStore): Promise<SiteContent> {
  const live = await store.liveContent();
  const checked = checkSiteContent(live?.document ?? repositoryContent);
  if (checked.ok) return checked.content;
  // A version published before a group existed: the repository's groups fill what it lacks.
  const filled = checkSiteContent({
    ...(repositoryContent as object),
    ...(live?.document as object),
  });
  if (filled.ok) return filled.content;
  throw new Error("the live content does not pass the schema");
}

async function readForm(
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
    const [live, history] = await Promise.all([
      deps.store.liveContent(),
      deps.store.contentHistory(historyLength),
    ]);
    const done = query.get("done");
    const version = Number(query.get("version"));
    const outcome = isOutcome(done)
      ? { kind: done, version: Number.isInteger(version) && version > 0 ? version : null }
      : undefined;
    const hostFailed = query.get("hostFailed");
    const hostTold = query.get("host");
    const html = renderEditorHome({
      token: grant.token,
      host: hostFailed
        ? { ok: false, words: hostFailed.slice(0, 600) }
        : hostTold
          ? { ok: true, words: hostTold.slice(0, 600) }
          : undefined,
      live,
      status: deps.publishing.status(),
      history,
      outcome,
      now: deps.now?.() ?? new Date(),
    });
    return page(200, request.method === "HEAD" ? "" : html);
  } catch (error) {
    log.error("site editor failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

const outcomes: readonly Outcome[] = ["live", "working", "waiting", "failed", "same"];
const isOutcome = (value: string | null): value is Outcome => outcomes.includes(value as Outcome);

function groupOf(slug: string): Group | null {
  if (slug.startsWith("pages/")) return pageGroupOf(slug.slice("pages/".length));
  return isGroupSlug(slug) ? groups[slug] : null;
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
  const group = groupOf(slug);
  if (!group) return notFound(grant.token, upFrom(slug));
  try {
    const live = await liveDocument(deps.store);
    const html = renderGroupForm({
      token: grant.token,
      base: upFrom(slug),
      group,
      values: groupValues(group, live),
      previewPath: group.pages[0]?.value ?? "/",
    });
    return page(200, request.method === "HEAD" ? "" : html);
  } catch (error) {
    (deps.log ?? silentLogger).error("site editor failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

/** The posted group over the live version, checked: the document, or the form again (422). */
async function checkedForm(
  request: Request,
  group: Group,
  grant: LinkGrant,
  deps: SiteEditorDeps,
  base: string,
): Promise<{ live: SiteContent; next: SiteContent; previewPath: string } | Response> {
  const form = await readForm(request, grant.token, base);
  if (form instanceof Response) return form;
  const values = readGroupForm(group, form);
  const asked = form.get("previewPath") ?? "";
  const previewPath = group.pages.some((one) => one.value === asked)
    ? asked
    : (group.pages[0]?.value ?? "/");
  const live = await liveDocument(deps.store);
  const checked = checkSiteContent(applyGroup(group, live, values));
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
      }),
    );
  const next = checked.content;
  group.settle?.(next, live, deps.now?.() ?? new Date());
  return { live, next, previewPath };
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
  const group = groupOf(slug);
  const base = upFrom(slug);
  if (!group) return notFound(grant.token, base);
  try {
    const checked = await checkedForm(request, group, grant, deps, base);
    if (checked instanceof Response) return checked;
    const publishing = { restoredFrom: null, base, note: null };
    return await publish(checked.live, checked.next, publishing, deps, grant, (refusal) =>
      page(
        429,
        renderGroupForm({
          token: grant.token,
          base,
          group,
          values: groupValues(group, checked.next),
          refusal,
          previewPath: checked.previewPath,
        }),
      ),
    );
  } catch (error) {
    (deps.log ?? silentLogger).error("site publish failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

/** POST …/restore/<version> or …/restore/first: that document again, as a new version. */
export async function handleRestore(
  _request: Request,
  which: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  try {
    const live = await liveDocument(deps.store);
    let document: unknown = repositoryContent;
    let restoredFrom: number | null = null;
    if (which !== "first") {
      const stored = /^\d{1,9}$/.test(which)
        ? await deps.store.contentVersion(Number(which))
        : null;
      if (!stored)
        return page(
          404,
          renderEditorMessage(grant.token, "../..", "No such version", [
            "Choose one from your site's history.",
          ]),
        );
      // Groups added since that version keep their live values: it never had them.
      document = { ...live, ...(stored.document as object) };
      restoredFrom = stored.version;
    }
    const checked = checkSiteContent(document);
    if (!checked.ok)
      return page(
        422,
        renderEditorMessage(grant.token, "../..", "This version cannot be restored", [
          "It no longer passes the site's checks:",
          ...checked.problems.map((problem) => problem.message),
          "Nothing was published.",
        ]),
      );
    // The repository's version is no stored version to name: its restore says so in words.
    const note = which === "first" ? "Back to the site as first built" : null;
    const publishing = { restoredFrom, base: "../..", note };
    return await publish(live, checked.content, publishing, deps, grant, async (refusal) =>
      page(429, renderEditorMessage(grant.token, "../..", "Not published", [refusal])),
    );
  } catch (error) {
    log.error("site restore failed", { error: errorMessage(error) });
    return page(503, renderEditorRefusal("unavailable"));
  }
}

/**
 * Publishes `next` over `live` (publish-version.ts) and sends the owner home (303) with what
 * happened; `base` leads to the home from the post's path.
 */
async function publish(
  live: SiteContent,
  next: SiteContent,
  { restoredFrom, base, note }: { restoredFrom: number | null; base: string; note: string | null },
  deps: SiteEditorDeps,
  grant: LinkGrant,
  refuse: (words: string) => Promise<Response>,
): Promise<Response> {
  const result = await publishVersion(
    live,
    next,
    { restoredFrom, note, from: restoredFrom === null && note === null ? "a form" : "a restore" },
    deps,
  );
  if (result.kind === "limited") {
    const response = await refuse(tryAgainWords(result.retryAfterSeconds));
    response.headers.set("Retry-After", String(result.retryAfterSeconds));
    return response;
  }
  const kind: Outcome = result.kind === "same" ? "same" : result.outcome;
  const version = result.kind === "same" ? null : result.version;
  const query = new URLSearchParams({ done: kind });
  if (version !== null) query.set("version", String(version));
  // The hook's outcome in the owner's words (it names the host, never the hook's secret URL).
  if (result.host) query.set(result.host.ok ? "host" : "hostFailed", result.host.message);
  return new Response(null, {
    status: 303,
    headers: {
      Location: `${sitePageUrl(base, grant.token)}&${query}`,
      "Cache-Control": "no-store",
    },
  });
}

/** POST …/<group>/preview: one page of the site with the form's unsaved fields. */
export async function handlePreview(
  request: Request,
  slug: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const group = groupOf(slug);
  const base = upFrom(slug, 1);
  if (!group) return notFound(grant.token, base);
  try {
    const checked = await checkedForm(request, group, grant, deps, base);
    if (checked instanceof Response) return checked;
    if (!deps.publishing.preview)
      return page(
        200,
        renderEditorMessage(grant.token, base, "Preview is not available here", [
          "Preview needs the site's own Node server (npm start), which can make a page on request. On this host, Publish, then look at the site once its pages are rebuilt; Restore puts the version before back if you change your mind.",
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

/** The words of the banner every preview carries. */
export const previewBanner = "Preview - not published";

/**
 * A preview is the site's page without its scripts (SitePublishing.preview): its own stylesheets
 * and images from this origin, inline styles, nothing else; never indexed, kept, or framed.
 */
const previewHeaders: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

const bannerHtml = `<div role="status" style="position:sticky;top:0;z-index:2147483647;background:#b34700;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center;padding:.625rem 1rem">${previewBanner}</div>`;

/** The banner first in <body>, and a robots meta in <head> for a copy saved and opened later. */
export function withBanner(html: string): string {
  const robots = '<meta name="robots" content="noindex, nofollow">';
  const headed = /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${robots}`)
    : html;
  return /<body[^>]*>/i.test(headed)
    ? headed.replace(/<body[^>]*>/i, (body) => `${body}${bannerHtml}`)
    : `${bannerHtml}${headed}`;
}
