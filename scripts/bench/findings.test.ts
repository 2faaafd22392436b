import { describe, expect, it } from "vitest";
import {
  describeItem,
  findings,
  firstRoundTripBytes,
  formatFindings,
  shortUrl,
} from "./findings.ts";
import { sampleLhr } from "./test-fixtures.ts";

describe("findings", () => {
  it("lists the failing Best Practices and SEO audits with their offending items", () => {
    const found = findings(sampleLhr());
    expect(found.failingAudits).toEqual([
      {
        category: "best-practices",
        id: "errors-in-console",
        title: "Browser errors were logged to the console",
        items: ["404 Error: non-existent route: /x"],
      },
      {
        category: "seo",
        id: "is-crawlable",
        title: "Page is blocked from indexing",
        items: ['head > meta <meta name="robots" content="noindex" />'],
      },
    ]);
  });

  it("reads the LCP element and its phases from the LCP breakdown insight", () => {
    const lhr = sampleLhr();
    lhr.audits["lcp-breakdown-insight"] = {
      id: "lcp-breakdown-insight",
      score: 1,
      details: {
        type: "list",
        items: [
          {
            type: "table",
            items: [
              { subpart: "timeToFirstByte", duration: 49.1 },
              { subpart: "elementRenderDelay", duration: 279.7 },
            ],
          },
          { type: "node", selector: "main > h1", snippet: '<h1 class="title">' },
        ],
      },
    };
    const found = findings(lhr);
    expect(found.lcpElement).toBe('main > h1 <h1 class="title">');
    expect(found.lcpPhases).toEqual({ timeToFirstByte: 49, elementRenderDelay: 280 });
    const text = formatFindings("/", found, ["is-crawlable"]);
    expect(text).toContain(
      'LCP element: main > h1 <h1 class="title"> [ms: TTFB 49, render delay 280]',
    );
    expect(text).toContain(
      "[seo] is-crawlable: Page is blocked from indexing (exempted from the budget)",
    );
  });
});

describe("the document's first round trip", () => {
  const withDocument = (transferSize: number) => {
    const lhr = sampleLhr();
    lhr.audits["network-requests"] = {
      id: "network-requests",
      score: null,
      details: {
        type: "table",
        items: [
          { url: "http://127.0.0.1:1/", resourceType: "Document", transferSize },
          { url: "http://127.0.0.1:1/a.js", resourceType: "Script", transferSize: 90_000 },
        ],
      },
    };
    return findings(lhr);
  };

  it("says whether the HTML and its headers fit in the first 10 TCP segments", () => {
    expect(firstRoundTripBytes).toBe(14_600);
    const within = withDocument(14_597);
    expect(within.documentBytes).toBe(14_597);
    expect(formatFindings("/", within)).toContain(
      "document: 14597 bytes with headers, within the first round trip's 14600\n",
    );
    expect(formatFindings("/", withDocument(14_601))).toContain(
      "document: 14601 bytes with headers, over the first round trip's 14600 (one more round trip before the first paint)",
    );
  });

  it("says nothing when Lighthouse listed no document", () => {
    const found = findings(sampleLhr());
    expect(found.documentBytes).toBeNull();
    expect(formatFindings("/", found)).not.toContain("document:");
  });
});

describe("describeItem and shortUrl", () => {
  it("describes URLs with their message and shortens same-site URLs to paths", () => {
    expect(describeItem({ url: "http://127.0.0.1:1/a.js", description: "boom" })).toBe(
      "http://127.0.0.1:1/a.js boom",
    );
    expect(shortUrl("http://127.0.0.1:4000/assets/a.js?x=1")).toBe("/assets/a.js?x=1");
    expect(shortUrl("Unattributable")).toBe("Unattributable");
  });
});
