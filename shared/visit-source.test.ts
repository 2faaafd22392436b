import { describe, expect, it } from "vitest";
import { validateContact } from "./contact-schema.ts";
import { sourceChannel, sourceText, type VisitSource, visitSourceFrom } from "./visit-source.ts";

const landed = (source: Partial<VisitSource>): VisitSource => ({
  landingPage: "/exton",
  referrer: null,
  ...source,
});

describe("a request's source in the owner's words", () => {
  it("names search engines, ads, social sites, other sites and direct visits", () => {
    const cases: Array<[Partial<VisitSource>, string, string]> = [
      [{ referrer: "www.google.com" }, "found us on Google, landed on /exton", "Google"],
      [{ referrer: "google.co.uk" }, "found us on Google, landed on /exton", "Google"],
      [{ referrer: "www.bing.com" }, "found us on Bing, landed on /exton", "Bing"],
      [{ referrer: "l.facebook.com" }, "came from Facebook, landed on /exton", "Facebook"],
      [{ referrer: "nextdoor.com" }, "came from Nextdoor, landed on /exton", "Nextdoor"],
      [
        { referrer: "blog.example.org" },
        "came from a link on blog.example.org, landed on /exton",
        "blog.example.org",
      ],
      [
        {},
        "came straight to the site (typed the address, a bookmark or an app), landed on /exton",
        "Direct",
      ],
      [
        {
          referrer: "www.google.com",
          utm: { source: "google", medium: "cpc", campaign: "fall-exton" },
        },
        'came from a Google ad, campaign "fall-exton", landed on /exton',
        "Google ads",
      ],
      [
        { utm: { source: "newsletter", medium: "email" } },
        "came from newsletter (email), landed on /exton",
        "newsletter",
      ],
      [{ utm: { source: "FB" } }, "came from Facebook, landed on /exton", "Facebook"],
      [
        { landingPage: "/404", referrer: "old-directory.example" },
        "came from a link on old-directory.example, landed on a page that does not exist",
        "old-directory.example",
      ],
    ];
    for (const [source, text, channel] of cases) {
      expect(sourceText(landed(source)), JSON.stringify(source)).toBe(text);
      expect(sourceChannel(landed(source)), JSON.stringify(source)).toBe(channel);
    }
  });

  it("says when the source is not known", () => {
    expect(sourceChannel(undefined)).toBe("Unknown");
    expect(sourceText(undefined)).toMatch(/^not known/);
  });
});

describe("what the browser noted, made valid", () => {
  it("keeps a page of the site, a host and the tags, trimmed and cut to 100 characters", () => {
    expect(
      visitSourceFrom({
        landingPage: "/exton/",
        referrer: "WWW.Google.com",
        utm: { source: " google ", medium: "", campaign: "x".repeat(150) },
      }),
    ).toEqual({
      landingPage: "/exton",
      referrer: "www.google.com",
      utm: { source: "google", campaign: "x".repeat(100) },
    });
  });

  it("names a path the site does not have as the 404 page", () => {
    expect(visitSourceFrom({ landingPage: "/old-offer", referrer: null })).toEqual({
      landingPage: "/404",
      referrer: null,
    });
  });

  it("drops what cannot be made valid, so the request is sent without it", () => {
    for (const raw of [
      null,
      "google",
      {},
      { landingPage: 5 },
      { landingPage: "/", referrer: "not a host/path" },
      { landingPage: "/", referrer: null, utm: { source: "bell\u0007" } },
    ])
      expect(visitSourceFrom(raw), JSON.stringify(raw)).toBeUndefined();
  });
});

describe("the function's rules for source", () => {
  const request = {
    name: "Dana",
    email: "dana@example.org",
    phone: "(484) 555-0142",
    service: "carpet",
    message: "Two rooms.",
  };

  it("accepts paths of the site, a host or null, and tags of at most 100 characters", () => {
    const source = { landingPage: "/exton", referrer: "www.google.com", utm: { source: "google" } };
    const result = validateContact({ ...request, source });
    expect(result.ok && result.data.source).toEqual(source);
    expect(validateContact(request).ok).toBe(true);
  });

  it("refuses anything else, naming source with one message", () => {
    for (const source of [
      null,
      "google",
      { landingPage: "/wp-login.php", referrer: null },
      { landingPage: "/", referrer: "https://www.google.com/" },
      { landingPage: "/", referrer: null, utm: { source: "x".repeat(101) } },
      { landingPage: "/", referrer: null, utm: { term: "cleaning" } },
      { landingPage: "/", referrer: null, visitor: "id-123" },
    ]) {
      const result = validateContact({ ...request, source });
      expect(result.ok, JSON.stringify(source)).toBe(false);
      if (!result.ok)
        expect(result.fields).toEqual({ source: "Please check where the visit came from." });
    }
  });
});
