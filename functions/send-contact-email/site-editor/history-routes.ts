/**
 * The history's two actions (history-page.ts), each a page that asks, then a post that publishes:
 *   GET  …/site/undo/<version>?token=       what undoing that change alone would change
 *   POST …/site/undo/<version>?token=       publishes it (undo-change.ts)
 *   GET  …/site/restore/<version>?token=    what going back to how the site was then would change
 *   POST …/site/restore/<version>?token=    publishes that version again, as a new one
 *        (<version> "first": the site as first built, the repository's)
 * A GET never publishes (a mail scanner opening the link changes nothing). The page carries the
 * version it was worked out against; a post after the site changed is shown again as it would be
 * now (409), with nothing published. Nothing here depends on the live version passing the schema
 * (live-document.ts): a bad version is exactly what the owner may need to go back from.
 */
import { describeChanges } from "../../../shared/content/content-changes.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, silentLogger } from "../base/log.ts";
import type { LinkGrant } from "../http/link-check.ts";
import { publishVersion, tryAgainWords } from "../site/publish-version.ts";
import type { ContentStore, ContentVersion } from "../store/content-store.ts";
import { postedBase } from "./edit-conflict.ts";
import { type ConfirmView, changeLines, renderConfirm } from "./history-page.ts";
import { editableContent, usableDocument } from "./live-document.ts";
import { publishedRedirect, when } from "./publish-outcome.ts";
import { renderEditorMessage, renderEditorRefusal } from "./site-editor-page.ts";
import { editorPage, readForm, type SiteEditorDeps } from "./site-editor-routes.ts";
import { partOfChange } from "./site-links.ts";
import { planUndo } from "./undo-change.ts";

/** From …/site/undo/7 and …/site/restore/first, the way up to the editor's home. */
const base = "../..";

/** How far below a version the one before it is looked for (a Postgres sequence may skip one). */
const gapsLookedAt = 100;

/** The stored version just before `version`, or null: it was the first one published. */
async function versionBefore(store: ContentStore, version: number) {
  for (let before = version - 1; before >= 1 && version - before <= gapsLookedAt; before -= 1) {
    const stored = await store.contentVersion(before);
    if (stored) return stored;
  }
  return null;
}

type Step = {
  view: Omit<ConfirmView, "token" | "base" | "changedSince">;
  /** What a post publishes: the document and how the history records it. */
  next: SiteContent | null;
  restoredFrom: number | null;
  note: string | null;
};

const notUsable = "It no longer passes the site's checks, so it cannot be published again.";

/** A stored document with the parts it never had filled from the repository's, unchecked. */
const asStored = (document: unknown): SiteContent =>
  usableDocument(document) ??
  ({ ...(repositoryContent as object), ...(document as object) } as SiteContent);

/** Undo of one entry: only its own changes, over the site as it is now. */
async function undoStep(
  stored: ContentVersion,
  live: SiteContent,
  entryLines: string[],
  deps: SiteEditorDeps,
): Promise<Step> {
  const at = when(stored.publishedAt);
  const path = `undo/${stored.version}`;
  const none = { next: null, restoredFrom: null, note: null };
  const previous = await versionBefore(deps.store, stored.version);
  // Compared as stored, even one that no longer passes (the result is checked before publishing).
  const before = asStored(previous?.document ?? repositoryContent);
  const after = asStored(stored.document);
  const plan = planUndo(before, after, live, deps.now?.() ?? new Date());
  const checked = checkSiteContent(plan.document);
  const keptAsNow = plan.changedSince.map((change) => change.words);
  if (!checked.ok)
    return {
      view: {
        kind: "undo",
        at,
        entryLines,
        willChange: [],
        keptAsNow,
        path,
        refusal: `Undoing it now would leave your site with a problem: ${checked.problems.map((one) => one.message).join(" ")} Change that part's form instead.`,
      },
      ...none,
    };
  return {
    view: {
      kind: "undo",
      at,
      entryLines,
      willChange: describeChanges(live, checked.content),
      keptAsNow,
      path,
    },
    next: checked.content,
    restoredFrom: null,
    note: `Undid your change of ${at}`,
  };
}

/** Going back to how the site was right after an entry (or as first built). */
function backStep(stored: ContentVersion | null, live: SiteContent, entryLines: string[]): Step {
  const path = stored ? `restore/${stored.version}` : "restore/first";
  const at = stored ? when(stored.publishedAt) : null;
  // Parts added to the site since that version keep their values now: it never had them.
  const checked = checkSiteContent(
    stored ? { ...live, ...(stored.document as object) } : repositoryContent,
  );
  if (!checked.ok)
    return {
      view: {
        kind: "back",
        at,
        entryLines,
        willChange: [],
        path,
        refusal: `${notUsable} ${checked.problems.map((one) => one.message).join(" ")}`,
      },
      next: null,
      restoredFrom: null,
      note: null,
    };
  return {
    view: {
      kind: "back",
      at,
      entryLines,
      willChange: describeChanges(live, checked.content),
      path,
    },
    next: checked.content,
    restoredFrom: stored?.version ?? null,
    // The repository's version is no stored version to name: its restore says so in words.
    note: stored ? null : "Back to the site as first built",
  };
}

/** GET, HEAD and POST of …/site/undo/<version> and …/site/restore/<version|first>. */
export async function handleHistoryStep(
  request: Request,
  kind: "undo" | "back",
  which: string,
  grant: LinkGrant,
  deps: SiteEditorDeps,
): Promise<Response> {
  const token = grant.token;
  try {
    const first = kind === "back" && which === "first";
    const stored =
      !first && /^\d{1,9}$/.test(which) ? await deps.store.contentVersion(Number(which)) : null;
    if (!first && !stored)
      return editorPage(
        404,
        renderEditorMessage(token, base, "No such change", [
          "Choose one from your site's history.",
        ]),
      );
    const current = await editableContent(deps.store);
    const entryLines = stored ? await entryWords(deps.store, stored) : [];
    const step =
      kind === "undo"
        ? await undoStep(stored as ContentVersion, current.document, entryLines, deps)
        : backStep(stored, current.document, entryLines);
    const view = { ...step.view, token, base: current.version };
    if (request.method !== "POST")
      return editorPage(200, request.method === "HEAD" ? "" : renderConfirm(view));

    const form = await readForm(request, token, base);
    if (form instanceof Response) return form;
    const posted = postedBase(form);
    if (posted !== undefined && posted !== current.version)
      return editorPage(409, renderConfirm({ ...view, changedSince: true }));
    if (!step.next) return editorPage(422, renderConfirm(view));
    const result = await publishVersion(
      current.document,
      step.next,
      {
        restoredFrom: step.restoredFrom,
        note: step.note,
        from: kind === "undo" ? "an undo" : "a restore",
      },
      deps,
    );
    if (result.kind === "limited") {
      const response = await editorPage(
        429,
        renderEditorMessage(token, base, "Not published", [
          tryAgainWords(result.retryAfterSeconds),
        ]),
      );
      response.headers.set("Retry-After", String(result.retryAfterSeconds));
      return response;
    }
    return publishedRedirect(base, token, result, partOfChange(current.document, step.next));
  } catch (error) {
    (deps.log ?? silentLogger).error("site history step failed", {
      kind,
      which,
      error: errorMessage(error),
    });
    return editorPage(503, renderEditorRefusal("unavailable"));
  }
}

/** An entry's lines; a restore's names the time of the version it went back to. */
async function entryWords(store: ContentStore, stored: ContentVersion): Promise<string[]> {
  const from = stored.restoredFrom;
  const restored = from === null ? null : await store.contentVersion(from);
  return changeLines(stored, (version) =>
    version === from && restored ? restored.publishedAt : null,
  );
}
