import { describe, expect, it } from "vitest";
import { business } from "../business.ts";
import { priceList } from "../quote/price-list.ts";
import { decideZip } from "../quote/service-area.ts";
import { openingHours, type Week } from "./opening-hours.ts";
import { repositoryContent } from "./repository-content.ts";
import { checkSiteContent, type SiteContent } from "./site-content.ts";

const valid = () => structuredClone(repositoryContent) as SiteContent;

function problemsOf(document: unknown) {
  const result = checkSiteContent(document);
  return result.ok ? [] : result.problems;
}

describe("the content document", () => {
  it("holds the repository's first version, valid by its own schema", () => {
    expect(problemsOf(repositoryContent)).toEqual([]);
  });

  it("gives the pages today's facts, worked out the same way", () => {
    expect(business.phone).toEqual({ display: "(484) 555-0142", e164: "+14845550142" });
    expect(business.offerPhone.e164).toBe("+14845550187");
    expect(business.hours.summary).toBe("Mon–Sat 8:00 AM to 7:00 PM");
    expect(business.hours.open).toEqual([
      expect.objectContaining({
        days: "Monday to Saturday",
        opens: "08:00",
        closes: "19:00",
        label: "8:00\u00a0AM to 7:00\u00a0PM",
      }),
    ]);
    expect(business.hours.closed).toEqual(["Sunday"]);
    expect(business.hours.schemaDays).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(priceList.version).toBe("2026-11-a");
    expect(decideZip("19087")).toMatchObject({ kind: "in-area", town: "King of Prussia" });
  });

  it("normalizes a phone typed any way to the one the pages show", () => {
    const document = valid();
    document.contact.phone = "484.555.0199";
    const result = checkSiteContent(document);
    expect(result.ok && result.content.contact.phone).toBe("(484) 555-0199");
  });

  it.each([
    [
      "a phone without ten digits",
      (d: SiteContent) => (d.contact.phone = "555-0142"),
      "contact.phone",
      "10 digits",
    ],
    [
      "an empty business name",
      (d: SiteContent) => (d.business.name = "  "),
      "business.name",
      "Enter the business's name.",
    ],
    [
      "a 120% offer",
      (d: SiteContent) => (d.offer.percentOff = 120),
      "offer.percentOff",
      "from 1 to 100",
    ],
    [
      "a range whose low is above its high",
      (d: SiteContent) => (d.prices.range = { low: 1, high: 0.9 }),
      "prices.range",
      "must not be above",
    ],
    [
      "a closing time before the opening",
      (d: SiteContent) => (d.hours.week.monday = { open: true, opens: "18:00", closes: "08:00" }),
      "hours.week.monday.closes",
      "after the opening time",
    ],
    [
      "a ZIP under two towns",
      (d: SiteContent) => d.area.exton.nearby.push("19462"),
      "area.exton",
      "another town",
    ],
    [
      "a review with no text",
      (d: SiteContent) => ((d.reviews[0] as SiteContent["reviews"][number]).text = ""),
      "reviews.0.text",
      "Enter the review.",
    ],
    [
      "an empty town page tagline",
      (d: SiteContent) => (d.pages.towns.exton.tagline = " "),
      "pages.towns.exton.tagline",
      "Enter the line under the heading.",
    ],
    [
      "a checklist of seven items",
      (d: SiteContent) => d.pages.services["janitorial-services"].checklist.pop(),
      "pages.services.janitorial-services.checklist",
      "Give exactly 8 items.",
    ],
    [
      "the same key feature twice",
      (d: SiteContent) => {
        const features = d.pages.serviceCards.office.features;
        features[1] = features[0] as string;
      },
      "pages.serviceCards.office.features",
      "Each feature must be different",
    ],
    [
      "a fourth Why Choose card",
      (d: SiteContent) =>
        d.pages.towns.berwyn.whyChoose.push({ title: "Also", description: "More." }),
      "pages.towns.berwyn.whyChoose",
      "Keep exactly 3 cards.",
    ],
    [
      "a post-construction page with five steps",
      (d: SiteContent) => d.pages.services["post-construction"].process.steps.pop(),
      "pages.services.post-construction.process.steps",
      "Keep exactly 6 steps.",
    ],
    [
      "a town's search description over 200 characters",
      (d: SiteContent) => (d.pages.towns["king-prussia"].metaDescription = "x".repeat(201)),
      "pages.towns.king-prussia.metaDescription",
      "200 characters or fewer",
    ],
  ])("refuses %s, in plain words beside its field", (_, change, path, words) => {
    const document = valid();
    change(document);
    const problems = problemsOf(document);
    expect(
      problems.some((problem) => problem.path.startsWith(path) && problem.message.includes(words)),
      JSON.stringify(problems),
    ).toBe(true);
  });

  it("keeps markup in a review as the characters typed", () => {
    const document = valid();
    const typed = 'Great <img src=x onerror="alert(1)"> crew';
    (document.reviews[0] as SiteContent["reviews"][number]).text = typed;
    const result = checkSiteContent(document);
    expect(result.ok && result.content.reviews[0]?.text).toBe(typed);
  });
});

describe("opening hours in words", () => {
  const open = (opens: string, closes: string) => ({ open: true as const, opens, closes });
  const closed = { open: false as const };

  it("joins days with the same hours and names the closed ones", () => {
    const week: Week = {
      monday: open("08:00", "18:00"),
      tuesday: open("08:00", "18:00"),
      wednesday: open("08:00", "18:00"),
      thursday: open("08:00", "18:00"),
      friday: open("08:00", "18:00"),
      saturday: open("09:00", "14:30"),
      sunday: closed,
    };
    const hours = openingHours(week);
    expect(hours.summary).toBe("Mon–Fri 8:00 AM to 6:00 PM, Sat 9:00 AM to 2:30 PM");
    expect(hours.open.map((slot) => slot.days)).toEqual(["Monday to Friday", "Saturday"]);
    expect(hours.closed).toEqual(["Sunday"]);
  });

  it("does not join days across a closed day, and says two days with 'and'", () => {
    const week: Week = {
      monday: open("07:00", "12:00"),
      tuesday: open("07:00", "12:00"),
      wednesday: closed,
      thursday: open("07:00", "12:00"),
      friday: closed,
      saturday: closed,
      sunday: open("12:00", "13:00"),
    };
    const hours = openingHours(week);
    expect(hours.summary).toBe(
      "Mon and Tue 7:00 AM to 12:00 PM, Thu 7:00 AM to 12:00 PM, Sun 12:00 PM to 1:00 PM",
    );
    expect(hours.closed).toEqual(["Wednesday", "Friday", "Saturday"]);
  });

  describe("pictures", () => {
    const photo = {
      picture: "0123456789abcdef0123456789abcdef",
      alt: "Our crew",
      width: 1600,
      height: 1200,
    };

    it("start empty (every slot shows its illustration) and take a picture per artwork slot", () => {
      expect(valid().pictures).toEqual({});
      const document = valid();
      document.pictures["home-hero"] = photo;
      document.pictures.founder = { ...photo, alt: "  Dana at the office  " };
      const result = checkSiteContent(document);
      expect(result.ok && result.content.pictures).toEqual({
        "home-hero": photo,
        founder: { ...photo, alt: "Dana at the office" },
      });
    });

    it.each([
      [{ ...photo, alt: " " }, "pictures.home-hero.alt", "for people who cannot see it"],
      [{ ...photo, alt: undefined }, "pictures.home-hero.alt", "for people who cannot see it"],
      [{ ...photo, picture: "../../etc/passwd" }, "pictures.home-hero.picture", "Upload"],
      [{ ...photo, width: 0 }, "pictures.home-hero.width", "width"],
    ])("refuses a picture without what it needs (%#)", (value, path, words) => {
      const document = valid() as unknown as { pictures: Record<string, unknown> };
      document.pictures["home-hero"] = value;
      expect(problemsOf(document)).toEqual([{ path, message: expect.stringContaining(words) }]);
    });

    it("reads a version published before pictures existed as one with none", () => {
      const { pictures: _, ...before } = valid();
      const result = checkSiteContent(before);
      expect(result.ok && result.content.pictures).toEqual({});
    });

    it("refuses a picture for a slot the site does not have", () => {
      const document = valid() as unknown as { pictures: Record<string, unknown> };
      document.pictures.banner = photo;
      expect(problemsOf(document)).toEqual([
        { path: "pictures", message: "Pictures can only go where the site has an illustration." },
      ]);
    });
  });
});
