import { describe, expect, it } from "vitest";
import { factsOf } from "../content/facts.ts";
import { repositoryContent } from "../content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../content/site-content.ts";
import type { BusinessInputs, HomeInputs } from "../quote/estimate.ts";
import { type BookingSettings, bookingOf, visitMinutes } from "./booking-settings.ts";

const settings: BookingSettings = {
  crews: 1,
  homeMinutes: {
    base: 90,
    perBedroom: 20,
    perBathroom: 25,
    perExtra500SquareFeet: 15,
    extraAttention: 60,
  },
  businessMinutes: { base: 60, per1000SquareFeet: 30 },
  travelMinutes: 30,
  noticeOpenDays: 1,
  daysAhead: 28,
  onlineServices: ["residential"],
  closedDayVisits: "skip",
  cutoffHours: 24,
  pageAfterSend: false,
  confirmation: "at-once",
};

const home = (more: Partial<HomeInputs> = {}): HomeInputs => ({
  kind: "home",
  bedrooms: 2,
  bathrooms: 1,
  squareFeet: 1000,
  condition: "routine",
  frequency: "one-time",
  addOns: [],
  ...more,
});

const business = (squareFeet: number): BusinessInputs => ({
  kind: "business",
  squareFeet,
  visitsPerWeek: 1,
  addOns: [],
});

describe("how long a visit takes (visitMinutes)", () => {
  it("adds a home's bedrooms, bathrooms and each 500 square feet over 1,000, up to the half hour", () => {
    // 90 + 2 × 20 + 25 = 155 minutes: 3 hours.
    expect(visitMinutes(settings, home())).toBe(180);
    // 1,001 square feet starts a first 500 over 1,000: 170, still 3 hours.
    expect(visitMinutes(settings, home({ squareFeet: 1001 }))).toBe(180);
    // 1,600: two of 500 over 1,000, 185 minutes: 3 and a half hours.
    expect(visitMinutes(settings, home({ squareFeet: 1600 }))).toBe(210);
    // Under 1,000 square feet takes nothing off.
    expect(visitMinutes(settings, home({ squareFeet: 600 }))).toBe(180);
    // A length already on the half hour stays as it is: 90 minutes.
    expect(visitMinutes(settings, home({ bedrooms: 0, bathrooms: 0 }))).toBe(90);
  });

  it("adds the extra time for a home that needs extra attention", () => {
    expect(visitMinutes(settings, home({ condition: "extra" }))).toBe(240);
    const more = { ...settings, homeMinutes: { ...settings.homeMinutes, extraAttention: 10 } };
    // 155 + 10 = 165: 3 hours.
    expect(visitMinutes(more, home({ condition: "extra" }))).toBe(180);
  });

  it("times a business by its base and each 1,000 square feet begun, up to the half hour", () => {
    expect(visitMinutes(settings, business(1000))).toBe(90);
    // 2,500 square feet: three of 1,000 begun, 60 + 90.
    expect(visitMinutes(settings, business(2500))).toBe(150);
    const odd = { ...settings, businessMinutes: { base: 45, per1000SquareFeet: 20 } };
    // 45 + 2 × 20 = 85 minutes: an hour and a half.
    expect(visitMinutes(odd, business(2000))).toBe(90);
  });
});

describe("the booking settings of a content version (bookingOf, facts.booking)", () => {
  it("are the document's own", () => {
    const document = structuredClone(repositoryContent) as SiteContent;
    document.booking.crews = 3;
    expect(bookingOf(document).crews).toBe(3);
    expect(factsOf(document).booking.crews).toBe(3);
  });

  it("are the repository's for a document published before online booking existed", () => {
    const { booking, ...older } = structuredClone(repositoryContent) as SiteContent;
    const checked = checkSiteContent(older);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    expect(checked.content.booking).toEqual(booking);
    expect(factsOf(checked.content).booking).toEqual(booking);
    // Read as stored, without the schema, too.
    expect(bookingOf(older as SiteContent)).toEqual(booking);
    // Each reading has its own copy: a change to one is not another's.
    const again = checkSiteContent(older);
    checked.content.booking.crews = 5;
    expect(again.ok && again.content.booking.crews).toBe(booking.crews);
  });

  it("keep the form's spec behaviour after Send unless the owner chose otherwise", () => {
    expect(factsOf(repositoryContent as SiteContent).booking.pageAfterSend).toBe(false);
    // Settings published before the choice existed read as off.
    const older = structuredClone(repositoryContent) as SiteContent;
    delete (older.booking as Partial<BookingSettings>).pageAfterSend;
    delete (older.booking as Partial<BookingSettings>).confirmation;
    const checked = checkSiteContent(older);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    expect(checked.content.booking.pageAfterSend).toBe(false);
    expect(checked.content.booking.confirmation).toBe("at-once");
  });

  it("make home cleaning bookable out of the box", () => {
    const { booking } = factsOf(repositoryContent as SiteContent);
    expect(booking.onlineServices).toContain("residential");
    expect(booking.crews).toBeGreaterThanOrEqual(1);
    expect(visitMinutes(booking, home())).toBeGreaterThan(0);
  });
});
