/**
 * `npm run content`'s files: the live document written back into content/*.json as the
 * repository formats it, checked by the schema first, and the picture files it names.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PictureStore } from "../functions/send-contact-email/index.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import { pictureFileNames } from "../shared/content/picture-files.ts";
import { contentGroups } from "../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../shared/content/site-content.ts";

/** When a version was published or a picture stored: the business's time, as people write it. */
export const when = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

export const root = resolve(import.meta.dirname, "..");
const biome = join(root, "node_modules/.bin/biome");

/** JSON as the repository formats it (Biome), when Biome is installed (not in a production install). */
export function formatted(group: string, value: unknown): string {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (!existsSync(biome)) return text;
  const result = spawnSync(biome, ["format", `--stdin-file-path=content/${group}.json`], {
    cwd: root,
    input: text,
    encoding: "utf8",
  });
  return result.status === 0 && result.stdout ? result.stdout : text;
}

/**
 * The live version as the content schema reads it, or why it cannot be written into the
 * repository's files. The schema's output, never the document as received: keys it does not
 * know (`__proto__` among them) are left out, and a group a version may lack (`pictures`) gets
 * its default.
 */
export function checked(live: { document: unknown }): SiteContent {
  const result = checkSiteContent(live.document);
  if (!result.ok)
    throw new Error(
      `The live version does not pass the content schema: ${result.problems
        .map((problem) => `${problem.path}: ${problem.message}`)
        .join("; ")}`,
    );
  return result.content;
}

/** One file per group, from the checked document; a group without a value is an error. */
export function writeBack(live: { document: unknown }, folder: string): string[] {
  const document = checked(live);
  const groups = contentGroups.map((group) => {
    const value = document[group];
    if (value === undefined) throw new Error(`The live version has no ${group}.`);
    return [group, value] as const;
  });
  return groups.map(([group, value]) => {
    const file = join(folder, `${group}.json`);
    writeFileSync(file, formatted(group, value));
    return file;
  });
}

/** The picture files `document` names, from the store into `folder`; one it lacks is an error. */
export async function writeStoredPictures(
  store: PictureStore,
  document: SiteContent,
  folder: string,
): Promise<number> {
  const names = pictureNames(document);
  if (names.length > 0) mkdirSync(folder, { recursive: true });
  for (const name of names) {
    const file = await store.pictureFile(name);
    if (!file) throw new Error(`The picture ${name} is not in the store.`);
    writeFileSync(join(folder, name), file.bytes);
  }
  return names.length;
}

export function pictureNames(document: SiteContent): string[] {
  const pictures = Object.values(document.pictures);
  return [...new Set(pictures.flatMap((picture) => (picture ? pictureFileNames(picture) : [])))];
}
