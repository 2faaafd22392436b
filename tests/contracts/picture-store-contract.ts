/**
 * The behaviour every PictureStore must have (sqlite-store.test.ts, postgres-store.test.ts): a
 * picture and its files kept once, byte for byte, and never changed by a second save.
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
  });
}
