/**
 * The document every part of the editor starts from (its forms, Publish, Undo, Go back, the
 * Pictures page): the live version when it passes the one schema, else the newest stored version
 * that does, else the repository's. A version that no longer passes (the schema changed since, or
 * a row was edited by hand) is what the site rightly refuses to show (site/content-follower.ts);
 * the editor must not be refused with it, or the owner could not even put a good one back.
 */
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import type { ContentStore } from "../store/content-store.ts";

/** How far back the editor looks for a version that passes: the history's length on its home. */
export const usableVersionsLookedAt = 50;

export type EditableContent = {
  document: SiteContent;
  /** The stored version it is; null: the repository's (the site as first built). */
  version: number | null;
  /** The newest version, when it is not the one used because it fails the site's checks. */
  unusable: { version: number; publishedAt: string; problem: string } | null;
};

/**
 * A stored document as the editor reads it: checked by the schema, and a version published before
 * a part existed gets that part from the repository (it never had it). Null when it fails anyway.
 */
export function usableDocument(document: unknown): SiteContent | null {
  const checked = checkSiteContent(document);
  if (checked.ok) return checked.content;
  const filled = checkSiteContent({
    ...(repositoryContent as object),
    ...(document as object),
  });
  return filled.ok ? filled.content : null;
}

function repositoryDocument(): SiteContent {
  const checked = checkSiteContent(repositoryContent);
  if (!checked.ok) throw new Error("the repository's content does not pass the schema");
  return checked.content;
}

/** The document to edit, which version it is, and the newest one if it had to be passed over. */
export async function editableContent(store: ContentStore): Promise<EditableContent> {
  const live = await store.liveContent();
  if (!live) return { document: repositoryDocument(), version: null, unusable: null };
  const document = usableDocument(live.document);
  if (document) return { document, version: live.version, unusable: null };
  const checked = checkSiteContent(live.document);
  const unusable = {
    version: live.version,
    publishedAt: live.publishedAt,
    problem: checked.ok ? "" : (checked.problems[0]?.message ?? ""),
  };
  const older = await store.contentHistory(usableVersionsLookedAt);
  for (const summary of older) {
    if (summary.version >= live.version) continue;
    const stored = await store.contentVersion(summary.version);
    const usable = stored ? usableDocument(stored.document) : null;
    if (usable) return { document: usable, version: summary.version, unusable };
  }
  return { document: repositoryDocument(), version: null, unusable };
}

/** The document alone (the Pictures page). */
export async function liveDocument(store: ContentStore): Promise<SiteContent> {
  return (await editableContent(store)).document;
}

/** A stored version's document as the editor reads it, or null (none, or it fails the checks). */
export async function versionDocument(
  store: ContentStore,
  version: number | null,
): Promise<SiteContent | null> {
  if (version === null) return repositoryDocument();
  const stored = await store.contentVersion(version);
  return stored ? usableDocument(stored.document) : null;
}
