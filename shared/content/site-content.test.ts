import { describe, expect, it } from "vitest";
import { decideZip } from "../quote/service-area.ts";
import { repositoryFacts } from "./facts.ts";
import { hoursLines, openingSlots, type Week, weekWords } from "./opening-hours.ts";
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
    const { business, priceList, serviceArea } = repositoryFacts();
    expect(business.phone).toEqual({ display: "(484) 555-0142", e164: "+14845550142" });
    expect(business.offerPhone.e164).toBe("+14845550187");
    expect(business.hours.summary).toBe("Monday to Saturday, 8 AM to 7 PM");
    expect(business.hours.lines).toEqual([
      "Monday to Saturday: 8\u00a0AM\u00a0to\u00a07\u00a0PM",
      "Sunday: Closed",
    ]);
    expect(business.hours.open).toEqual([
      {
        opens: "08:00",
        closes: "19:00",
        dayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      },
    ]);
    expect(business.hours.closedDays).toBe("Sunday");
    expect(priceList.version).toBe("2026-11-a");
    expect(decideZip("19087", serviceArea)).toMatchObject({
      kind: "in-area",
      town: "King of Prussia",
    });
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
  const usual = open("08:00", "19:00");
  /** The shipped week (Monday to Saturday, 8 AM to 7 PM), with the owner's changes. */
  const weekWith = (changes: Partial<Week>): Week => ({
    monday: usual,
    tuesday: usual,
    wednesday: usual,
    thursday: usual,
    friday: usual,
    saturday: usual,
    sunday: closed,
    ...changes,
  });

  it.each<[string, Partial<Week>, string, string, string[]]>([
    [
      "all days the same",
      {},
      "Monday to Saturday, 8 AM to 7 PM",
      "Monday to Saturday",
      ["Monday to Saturday: 8 AM to 7 PM", "Sunday: Closed"],
    ],
    [
      "Saturday closing earlier",
      { saturday: open("08:00", "17:00") },
      "Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM",
      "Monday to Saturday",
      ["Monday to Friday: 8 AM to 7 PM", "Saturday: 8 AM to 5 PM", "Sunday: Closed"],
    ],
    [
      "Saturday opening later",
      { saturday: open("10:00", "19:00") },
      "Monday to Saturday, 8 AM to 7 PM; Saturday from 10 AM",
      "Monday to Saturday",
      ["Monday to Friday: 8 AM to 7 PM", "Saturday: 10 AM to 7 PM", "Sunday: Closed"],
    ],
    [
      "a short Saturday, with minutes and noon",
      { saturday: open("09:30", "12:00") },
      "Monday to Saturday, 8 AM to 7 PM; Saturday 9:30 AM to noon",
      "Monday to Saturday",
      ["Monday to Friday: 8 AM to 7 PM", "Saturday: 9:30 AM to noon", "Sunday: Closed"],
    ],
    [
      "a day closed mid-week",
      { wednesday: closed },
      "Monday to Saturday except Wednesday, 8 AM to 7 PM",
      "Monday to Saturday except Wednesday",
      ["Monday to Saturday except Wednesday: 8 AM to 7 PM", "Wednesday and Sunday: Closed"],
    ],
    [
      "Friday and Saturday closing earlier",
      { friday: open("08:00", "17:00"), saturday: open("08:00", "17:00") },
      "Monday to Saturday, 8 AM to 7 PM; Friday and Saturday until 5 PM",
      "Monday to Saturday",
      ["Monday to Thursday: 8 AM to 7 PM", "Friday and Saturday: 8 AM to 5 PM", "Sunday: Closed"],
    ],
    [
      "every day, Sunday shorter",
      { sunday: open("10:00", "16:00") },
      "Every day, 8 AM to 7 PM; Sunday 10 AM to 4 PM",
      "Monday to Sunday",
      ["Monday to Saturday: 8 AM to 7 PM", "Sunday: 10 AM to 4 PM"],
    ],
    [
      "one open day",
      {
        monday: closed,
        tuesday: closed,
        wednesday: closed,
        thursday: closed,
        friday: closed,
        saturday: open("09:00", "13:00"),
      },
      "Saturday, 9 AM to 1 PM",
      "Saturday",
      ["Saturday: 9 AM to 1 PM", "Monday to Friday and Sunday: Closed"],
    ],
    [
      "three days apart, two of them with other hours",
      {
        tuesday: closed,
        wednesday: open("09:00", "17:00"),
        thursday: closed,
        friday: open("09:00", "17:00"),
        saturday: closed,
      },
      "Monday, Wednesday and Friday, 9 AM to 5 PM; Monday 8 AM to 7 PM",
      "Monday, Wednesday and Friday",
      [
        "Monday: 8 AM to 7 PM",
        "Wednesday and Friday: 9 AM to 5 PM",
        "Tuesday, Thursday, Saturday and Sunday: Closed",
      ],
    ],
  ])("%s", (_shape, changes, summary, openDays, lines) => {
    const week = weekWith(changes);
    expect(weekWords(week).summary).toBe(summary);
    expect(weekWords(week).openDays).toBe(openDays);
    expect(hoursLines(week).map((line) => line.replaceAll("\u00a0", " "))).toEqual(lines);
  });

  it("keeps the structured data's runs of days in a row with the same hours", () => {
    const week = weekWith({ wednesday: closed, saturday: open("08:00", "17:00") });
    const hours = weekWords(week);
    expect(openingSlots(week)).toEqual([
      { opens: "08:00", closes: "19:00", dayNames: ["Monday", "Tuesday"] },
      { opens: "08:00", closes: "19:00", dayNames: ["Thursday", "Friday"] },
      { opens: "08:00", closes: "17:00", dayNames: ["Saturday"] },
    ]);
    expect(hours.closedDays).toBe("Wednesday and Sunday");
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
