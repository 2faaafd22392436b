import { describe, expect, it } from "vitest";
import { declarations } from "../../../shared/content/model/content-model.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { siteContentSchema } from "../../../shared/content/site-content.ts";
import { applyGroup, groupValues } from "./form-values.ts";
import { pageChoices, pageGroupOf } from "./page-fields.ts";
import { type Group, groupSlugs, groups } from "./site-fields.ts";

const everyForm: Group[] = [
  ...groupSlugs.map((slug) => groups[slug]),
  ...pageChoices.map((choice) => pageGroupOf(choice.slug) as Group),
];
const edited = new Set(
  everyForm.flatMap((group) => [
    ...group.sets.flatMap((set) =>
      set.fields.filter((one) => !one.formOnly).map((one) => one.path),
    ),
    ...group.lists.map((list) => list.path),
  ]),
);

describe("the editor's forms, made from the content's declarations (decision 0027)", () => {
  it("edit every declared field and list somewhere, each once", () => {
    // Each field of a list is edited in its rows; the photos on the Pictures page; what is
    // worked out (the price list's version) or fixed in code (the country) is never typed.
    const editable = [...declarations()]
      .filter(({ node }) => node.node === "field" || node.node === "rows")
      .map(({ path }) => path);
    expect(editable.length).toBeGreaterThan(200);
    expect(editable.filter((path) => !edited.has(path))).toEqual([]);
    const all = everyForm.flatMap((group) => [
      ...group.sets.flatMap((set) => set.fields.filter((one) => !one.formOnly)),
      ...group.lists,
    ]);
    expect(all.length).toBe(edited.size);
    expect([...edited].filter((path) => !editable.includes(path))).toEqual([]);
  });

  it("give back the same document from every form left as it was opened", () => {
    const live = siteContentSchema.parse(repositoryContent);
    for (const group of everyForm) {
      const next = siteContentSchema.parse(applyGroup(group, live, groupValues(group, live)));
      expect(next, group.slug).toEqual(live);
    }
  });
});
