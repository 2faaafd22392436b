/**
 * The pages' facts follow a switch to a published version in the same process
 * (shared/content/live-content.ts): what a renderer shows after `switchContent` is the new
 * document's, in the modules and in the components that read them.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { BusinessHours } from "~/components/business-hours";
import { PlainDetails } from "~/components/quote/plain-details";
import { zipAnswer } from "~/components/quote/zip-answer";
import { TestimonialsCarousel } from "~/components/testimonials-carousel";
import { WelcomeDialog } from "~/components/welcome-dialog";
import { liveContent, switchContent } from "../../shared/content/live-content";
import { pageContentJson } from "../../shared/content/page-content";
import { repositoryContent } from "../../shared/content/repository-content";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content";
import { serviceAreaZips } from "../../shared/quote/service-area";
import { business, supportPromise } from "./business";
import { stats } from "./stats";
import { testimonials } from "./testimonials";

afterEach(() => switchContent(repositoryContent as SiteContent, null));

function publish(change: (document: SiteContent) => void) {
  const document = structuredClone(repositoryContent) as SiteContent;
  change(document);
  const checked = checkSiteContent(document);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  switchContent(checked.content, 2);
}

describe("the pages' facts after a switch", () => {
  it("name the new phone, hours, claims and response time", () => {
    publish((next) => {
      next.contact.phone = "(610) 555-0123";
      next.contact.responseTime = "2 hours";
      next.business.offerPhone = "(610) 555-0456";
      next.business.claims.yearsExperience = 12;
      next.hours.week.saturday = { open: true, opens: "09:00", closes: "13:00" };
    });
    expect(business.phone).toEqual({ display: "(610) 555-0123", e164: "+16105550123" });
    expect(business.offerPhone.e164).toBe("+16105550456");
    expect(business.hours.summary).toBe("Monday to Saturday, 8 AM to 7 PM; Saturday 9 AM to 1 PM");
    expect(business.hours.openDays).toBe("Monday to Saturday");
    const card = renderToStaticMarkup(<BusinessHours />).replaceAll("\u00a0", " ");
    expect(card).toContain("Monday to Friday: 8 AM to 7 PM");
    expect(card).toContain("Saturday: 9 AM to 1 PM");
    expect(card).toContain("Sunday: Closed");
    expect(supportPromise).toContain("we answer within 2 hours");
    expect(stats[0].target).toBe(12);
  });

  it("show a sixth review, its markup as text, in the carousel", () => {
    publish((next) => {
      next.reviews.push({
        name: "Sam O'Neil",
        location: "Berwyn",
        service: "Residential Cleaning",
        rating: 5,
        text: 'Spotless. <img src=x onerror="alert(1)">',
      });
    });
    expect(testimonials).toHaveLength(6);
    expect(testimonials.at(-1)?.initials).toBe("SO");
    const html = renderToStaticMarkup(<TestimonialsCarousel />);
    expect(html).toContain("6 reviews");
    expect(html).toContain("Spotless. &lt;img src=x");
    expect(html).not.toContain("<img src=x");
  });

  it("offer the new percent in the popup, and a changed service area", () => {
    publish((next) => {
      next.offer.percentOff = 15;
      next.area.berwyn.nearby = [...next.area.berwyn.nearby, "19087"].filter(
        (zip, index, all) => all.indexOf(zip) === index,
      );
      next.area["king-prussia"].nearby = [];
    });
    const popup = renderToStaticMarkup(<WelcomeDialog />);
    expect(popup).toContain("15% Off Your First Cleaning");
    expect(popup).toContain("/contact?offer=welcome-15#quote");
    const berwyn = serviceAreaZips.find((entry) => entry.town === "Berwyn");
    expect(berwyn?.nearby).toContain("19087");
  });

  it("answer a nearby ZIP the owner adds as itself, not as the town it is listed under", () => {
    publish((next) => {
      next.area["plymouth-meeting"].nearby.push("19403");
    });
    expect(zipAnswer("19403")).toMatchObject({
      kind: "in-area",
      text: "Yes, we clean in 19403: our Plymouth Meeting crew covers it.",
      path: "/plymouth-meeting",
    });
    expect(zipAnswer("19462")).toMatchObject({ text: "Yes, we clean in Plymouth Meeting!" });
  });

  it("offer the new percent on the form without JavaScript, and nothing once the offer is off", () => {
    publish((next) => {
      next.offer.percentOff = 15;
    });
    expect(renderToStaticMarkup(<PlainDetails />)).toContain('name="offer" value="welcome-15"/>');
    expect(renderToStaticMarkup(<PlainDetails />)).toContain(
      "Claim our welcome offer: 15% off your first cleaning.",
    );
    publish((next) => {
      next.offer.enabled = false;
    });
    expect(renderToStaticMarkup(<PlainDetails />)).not.toMatch(/welcome offer|name="offer"/i);
  });

  it("carry the live groups in the page's data block", () => {
    publish((next) => {
      next.prices.home.base = 99;
    });
    expect(JSON.parse(pageContentJson(liveContent().document)).prices.home.base).toBe(99);
  });
});
