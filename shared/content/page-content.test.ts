import { describe, expect, it } from "vitest";
import { pageContentGroups, pageContentJson } from "./page-content.ts";
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

const document = repositoryContent as SiteContent;

describe("the content a page carries for its islands", () => {
  it("holds the groups the islands read and none of the others", () => {
    const carried = JSON.parse(pageContentJson(document));
    expect(Object.keys(carried)).toEqual([...pageContentGroups]);
    for (const group of pageContentGroups) expect(carried[group]).toEqual(document[group]);
    expect(carried).not.toHaveProperty("reviews");
    expect(carried).not.toHaveProperty("business");
  });

  it("cannot close its element or open a comment, whatever the owner typed", () => {
    const typed = structuredClone(document);
    typed.offer.terms = "New customers only.</script><script>alert(1)</script><!--";
    const json = pageContentJson(typed);
    expect(json).not.toMatch(/<\/script|<!--|</i);
    expect(JSON.parse(json).offer.terms).toBe(typed.offer.terms);
  });
});
