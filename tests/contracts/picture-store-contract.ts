/**
 * The behaviour every PictureStore must have (sqlite-store.test.ts, postgres-store.test.ts): a
 * picture and its files kept once, byte for byte, and never changed by a second save; read back
 * by its id, listed, and deleted whole (the purge's).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { PictureStore } from "../../functions/send-contact-email/store/picture-store.ts";

const id = "0123456789abcdef0123456789abcdef";

function picture(seed: number) {
  // Every byte value, so that nothing in between reads the files as text.
  const bytes = (length: number) =>
    Uint8Array.from({ length }, (_, index) => (index * 7 + seed) % 256);
  return {
    id,
    width: 1600,
    height: 1200,
    files: [
      { name: `${id}-480.avif`, type: "image/avif", bytes: bytes(300) },
      { name: `${id}-480.webp`, type: "image/webp", bytes: bytes(400) },
      { name: `${id}-480.jpg`, type: "image/jpeg", bytes: bytes(70_000) },
    ],
  };
}

export function describePictureStoreContract(
  name: string,
  open: () => Promise<PictureStore & { close(): Promise<void> }>,
) {
  describe(`${name}: the PictureStore contract`, () => {
    let store: PictureStore & { close(): Promise<void> };
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("keeps a picture's files byte for byte, each by its name", async () => {
      expect(await store.pictureFile(`${id}-480.jpg`)).toBeNull();
      expect(await store.savePicture(picture(1))).toEqual({ stored: true });
      for (const file of picture(1).files) {
        const read = await store.pictureFile(file.name);
        expect(read?.type).toBe(file.type);
        expect(read?.bytes).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(read?.bytes ?? []).equals(Buffer.from(file.bytes))).toBe(true);
      }
      expect(await store.pictureFile(`${id}-800.jpg`)).toBeNull();
    });

    it("never changes a stored picture: a second save of its id keeps the first files", async () => {
      await store.savePicture(picture(1));
      expect(await store.savePicture(picture(2))).toEqual({ stored: false });
      const read = await store.pictureFile(`${id}-480.webp`);
      expect(
        Buffer.from(read?.bytes ?? []).equals(Buffer.from(picture(1).files[1]?.bytes ?? [])),
      ).toBe(true);
    });

    it("stores a picture once when it is saved twice at the same time", async () => {
      const results = await Promise.all([
        store.savePicture(picture(1)),
        store.savePicture(picture(1)),
      ]);
      expect(results.filter((result) => result.stored)).toHaveLength(1);
      expect((await store.pictureFile(`${id}-480.avif`))?.bytes.byteLength).toBe(300);
    });

    it("reads a picture by its id, lists them oldest first, and deletes one with all its files", async () => {
      const other = "fedcba9876543210fedcba9876543210";
      expect(await store.storedPicture(id)).toBeNull();
      expect(await store.storedPictures()).toEqual([]);
      await store.savePicture(picture(1));
      await store.savePicture({
        ...picture(3),
        id: other,
        width: 480,
        height: 320,
        files: picture(3).files.map((file) => ({ ...file, name: file.name.replace(id, other) })),
      });
      const first = await store.storedPicture(id);
      expect(first).toEqual({ id, width: 1600, height: 1200, storedAt: expect.any(String) });
      expect(Date.parse(first?.storedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(new Date(first?.storedAt ?? "").toISOString()).toBe(first?.storedAt);
      expect((await store.storedPictures()).map((one) => one.id).sort()).toEqual(
        [id, other].sort(),
      );

      expect(await store.deletePicture(id)).toBe(true);
      expect(await store.deletePicture(id)).toBe(false);
      expect(await store.storedPicture(id)).toBeNull();
      for (const file of picture(1).files) expect(await store.pictureFile(file.name)).toBeNull();
      expect((await store.storedPictures()).map((one) => one.id)).toEqual([other]);
      expect(await store.pictureFile(`${other}-480.jpg`)).not.toBeNull();
      // Stored again after a purge: the same id is kept anew.
      expect(await store.savePicture(picture(1))).toEqual({ stored: true });
    });
  });
}
