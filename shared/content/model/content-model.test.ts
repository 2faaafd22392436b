import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pictureSlots } from "../picture-files.ts";
import { contentGroups, repositoryContent } from "../repository-content.ts";
import { siteContentSchema } from "../site-content.ts";
import { contentModel, declarationAt, declarations, historyLabel } from "./content-model.ts";
import type { ContentNode } from "./nodes.ts";

/** A declaration whose value is told and edited as a whole: nothing inside it is declared again. */
const whole = (node: ContentNode) => !["object", "day"].includes(node.node);

/** The path, or the nearest one above it, that is declared as a whole; null when none is. */
function declaredAt(path: string): string | null {
  const keys = path.split(".");
  for (let length = 1; length <= keys.length; length += 1) {
    const at = keys.slice(0, length).join(".");
    const declared = declarationAt(at);
    if (!declared) return null;
    if (whole(declared.node) || length === keys.length) return at;
  }
  return null;
}

type JsonSchema = { properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };

/** Every property path the schema has, down to its arrays (a list is declared as one). */
function schemaPaths(schema: JsonSchema, path = ""): string[] {
  const here = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, inner]) => {
      const at = path ? `${path}.${key}` : key;
      return [at, ...schemaPaths(inner, at)];
    }),
    ...(schema.anyOf ?? []).flatMap((branch) => schemaPaths(branch, path)),
  ];
  return [...new Set(here)];
}

function valuePaths(value: unknown, path = ""): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const at = path ? `${path}.${key}` : key;
    return [at, ...valuePaths(inner, at)];
  });
}

describe("the content's declarations (decision 0027)", () => {
  it("declare every field of the schema", () => {
    const json = z.toJSONSchema(siteContentSchema, { io: "input", unrepresentable: "any" });
    const paths = schemaPaths(json as JsonSchema);
    expect(paths.length).toBeGreaterThan(300);
    expect(paths.filter((path) => declaredAt(path) === null)).toEqual([]);
  });

  it("declare the groups the content files are: one file in content/ for each group", () => {
    const files = readdirSync(new URL("../../../content/", import.meta.url))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""));
    expect([...contentGroups].sort()).toEqual(files.sort());
    expect(Object.keys(repositoryContent as object)).toEqual(contentGroups);
  });

  it("declare every value the repository's content holds (none is dropped unnamed)", () => {
    const paths = valuePaths(repositoryContent);
    expect(paths).toContain("pages.towns.exton.servicesIntro");
    expect(paths.filter((path) => declaredAt(path) === null)).toEqual([]);
  });

  it("name every field in the owner's words, and every photo's place", () => {
    const unnamed = [...declarations()]
      .filter(({ node }) => node.node !== "object" && node.node !== "pictures")
      .filter((declared) => declared.node.node !== "fixed" && !historyLabel(declared))
      .map(({ path }) => path);
    expect(unnamed).toEqual([]);
    const pictures = contentModel.children.pictures;
    expect(Object.keys(pictures.labels)).toEqual([...pictureSlots]);
  });

  it("make the schema: a declaration's rule is the document's", () => {
    const phone = declarationAt("contact.phone");
    if (phone?.node.node !== "field") throw new Error("contact.phone is not declared as a field");
    expect(siteContentSchema.shape.contact.shape.phone).toBe(phone.node.schema);
    expect(historyLabel(phone)).toBe("Main phone");
  });
});
