import { describe, expect, it } from "vitest";
import { sourceChannel, sourceText } from "./source-words.ts";
import type { VisitSource } from "./visit-source.ts";

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

  it("says when no source was noted", () => {
    expect(sourceChannel(undefined)).toBe("Unknown");
    expect(sourceText(undefined)).toMatch(/^not noted/);
  });
});

describe("a source whose words are the names of an object's own machinery", () => {
  const prototypeWords = ["constructor", "__proto__", "toString", "hasOwnProperty"];

  it("is named as it was tagged, never by a function the prototype lends", () => {
    for (const word of prototypeWords) {
      const tagged = landed({ utm: { source: word, medium: word, campaign: word } });
      expect(sourceChannel(tagged), word).toBe(word);
      expect(sourceText(tagged), word).toBe(
        `came from ${word} (${word}), campaign "${word}", landed on /exton`,
      );
      expect(sourceChannel(landed({ referrer: word.toLowerCase() })), word).toBe(
        word.toLowerCase(),
      );
      expect(sourceChannel(landed({ utm: { source: word, medium: "cpc" } })), word).toBe(
        `${word} ads`,
      );
    }
  });
});
