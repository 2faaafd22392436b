/**
 * The owner's pictures into a site folder: every file the content document's `pictures` names,
 * read from the store, written under <outDir>/pictures/ with the names the pages ask for
 * (shared/content/owner-pictures.ts). The render of a published version calls it before the
 * build's last step indexes the folder, so the files are served, hashed and compressed with the
 * rest; a file the store does not have fails that render, and the site being served stays.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PictureStore } from "../../functions/send-contact-email/index.ts";
import { pictureFileNames } from "../../shared/content/picture-files.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";

export type PictureReader = Pick<PictureStore, "pictureFile">;

/** Writes the pictures' files; returns their names. */
export async function writePictures({
  document,
  reader,
  outDir,
}: {
  document: Pick<SiteContent, "pictures">;
  reader: PictureReader;
  outDir: string;
}): Promise<string[]> {
  const names = [
    ...new Set(
      Object.values(document.pictures ?? {}).flatMap((picture) =>
        picture ? pictureFileNames(picture) : [],
      ),
    ),
  ];
  if (names.length === 0) return [];
  const folder = join(outDir, "pictures");
  await mkdir(folder, { recursive: true });
  for (const name of names) {
    const file = await reader.pictureFile(name);
    if (!file) throw new Error(`the picture file ${name} is not in the store`);
    await writeFile(join(folder, name), file.bytes);
  }
  return names;
}
