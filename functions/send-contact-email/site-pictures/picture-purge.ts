/**
 * The purge of pictures nothing uses (`npm run content -- --purge-pictures`): a stored picture is
 * kept while any stored content version names it, since any version can be restored, and while it
 * is younger than `previewKeepDays`, since a preview page (its Publish button) can still publish
 * it as long as the editor's link it was opened with lasts (SITE_LINK_TTL_DAYS, at most 30). What
 * is left (a preview cancelled, or never published) is deleted whole, files and all. Run by hand,
 * never by the server: a listing first, deleting only when asked.
 */
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { PictureStore, StoredPicture } from "../store/picture-store.ts";

/** Longer than any editor link lasts (links-settings.ts: the `site` scope's 30 days at most). */
export const previewKeepDays = 31;

export type PurgePlan = {
  /** Named by no version and older than the days kept: what the purge deletes. */
  unused: StoredPicture[];
  /** Named by a stored version (or the repository's content). */
  named: number;
  /** Named by none, but stored within the days kept: a preview that may still be published. */
  recent: number;
};

/** Every picture id a document names. */
function namedIn(document: unknown): string[] {
  const pictures = (document as { pictures?: Record<string, { picture?: unknown } | undefined> })
    ?.pictures;
  return Object.values(pictures ?? {}).flatMap((one) =>
    typeof one?.picture === "string" ? [one.picture] : [],
  );
}

/** Which pictures the purge would delete now, and why the others stay. */
export async function planPicturePurge(
  store: ContentStore & PictureStore,
  now: Date,
  keepDays = previewKeepDays,
): Promise<PurgePlan> {
  const named = new Set(namedIn(repositoryContent));
  // Every stored version, not only the history the editor lists: any of them can be restored.
  for (const summary of await store.contentHistory(Number.MAX_SAFE_INTEGER)) {
    const version = await store.contentVersion(summary.version);
    for (const id of namedIn(version?.document)) named.add(id);
  }
  const keptSince = now.getTime() - keepDays * 86_400_000;
  const plan: PurgePlan = { unused: [], named: 0, recent: 0 };
  for (const picture of await store.storedPictures()) {
    if (named.has(picture.id)) plan.named += 1;
    else if (Date.parse(picture.storedAt) > keptSince) plan.recent += 1;
    else plan.unused.push(picture);
  }
  return plan;
}

/**
 * Deletes the plan's pictures, each checked again just before (a version published since the plan
 * may name it): the ids deleted.
 */
export async function purgePictures(
  store: ContentStore & PictureStore,
  plan: PurgePlan,
  now: Date,
  keepDays = previewKeepDays,
): Promise<string[]> {
  const deleted: string[] = [];
  const still = new Set((await planPicturePurge(store, now, keepDays)).unused.map((one) => one.id));
  for (const picture of plan.unused)
    if (still.has(picture.id) && (await store.deletePicture(picture.id))) deleted.push(picture.id);
  return deleted;
}
