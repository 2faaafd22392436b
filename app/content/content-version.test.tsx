/**
 * The pages' facts are those of the content version a page is made from: rendered from a changed
 * document, the components and the texts say the new document's facts, and the repository's
 * document, rendered after it, still says its own (no version is kept between renders).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BusinessHours } from "~/components/business-hours";
import { PlainDetails } from "~/components/quote/plain-details";
import { zipAnswer } from "~/components/quote/zip-answer";
import { TestimonialsCarousel } from "~/components/testimonials-carousel";
import { WelcomeDialog } from "~/components/welcome-dialog";
import { pageContentJson } from "../../shared/content/page-content";
import { repositoryContent } from "../../shared/content/repository-content";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content";
import { pageFactsOf } from "./page-facts";
import { renderWithContent, rootMatch } from "./render-with-content";

const repository = repositoryContent as SiteContent;

/** A version the owner published: the repository's with a change, checked as publishing does. */
function published(change: (document: SiteContent) => void): SiteContent {
  const document = structuredClone(repositoryContent) as SiteContent;
  change(document);
  const checked = checkSiteContent(document);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.content;
}

describe("the pages' facts, from the version they are made from", () => {
  it("name the new phone, hours, claims and response time", () => {
    const next = published((document) => {
      document.contact.phone = "(610) 555-0123";
      document.contact.responseTime = "2 hours";
      document.business.offerPhone = "(610) 555-0456";
      document.business.claims.yearsExperience = 12;
      document.hours.week.saturday = { open: true, opens: "09:00", closes: "13:00" };
    });
    const { business, supportPromise, stats } = pageFactsOf(next);
    expect(business.phone).toEqual({ display: "(610) 555-0123", e164: "+16105550123" });
    expect(business.offerPhone.e164).toBe("+16105550456");
    expect(business.hours.summary).toBe("Monday to Saturday, 8 AM to 7 PM; Saturday 9 AM to 1 PM");
    expect(business.hours.openDays).toBe("Monday to Saturday");
    const card = renderWithContent(next, <BusinessHours />).replaceAll("\u00a0", " ");
    expect(card).toContain("Monday to Friday: 8 AM to 7 PM");
    expect(card).toContain("Saturday: 9 AM to 1 PM");
    expect(card).toContain("Sunday: Closed");
    expect(supportPromise).toContain("we answer within 2 hours");
    expect(stats[0].target).toBe(12);

    const before = renderWithContent(repository, <BusinessHours />).replaceAll("\u00a0", " ");
    expect(before).not.toContain("Saturday: 9 AM to 1 PM");
    expect(pageFactsOf(repository).supportPromise).not.toContain("within 2 hours");
  });

  it("show a sixth review, its markup as text, in the carousel", () => {
    const next = published((document) => {
      document.reviews.push({
        name: "Sam O'Neil",
        location: "Berwyn",
        service: "Residential Cleaning",
        rating: 5,
        text: 'Spotless. <img src=x onerror="alert(1)">',
      });
    });
    const { testimonials } = pageFactsOf(next);
    expect(testimonials).toHaveLength(6);
    expect(testimonials.at(-1)?.initials).toBe("SO");
    const html = renderWithContent(next, <TestimonialsCarousel />);
    expect(html).toContain("6 reviews");
    expect(html).toContain("Spotless. &lt;img src=x");
    expect(html).not.toContain("<img src=x");
    expect(renderWithContent(repository, <TestimonialsCarousel />)).toContain("5 reviews");
  });

  it("offer the new percent in the popup, and a changed service area", () => {
    const next = published((document) => {
      document.offer.percentOff = 15;
      document.area.berwyn.nearby = [...document.area.berwyn.nearby, "19087"].filter(
        (zip, index, all) => all.indexOf(zip) === index,
      );
      document.area["king-prussia"].nearby = [];
    });
    const facts = pageFactsOf(next);
    const popup = renderToStaticMarkup(<WelcomeDialog facts={facts} />);
    expect(popup).toContain("15% Off Your First Cleaning");
    expect(popup).toContain("/contact?offer=welcome-15#quote");
    const berwyn = facts.serviceArea.find((entry) => entry.town === "Berwyn");
    expect(berwyn?.nearby).toContain("19087");
  });

  it("answer a nearby ZIP the owner adds as itself, not as the town it is listed under", () => {
    const { serviceArea } = pageFactsOf(
      published((document) => {
        document.area["plymouth-meeting"].nearby.push("19403");
      }),
    );
    expect(zipAnswer("19403", serviceArea)).toMatchObject({
      kind: "in-area",
      text: "Yes, we clean in 19403: our Plymouth Meeting crew covers it.",
      path: "/plymouth-meeting",
    });
    expect(zipAnswer("19462", serviceArea)).toMatchObject({
      text: "Yes, we clean in Plymouth Meeting!",
    });
  });

  it("offer the new percent on the form without JavaScript, and nothing once the offer is off", () => {
    const fifteen = pageFactsOf(
      published((document) => {
        document.offer.percentOff = 15;
      }),
    );
    const form = renderToStaticMarkup(<PlainDetails facts={fifteen} />);
    expect(form).toContain('name="offer" value="welcome-15"/>');
    expect(form).toContain("Claim our welcome offer: 15% off your first cleaning.");
    const off = pageFactsOf(
      published((document) => {
        document.offer.enabled = false;
      }),
    );
    expect(renderToStaticMarkup(<PlainDetails facts={off} />)).not.toMatch(
      /welcome offer|name="offer"/i,
    );
  });

  it("carry the version's groups in the page's data block", () => {
    const next = published((document) => {
      document.prices.home.base = 99;
    });
    expect(JSON.parse(pageContentJson(pageFactsOf(next).document)).prices.home.base).toBe(99);
  });
});

describe("a page, from the version it is made from", () => {
  it("says the version's phone in its head and its texts in its body", async () => {
    const { meta } = await import("~/routes/contact");
    const { default: TownPage } = await import("~/routes/town");
    const next = published((document) => {
      document.contact.phone = "(610) 555-0123";
      document.pages.towns.exton.tagline = "Cleaning for Exton's homes and offices.";
    });
    const tags = meta({ matches: [rootMatch(next)] } as never);
    expect(tags).toContainEqual(
      expect.objectContaining({ content: expect.stringContaining("call (610) 555-0123.") }),
    );
    const exton = renderWithContent(next, <TownPage />, "/exton");
    expect(exton).toContain("Cleaning for Exton&#x27;s homes and offices.");
    expect(exton).toContain('href="tel:+16105550123"');
    expect(renderWithContent(repository, <TownPage />, "/exton")).not.toContain(
      "Cleaning for Exton&#x27;s homes and offices.",
    );
  });
});
