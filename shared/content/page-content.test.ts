import { describe, expect, it } from "vitest";
import {
  blockForIslands,
  pageContentGroups,
  pageContentId,
  pageContentJson,
} from "./page-content.ts";
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

describe("a page's block, cut to its islands", () => {
  const page = `<body><p>Hi</p><script type="application/json" id="${pageContentId}">${pageContentJson(document)}</script></body>`;
  const carried = (html: string) => {
    const json = /<script type="application\/json" id="site-content">([^<]*)<\/script>/.exec(html);
    return json ? Object.keys(JSON.parse(json[1] as string)) : null;
  };

  it("keeps every group the quote form reads, only the area for the ZIP box", () => {
    expect(carried(blockForIslands(page, ["menu", "contact-form"]))).toEqual([
      ...pageContentGroups,
    ]);
    expect(carried(blockForIslands(page, ["welcome-offer", "zip-check", "carousel"]))).toEqual([
      "area",
    ]);
  });

  it("drops the block where no island reads content, and leaves the page as it was", () => {
    expect(blockForIslands(page, ["menu", "welcome-offer"])).toBe("<body><p>Hi</p></body>");
  });

  it("keeps what it carries escaped", () => {
    const typed = structuredClone(document);
    typed.area.exton.nearby = ["19335"];
    typed.offer.terms = "</script><!--";
    const html = `<script type="application/json" id="${pageContentId}">${pageContentJson(typed)}</script>`;
    const cut = blockForIslands(html, ["contact-form"]);
    expect(cut.slice(0, -"</script>".length)).not.toMatch(/<\/script|<!--/);
    expect(cut).toBe(html);
  });
});
