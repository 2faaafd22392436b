/**
 * The function has one public face: its hosts, scripts and the site import `index.ts` (both
 * runtimes), `node.ts` (Node only) or `owner-tools.ts` (the command-line tools), never another of
 * its modules, so that the inside can be rearranged without touching them. Tests (tests/) may
 * reach inside.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const functionFolder = import.meta.dirname;
const projectRoot = resolve(functionFolder, "../..");
const faces = ["index.ts", "node.ts", "owner-tools.ts"];
const outside = ["server", "scripts", "supabase", "app", "shared"];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each module of the function a file imports, as a path inside the function's folder. */
function functionImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)]
    .map((match) => relative(functionFolder, resolve(dirname(file), match[1] ?? "")))
    .filter((inside) => !inside.startsWith(".."));
}

describe("the function's public face", () => {
  const imported = new Map<string, string[]>();
  for (const folder of outside)
    for (const file of sourceFiles(join(projectRoot, folder)))
      for (const module of functionImports(file))
        imported.set(module, [...(imported.get(module) ?? []), relative(projectRoot, file)]);

  it("is imported from outside its folder (hosts, scripts, the site)", () => {
    // Guards the guard: the hosts do import the function.
    expect(imported.get("index.ts")).toContain("server/contact-service.ts");
    expect(imported.get("index.ts")).toContain("supabase/functions/send-contact-email/index.ts");
  });

  it("is three modules: nothing outside imports another one", () => {
    const others = [...imported].filter(([module]) => !faces.includes(module));
    expect(Object.fromEntries(others)).toEqual({});
  });

  it("keeps Node's modules out of the face both runtimes load", () => {
    const face = readFileSync(join(functionFolder, "index.ts"), "utf8");
    for (const nodeOnly of ["sqlite-store", "smtp-mailer", "file-mailer", "migrations"])
      expect(face).not.toContain(nodeOnly);
  });
});
