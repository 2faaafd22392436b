import { describe, expect, it } from "vitest";
import { type Facts, factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { createContentSource } from "./content-source.ts";

function withOvenCalled(label: string): SiteContent {
  const document = structuredClone(repositoryContent) as SiteContent;
  const oven = document.prices.addOns.find((addOn) => addOn.id === "inside-oven");
  if (oven) oven.label = label;
  return document;
}

const oven = (facts: Facts) =>
  facts.priceList.addOns.find((addOn) => addOn.id === "inside-oven")?.label;

describe("the content source", () => {
  const live = { version: 3, facts: factsOf(withOvenCalled("Oven (version 3)")) };
  const stored = new Map<number, unknown>([
    [2, withOvenCalled("Oven (version 2)")],
    [5, { prices: "not a document" }],
  ]);
  let reads = 0;
  const source = createContentSource({
    live: () => live,
    versions: () => ({
      async contentVersion(version) {
        reads += 1;
        return stored.has(version) ? { document: stored.get(version) } : null;
      },
    }),
  });

  it("gives each stamp its own version's facts, read from the store once", async () => {
    expect(oven(await source.of(2))).toBe("Oven (version 2)");
    expect(oven(await source.of(2))).toBe("Oven (version 2)");
    expect(reads).toBe(1);
    expect(oven(await source.of(3))).toBe("Oven (version 3)");
    expect(oven(await source.of(null))).toBe(oven(repositoryFacts()));
  });

  it("reads a request from before the stamp, or a version gone or broken, with the live one", async () => {
    expect(oven(await source.of(undefined))).toBe("Oven (version 3)");
    expect(oven(await source.of(4))).toBe("Oven (version 3)");
    expect(oven(await source.of(5))).toBe("Oven (version 3)");
  });

  it("looks each request of a list up by its stamp", async () => {
    const wordsOf = await source.ofEach([{ contentVersion: 2 }, {}, { contentVersion: null }]);
    expect(oven(wordsOf({ contentVersion: 2 }))).toBe("Oven (version 2)");
    expect(oven(wordsOf({}))).toBe("Oven (version 3)");
    expect(oven(wordsOf({ contentVersion: null }))).toBe(oven(repositoryFacts()));
  });
});
