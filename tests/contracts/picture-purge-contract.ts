/**
 * The purge of unused pictures (site-pictures/picture-purge.ts) on a store (sqlite-store.test.ts,
 * postgres-store.test.ts): a picture any stored version names is kept, the live one or not; one
 * named by none is deleted with its files once older than the days kept, and not before.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  planPicturePurge,
  previewKeepDays,
  purgePictures,
} from "../../functions/send-contact-email/site-pictures/picture-purge.ts";
import type { ContentStore } from "../../functions/send-contact-email/store/content-store.ts";
import type { PictureStore } from "../../functions/send-contact-email/store/picture-store.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";

type Store = ContentStore & PictureStore & { close(): Promise<void> };

const ids = { live: "a1".repeat(16), older: "b2".repeat(16), cancelled: "c3".repeat(16) };

function picture(id: string) {
  return {
    id,
    width: 480,
    height: 320,
    files: (["avif", "webp", "jpg"] as const).map((ext) => ({
      name: `${id}-480.${ext}`,
      type: ext === "jpg" ? "image/jpeg" : `image/${ext}`,
      bytes: new TextEncoder().encode(`${id} ${ext}`),
    })),
  };
}

function documentWith(slots: Partial<Record<"home-hero" | "founder", string>>): SiteContent {
  const checked = checkSiteContent(repositoryContent);
  if (!checked.ok) throw new Error("the repository's content is invalid");
  const document = structuredClone(checked.content);
  document.pictures = Object.fromEntries(
    Object.entries(slots).map(([slot, id]) => [
      slot,
      { picture: id, alt: "A photo", width: 480, height: 320 },
    ]),
  );
  return document;
}

export function describePicturePurgeContract(name: string, open: () => Promise<Store>) {
  describe(`${name}: the purge of unused pictures`, () => {
    let store: Store;
    const later = () => new Date(Date.now() + (previewKeepDays + 1) * 86_400_000);
    beforeEach(async () => {
      store = await open();
      for (const id of Object.values(ids)) await store.savePicture(picture(id));
      // The older photo was live once; the live version names another; one was only previewed.
      await store.publishContent({ document: documentWith({ founder: ids.older }), changes: [] });
      await store.publishContent({
        document: documentWith({ "home-hero": ids.live }),
        changes: [],
      });
      return () => store.close();
    });

    it("keeps every picture a stored version names, and a recent preview; deletes the rest whole", async () => {
      expect(await planPicturePurge(store, new Date())).toEqual({
        unused: [],
        named: 2,
        recent: 1,
      });
      const plan = await planPicturePurge(store, later());
      expect(plan.unused.map((one) => one.id)).toEqual([ids.cancelled]);
      expect(plan.named).toBe(2);

      expect(await purgePictures(store, plan, later())).toEqual([ids.cancelled]);
      expect(await store.storedPicture(ids.cancelled)).toBeNull();
      for (const file of picture(ids.cancelled).files)
        expect(await store.pictureFile(file.name)).toBeNull();
      for (const id of [ids.live, ids.older]) {
        expect(await store.storedPicture(id)).not.toBeNull();
        for (const file of picture(id).files)
          expect(await store.pictureFile(file.name)).not.toBeNull();
      }
      expect((await planPicturePurge(store, later())).unused).toEqual([]);
    });

    it("keeps a picture that a version published after the listing names", async () => {
      const plan = await planPicturePurge(store, later());
      await store.publishContent({
        document: documentWith({ "home-hero": ids.cancelled }),
        changes: [],
      });
      expect(await purgePictures(store, plan, later())).toEqual([]);
      expect(await store.storedPicture(ids.cancelled)).not.toBeNull();
    });
  });
}
