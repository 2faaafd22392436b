import { describe, expect, it } from "vitest";
import { contentLabels, describeChanges } from "./content-changes.ts";
import { repositoryContent } from "./repository-content.ts";
import { checkSiteContent, type SiteContent } from "./site-content.ts";

function first(): SiteContent {
  const result = checkSiteContent(repositoryContent);
  if (!result.ok) throw new Error("the repository's content is invalid");
  return result.content;
}

describe("what changed, in the owner's words", () => {
  it("says nothing of two equal versions", () => {
    expect(describeChanges(first(), first())).toEqual([]);
  });

  it("names each changed field by its label, with before and after", () => {
    const after = first();
    after.contact.phone = "(484) 555-0199";
    after.offer.enabled = false;
    after.offer.percentOff = 15;
    expect(describeChanges(first(), after)).toEqual([
      "Main phone: (484) 555-0142 → (484) 555-0199",
      "Welcome offer: on → off",
      "Welcome offer discount: 20 → 15",
    ]);
  });

  it("counts what was added to or removed from a list", () => {
    const after = first();
    after.reviews.push({
      name: "Sam P.",
      rating: 5,
      text: "Spotless.",
      location: "Exton, PA",
      service: "Residential Cleaning",
    });
    after.hours.holidays.shift();
    expect(describeChanges(first(), after)).toEqual(["Holidays: 1 removed", "Reviews: 1 added"]);
  });

  it("shows prices in dollars and discounts in percent", () => {
    const after = first();
    after.prices.home.base = 75;
    after.prices.home.frequencyDiscount.weekly = 0.25;
    after.prices.range.high = 1.2;
    expect(describeChanges(first(), after)).toEqual([
      "Estimate range ends at: 115% → 120%",
      "Home: starting price: $70 → $75",
      "Home: discount for cleaning every week: 20% → 25%",
    ]);
  });

  it("tells of the week's hours and the area as one line each", () => {
    const after = first();
    after.hours.week.saturday = { open: false };
    after.area.exton.nearby.push("19460");
    expect(describeChanges(first(), after)).toEqual([
      "Opening hours changed",
      "ZIP codes served changed",
    ]);
  });

  it("names a page's text by its page and tells that it changed, not the whole paragraph", () => {
    const after = first();
    after.pages.towns.exton.tagline = "Cleaning for Exton homes and offices.";
    after.pages.services["carpet-cleaning"].intro[0] = "Deep cleaning for carpets.";
    after.pages.serviceCards.office.features.reverse();
    after.pages.towns["west-chester"].whyChoose[1] = {
      title: "New card",
      description: "Its text.",
    };
    expect(describeChanges(first(), after)).toEqual([
      "West Chester page: Why Choose cards changed",
      "Exton page: line under the heading changed",
      "Carpet Cleaning page: intro changed",
      "Services page, Office Cleaning card: key features changed",
    ]);
  });

  it("labels every text of the pages and nothing the page writes around a fact", () => {
    const labelled = Object.keys(contentLabels).filter((path) => path.startsWith("pages."));
    const texts: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (contentLabels[path]) return texts.push(path);
      if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
      else texts.push(`${path} (no label)`);
    };
    walk(first().pages, "pages");
    expect(texts.sort()).toEqual(labelled.sort());
    expect(contentLabels["pages.towns.exton.servicesIntro"]).toBe(
      "Exton page: words above the service cards",
    );
    expect(contentLabels["pages.serviceCards.carpet.shortDesc"]).toBeUndefined();
  });
  it("tells a picture as a whole: replaced, its words changed, or the illustration again", () => {
    const photo = {
      picture: "0123456789abcdef0123456789abcdef",
      alt: "Our crew",
      width: 1600,
      height: 1200,
    };
    const withPhoto = first();
    withPhoto.pictures["home-hero"] = photo;
    expect(describeChanges(first(), withPhoto)).toEqual(["Home page, top photo: replaced"]);

    const newWords = first();
    newWords.pictures["home-hero"] = { ...photo, alt: "Our crew at work" };
    expect(describeChanges(withPhoto, newWords)).toEqual([
      "Home page, top photo: description changed",
    ]);

    const another = first();
    another.pictures["home-hero"] = { ...photo, picture: "f".repeat(32) };
    expect(describeChanges(withPhoto, another)).toEqual(["Home page, top photo: replaced"]);
    expect(describeChanges(withPhoto, first())).toEqual([
      "Home page, top photo: the illustration again",
    ]);
  });
});
