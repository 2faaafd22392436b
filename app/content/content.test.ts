import { describe, expect, it } from "vitest";
import { areas } from "../../shared/areas";
import { repositoryContent } from "../../shared/content/repository-content";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content";
import { type PageFacts, pageFactsOf } from "./page-facts";
import { getServicePage, getServicePageByPath } from "./service-pages";
import { getTown, getTownByPath } from "./towns";

/** The repository's version (content/): what the build's pages are made from. */
const { business, servicePages, services, testimonials, towns } = pageFactsOf(
  repositoryContent as SiteContent,
);

/** Every string reachable from a value, skipping components (the services' icons). */
function strings(value: unknown, key = ""): string[] {
  if (key === "icon") return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  }
  return [];
}

const allCopy = strings({ towns, servicePages, services, testimonials });

describe("towns (product.md, Town pages)", () => {
  it("has the five towns of areas, in the same order", () => {
    expect(towns.map(({ slug, name, path }) => ({ slug, name, path }))).toEqual(
      areas.map(({ slug, name, path }) => ({ slug, name, path })),
    );
  });

  it("gives every town the five service cards, named and ordered as product.md lists them", () => {
    for (const town of towns) {
      expect(town.services.map((service) => service.name)).toEqual([
        "Residential Cleaning",
        "Commercial Cleaning",
        "Carpet Cleaning",
        "Strip and Wax Floors",
        "Post-Construction Cleaning",
      ]);
    }
  });

  it("gives every town exactly three Why Choose cards", () => {
    for (const town of towns) expect(town.whyChoose).toHaveLength(3);
  });

  it("writes each town's copy for that town: no description, tagline or intro is shared", () => {
    const texts = towns.flatMap((town) => [
      town.tagline,
      town.metaDescription,
      town.servicesIntro,
      ...town.services.map((service) => service.description),
      ...town.whyChoose.map((card) => card.title),
      ...town.whyChoose.map((card) => card.description),
    ]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("names the town in its meta description and services intro", () => {
    for (const town of towns) {
      expect(town.metaDescription).toContain(`${town.name}, PA`);
      expect(town.metaDescription).toMatch(/residential & commercial cleaning/i);
      expect(town.servicesIntro).toContain(town.name);
    }
  });

  it("keeps search fields within their ranges", () => {
    for (const town of towns) {
      expect(town.metaDescription.length).toBeGreaterThanOrEqual(140);
      expect(town.metaDescription.length).toBeLessThanOrEqual(160);
      expect(town.keywords.length).toBeGreaterThanOrEqual(6);
      expect(town.keywords.length).toBeLessThanOrEqual(10);
      expect(town.neighborhoods.length).toBeGreaterThanOrEqual(4);
      expect(town.neighborhoods.length).toBeLessThanOrEqual(6);
    }
  });

  it("puts each town in its county", () => {
    expect(Object.fromEntries(towns.map((town) => [town.slug, town.county]))).toEqual({
      "plymouth-meeting": "Montgomery County",
      "king-prussia": "Montgomery County",
      "west-chester": "Chester County",
      exton: "Chester County",
      berwyn: "Chester County",
    });
  });

  it("looks towns up by slug and by path, tolerating a trailing slash", () => {
    expect(getTown(towns, "king-prussia").name).toBe("King of Prussia");
    expect(getTownByPath(towns, "/king-prussia/")?.slug).toBe("king-prussia");
    expect(getTownByPath(towns, "/exton")?.name).toBe("Exton");
    expect(getTownByPath(towns, "/nowhere")).toBeUndefined();
    expect(() => getTown(towns, "nowhere" as never)).toThrow();
  });
});

describe("service names: one label per service", () => {
  it("each standard page's heading starts with that name", () => {
    for (const page of servicePages) expect(page.heroTitle.startsWith(page.name)).toBe(true);
  });
});

describe("service pages (product.md, Service pages)", () => {
  it("has the five standard pages in catalog order", () => {
    expect(servicePages.map((page) => page.path)).toEqual([
      "/residential-cleaning",
      "/commercial-cleaning",
      "/janitorial-services",
      "/carpet-cleaning",
      "/post-construction",
    ]);
  });

  it("lists eight short checklist items on every page", () => {
    for (const page of servicePages) {
      expect(page.checklist).toHaveLength(8);
      for (const item of page.checklist) expect(item.split(" ").length).toBeLessThanOrEqual(6);
    }
  });

  it("uses each page's own closing-banner label", () => {
    expect(Object.fromEntries(servicePages.map((page) => [page.slug, page.cta.label]))).toEqual({
      "residential-cleaning": "Get Free Quote",
      "commercial-cleaning": "Contact Us",
      "janitorial-services": "Request Quote",
      "carpet-cleaning": "Get Free Estimate",
      "post-construction": "Request Estimate",
    });
  });

  it("gives the carpet page its four-step process and the 4-6 hour drying time", () => {
    const carpet = getServicePage(servicePages, "carpet-cleaning");
    expect(carpet.process?.steps.map((step) => step.title)).toEqual([
      "Pre-Inspection",
      "Pre-Treatment",
      "Deep Cleaning",
      "Post-Grooming",
    ]);
    expect(strings(carpet).join(" ")).toContain(business.carpetDryTime);
  });

  it("gives the post-construction page its six-step process", () => {
    expect(
      getServicePage(servicePages, "post-construction").process?.steps.map((step) => step.title),
    ).toEqual([
      "Initial Assessment",
      "Rough Clean",
      "Deep Clean",
      "Detail Work",
      "Final Touch-Ups",
      "Final Inspection",
    ]);
  });

  it("adds a process to no other page", () => {
    const withProcess = servicePages.filter((page) => page.process).map((page) => page.slug);
    expect(withProcess).toEqual(["carpet-cleaning", "post-construction"]);
  });

  it("says the commercial page offers evenings and weekends", () => {
    expect(strings(getServicePage(servicePages, "commercial-cleaning")).join(" ")).toMatch(
      /evenings and weekends/i,
    );
  });

  it("names all four frequencies on the residential page", () => {
    const text = strings(getServicePage(servicePages, "residential-cleaning"))
      .join(" ")
      .toLowerCase();
    for (const frequency of business.frequencies) expect(text).toContain(frequency);
  });

  it("keeps meta descriptions within 140-160 characters", () => {
    for (const page of servicePages) {
      expect(page.metaDescription.length).toBeGreaterThanOrEqual(140);
      expect(page.metaDescription.length).toBeLessThanOrEqual(160);
      expect(page.metaTitle.length).toBeLessThanOrEqual(65);
    }
  });

  it("looks pages up by path, tolerating a trailing slash", () => {
    expect(getServicePageByPath(servicePages, "/carpet-cleaning/")?.slug).toBe("carpet-cleaning");
    expect(getServicePageByPath(servicePages, "/floor-strip-wax")).toBeUndefined();
  });
});

describe("services (product.md, Services)", () => {
  it("has the six cards, titled and ordered as product.md lists them", () => {
    expect(services.map((service) => service.title)).toEqual([
      "Janitorial Cleaning",
      "Commercial Cleaning",
      "Office Cleaning",
      "Post-Construction Cleaning",
      "Carpet Cleaning",
      "Strip and Wax Floor Services",
    ]);
    expect(services.map((service) => service.id)).toEqual([
      "janitorial",
      "commercial",
      "office",
      "post-construction",
      "carpet",
      "floor-wax",
    ]);
  });

  it("lists five key features per card", () => {
    for (const service of services) expect(service.features).toHaveLength(5);
  });
});

describe("testimonials (product.md, Widgets: carousel)", () => {
  it("has five five-star quotes, one from each town", () => {
    expect(testimonials).toHaveLength(5);
    for (const testimonial of testimonials) expect(testimonial.rating).toBe(5);
    expect(testimonials.map((testimonial) => testimonial.location)).toEqual([
      "Plymouth Meeting, PA",
      "King of Prussia, PA",
      "West Chester, PA",
      "Exton, PA",
      "Berwyn, PA",
    ]);
  });

  it("shows first name and last initial, with matching initials", () => {
    for (const { name, initials } of testimonials) {
      expect(name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(initials).toBe(name.replace(/[^A-Z]/g, ""));
    }
  });
});

describe("all copy", () => {
  it("writes King of Prussia in full", () => {
    for (const text of allCopy) expect(text).not.toMatch(/King Prussia/i);
  });

  it("has no placeholder text", () => {
    for (const text of allCopy) expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|\{\w+\}/i);
  });

  it("leaves the phone, e-mail and hours to business.ts", () => {
    for (const text of allCopy) {
      expect(text).not.toContain(business.phone.display);
      expect(text).not.toContain(business.offerPhone.display);
      expect(text).not.toContain(business.email);
      expect(text).not.toMatch(/\d{3}[-.) ]+\d{3}-\d{4}|\d{1,2}(:\d{2})?\s?(AM|PM)/i);
    }
  });

  it("uses no emoji", () => {
    for (const text of allCopy) expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe("the pages' texts follow the content version", () => {
  const repository = () => {
    const checked = checkSiteContent(repositoryContent);
    if (!checked.ok) throw new Error("the repository's content is invalid");
    return checked.content;
  };

  /** Every text on the pages that states the carpet drying time, wherever it is written. */
  const dryTimeTexts = (facts: PageFacts) => [
    ...facts.towns.map((town) => town.services[2]?.description ?? ""),
    ...strings(getServicePage(facts.servicePages, "carpet-cleaning")).filter((text) =>
      /dry (in|within) /i.test(text),
    ),
    ...strings(facts.services.find((service) => service.id === "carpet")).filter((text) =>
      /dry (in|within) /i.test(text),
    ),
  ];

  it("shows the owner's new words on the town and service pages and the cards", () => {
    const document: SiteContent = repository();
    document.pages.towns.exton.tagline = "Cleaning for Exton's homes and offices.";
    document.pages.services["janitorial-services"].checklist[0] = "Restrooms made spotless";
    document.pages.serviceCards.office.features[4] = "Any schedule you need";
    document.pages.services["floor-strip-wax"].heroTitle = "Floor Strip & Wax";
    const next = pageFactsOf(document);
    expect(getTown(next.towns, "exton").tagline).toBe("Cleaning for Exton's homes and offices.");
    expect(getTownByPath(next.towns, "/exton")?.tagline).toBe(
      "Cleaning for Exton's homes and offices.",
    );
    expect(getServicePage(next.servicePages, "janitorial-services").checklist[0]).toBe(
      "Restrooms made spotless",
    );
    expect(next.services.find((service) => service.id === "office")?.features[4]).toBe(
      "Any schedule you need",
    );
    expect(next.floorStripWax.heroTitle).toBe("Floor Strip & Wax");
    // What the owner does not write stays: names, paths, labels, step names.
    expect(getTown(next.towns, "exton").services.map((service) => service.name)).toEqual([
      "Residential Cleaning",
      "Commercial Cleaning",
      "Carpet Cleaning",
      "Strip and Wax Floors",
      "Post-Construction Cleaning",
    ]);
    expect(getServicePage(next.servicePages, "janitorial-services").cta.label).toBe(
      "Request Quote",
    );
    // The repository's version keeps its own words.
    expect(getTown(towns, "exton").tagline).not.toBe("Cleaning for Exton's homes and offices.");
  });

  it("says a new drying time and a new answer time wherever the pages state them", () => {
    const before = dryTimeTexts(pageFactsOf(repository()));
    expect(before.length).toBeGreaterThanOrEqual(13);
    for (const text of before) expect(text).toContain("4–6 hours");

    const document: SiteContent = repository();
    document.business.carpetDryTime = "2–3 hours";
    document.contact.responseTime = "2 hours";
    const next = pageFactsOf(document);
    const after = dryTimeTexts(next);
    expect(after).toHaveLength(before.length);
    for (const text of after) {
      expect(text).toContain("2–3 hours");
      expect(text).not.toContain("4–6 hours");
    }
    expect(getServicePage(next.servicePages, "residential-cleaning").cta.text).toContain(
      "within 2 hours",
    );
    expect(
      getServicePage(next.servicePages, "commercial-cleaning").benefits.at(-1)?.description,
    ).toContain("within 2 hours");
  });
});
