import { describe, expect, it } from "vitest";
import { validateContact } from "./contact-schema.ts";
import { visitSourceFrom } from "./visit-source.ts";

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
