/**
 * The function's folders are its layers. A file imports from its own folder or from a folder of a
 * lower layer, never from one above nor from a sibling of the same layer: so no arrow runs back up
 * and no two folders import each other. A new folder gets its place here; a failing import says
 * that a piece sits in the wrong folder (move it down), not that the rule needs an exception.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const layers: string[][] = [
  ["base"],
  ["links", "store", "views"],
  ["queue"],
  ["mail"],
  ["http"],
  ["database"],
  ["intake", "leads", "counts", "site"],
  // The editor's one publish path and its live document serve the Pictures page; the inbox names
  // the editor's parts.
  ["site-editor"],
  ["inbox", "follow-ups", "site-pictures"],
  ["owner"],
  ["booking"],
  ["."],
];

const root = import.meta.dirname;

function layerOf(folder: string): number {
  const index = layers.findIndex((names) => names.includes(folder));
  if (index < 0) throw new Error(`${folder}/ has no layer: give it one in layers.test.ts`);
  return index;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function folderOf(path: string): string {
  const inside = relative(root, path);
  return inside.includes("/") ? (inside.split("/")[0] ?? ".") : ".";
}

function importsWithin(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)]
    .map((match) => resolve(dirname(file), match[1] ?? ""))
    .filter((target) => !relative(root, target).startsWith(".."));
}

describe("the function's layers", () => {
  const files = sourceFiles(root);

  it("gives every folder a layer", () => {
    const folders = new Set(files.map(folderOf));
    for (const folder of folders) expect(() => layerOf(folder)).not.toThrow();
  });

  it("has no import from a layer above or from a sibling folder of the same layer", () => {
    const wrong = files.flatMap((file) =>
      importsWithin(file)
        .filter((target) => {
          const from = folderOf(file);
          const to = folderOf(target);
          return from !== to && layerOf(to) >= layerOf(from);
        })
        .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
    );
    expect(wrong).toEqual([]);
  });
});
