import { describe, expect, it } from "vitest";
import { contentChanges, contentLabels, describeChanges } from "./content-changes.ts";
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

  it("names what was added to, removed from or changed in a list", () => {
    const after = first();
    after.reviews.push({
      name: "Sam P.",
      rating: 5,
      text: "Spotless.",
      location: "Exton, PA",
      service: "Residential Cleaning",
    });
    const holiday = after.hours.holidays.shift();
    (after.reviews[0] as { text: string }).text = "Still spotless.";
    expect(describeChanges(first(), after)).toEqual([
      `Holidays: ${holiday?.name} removed`,
      `Reviews: Sam P. added, ${first().reviews[0]?.name} changed`,
    ]);
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

  it("tells which day's hours changed and how, in the business's clock", () => {
    const before = first();
    before.hours.week.saturday = { open: true, opens: "08:00", closes: "19:00" };
    before.hours.week.sunday = { open: false };
    const after = structuredClone(before);
    after.hours.week.monday = { open: true, opens: "09:00", closes: "19:00" };
    after.hours.week.saturday = { open: true, opens: "08:00", closes: "17:00" };
    after.hours.week.sunday = { open: true, opens: "09:00", closes: "13:00" };
    after.hours.week.friday = { open: false };
    expect(describeChanges(before, after)).toEqual([
      "Monday: opens at 9 AM, was 8 AM",
      "Friday: closed, was 8 AM to 7 PM",
      "Saturday: closes at 5 PM, was 7 PM",
      "Sunday: open 9 AM to 1 PM, was closed",
    ]);
    expect(contentChanges(before, after).map((change) => change.path)).toEqual([
      "hours.week.monday",
      "hours.week.friday",
      "hours.week.saturday",
      "hours.week.sunday",
    ]);
  });

  it("tells the online booking's settings in the owner's words: choices, units, services", () => {
    const after = first();
    after.booking.closedDayVisits = "move";
    after.booking.onlineServices = ["carpet", "residential", "office"];
    after.booking.homeMinutes.base = 120;
    after.booking.noticeOpenDays = 2;
    after.booking.cutoffHours = 1;
    expect(describeChanges(first(), after)).toEqual([
      "Services customers book online: Carpet Cleaning and Office Cleaning added",
      "Earliest a customer can book: 1 open day → 2 open days",
      "A home visit: base time: 90 minutes → 120 minutes",
      "A plan's visit on a closed day or holiday: Skipped → Moved to the nearest open time that week",
      "Customers can change a visit until: 24 hours → 1 hour",
    ]);
    after.booking.onlineServices = [];
    expect(describeChanges(first(), after)[0]).toBe(
      "Services customers book online: Residential Cleaning removed",
    );
  });

  it("tells which ZIP codes were added or removed, and where", () => {
    const after = first();
    after.area["plymouth-meeting"].zips.push("19403");
    after.area.exton.zips = [];
    after.area.exton.nearby.push("19460", "19355");
    expect(describeChanges(first(), after)).toEqual([
      "Plymouth Meeting: 19403 added",
      "Exton: 19341 removed, nearby 19460 and 19355 added",
    ]);
  });

  it("never shows the price list's version, an internal id made from a UTC time", () => {
    const after = first();
    after.prices.version = "edited-2026-11-29-01-12";
    expect(describeChanges(first(), after)).toEqual([]);
    after.prices.business.visitsPerWeekDiscount[1] = 0.1;
    expect(describeChanges(first(), after)).toEqual([
      `Business: discount for 2 visits a week: ${Math.round((first().prices.business.visitsPerWeekDiscount[1] ?? 0) * 1000) / 10}% → 10%`,
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
