/**
 * The behaviour every ContentStore must have (sqlite-store.test.ts, postgres-store.test.ts): each
 * publish a new version, the newest live, nothing overwritten, the document read back as written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentStore } from "../../functions/send-contact-email/store/content-store.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";

function documentWith(phone: string) {
  const document = structuredClone(repositoryContent) as { contact: { phone: string } };
  document.contact.phone = phone;
  return document;
}

export function describeContentStoreContract(
  name: string,
  open: () => Promise<ContentStore & { close(): Promise<void> }>,
) {
  describe(`${name}: the ContentStore contract`, () => {
    let store: ContentStore & { close(): Promise<void> };
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("has no live version until the first publish", async () => {
      expect(await store.liveContent()).toBeNull();
      expect(await store.liveContentVersion()).toBeNull();
      expect(await store.contentHistory(10)).toEqual([]);
    });

    it("makes each publish the live version and reads the document back as written", async () => {
      const first = await store.publishContent({
        document: documentWith("(484) 555-0100"),
        changes: ["Main phone: (484) 555-0142 → (484) 555-0100"],
      });
      expect(first).toMatchObject({ version: 1, restoredFrom: null });
      expect(new Date(first.publishedAt).toISOString()).toBe(first.publishedAt);
      const live = await store.liveContent();
      expect(live?.version).toBe(1);
      expect(await store.liveContentVersion()).toBe(1);
      expect(live?.changes).toEqual(["Main phone: (484) 555-0142 → (484) 555-0100"]);
      // Same keys in the same order: written back to the repository, the diff is the change.
      expect(JSON.stringify(live?.document)).toBe(JSON.stringify(documentWith("(484) 555-0100")));
    });

    it("keeps every version, newest first, and restores one as a new version", async () => {
      for (const phone of ["(484) 555-0101", "(484) 555-0102", "(484) 555-0103"])
        await store.publishContent({ document: documentWith(phone), changes: [phone] });
      const restored = await store.publishContent({
        document: (await store.contentVersion(1))?.document,
        changes: ["Main phone: (484) 555-0103 → (484) 555-0101"],
        restoredFrom: 1,
      });
      expect(restored).toMatchObject({ version: 4, restoredFrom: 1 });
      expect((await store.contentHistory(10)).map((version) => version.version)).toEqual([
        4, 3, 2, 1,
      ]);
      expect((await store.contentHistory(2)).map((version) => version.version)).toEqual([4, 3]);
      expect((await store.liveContent())?.document).toEqual(documentWith("(484) 555-0101"));
      expect(await store.liveContentVersion()).toBe(4);
      expect((await store.contentVersion(3))?.document).toEqual(documentWith("(484) 555-0103"));
      expect(await store.contentVersion(99)).toBeNull();
    });

    it("loses no publish among several at once", async () => {
      const phones = Array.from({ length: 8 }, (_, index) => `(484) 555-01${10 + index}`);
      await Promise.all(
        phones.map((phone) => store.publishContent({ document: documentWith(phone), changes: [] })),
      );
      const history = await store.contentHistory(20);
      expect(history.map((version) => version.version).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      const live = (await store.liveContent()) as { document: { contact: { phone: string } } };
      expect(phones).toContain(live.document.contact.phone);
      // The number every server compares with its own is the live document's.
      expect(await store.liveContentVersion()).toBe(8);
      expect((await store.liveContent())?.version).toBe(8);
    });

    it("keeps the last call of the host's build hook for each version, in place of the one before", async () => {
      const { version } = await store.publishContent({
        document: documentWith("(484) 555-0104"),
        changes: [],
      });
      expect(await store.hostCall(version)).toBeNull();
      const failed = await store.recordHostCall({
        version,
        host: "api.netlify.com",
        ok: false,
        reason: "it answered 500: the host had a problem of its own",
      });
      expect(failed).toMatchObject({ version, host: "api.netlify.com", ok: false });
      expect(new Date(failed.calledAt).toISOString()).toBe(failed.calledAt);
      expect(await store.hostCall(version)).toEqual(failed);
      await store.recordHostCall({ version, host: "api.netlify.com", ok: true, reason: null });
      expect(await store.hostCall(version)).toMatchObject({ version, ok: true, reason: null });
      expect(await store.hostCall(version + 1)).toBeNull();
    });
  });
}
