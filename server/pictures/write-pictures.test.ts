import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testStore } from "../../tests/support/stores.ts";
import { writePictures } from "./write-pictures.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const id = "0123456789abcdef0123456789abcdef";
const names = ["480.avif", "480.webp", "480.jpg", "800.avif", "800.webp", "800.jpg"];

describe("writePictures", () => {
  it("writes every file the content names under pictures/, byte for byte", async () => {
    const store = testStore();
    await store.savePicture({
      id,
      width: 1000,
      height: 750,
      files: names.map((name) => ({
        name: `${id}-${name}`,
        type: "image/jpeg",
        bytes: new TextEncoder().encode(name),
      })),
    });
    const outDir = mkdtempSync(join(tmpdir(), "write-pictures-"));
    folders.push(outDir);
    const picture = { picture: id, alt: "Crew", width: 1000, height: 750 };
    const written = await writePictures({
      document: { pictures: { "home-hero": picture, founder: picture } },
      reader: store,
      outDir,
    });
    expect(written).toHaveLength(6);
    expect(readdirSync(join(outDir, "pictures")).sort()).toEqual(
      names.map((name) => `${id}-${name}`).sort(),
    );
    expect(readFileSync(join(outDir, "pictures", `${id}-800.webp`), "utf8")).toBe("800.webp");

    // A document naming a file the store lacks fails the render instead of serving a hole.
    await expect(
      writePictures({
        document: { pictures: { carpet: { ...picture, width: 1300 } } },
        reader: store,
        outDir,
      }),
    ).rejects.toThrow(/1200\.avif is not in the store/);
    expect(await writePictures({ document: { pictures: {} }, reader: store, outDir })).toEqual([]);
    await store.close();
  });
});
