/** The owner turned the welcome offer off (a published version): no form may take it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factsOf } from "../content/facts.ts";
import { liveContent, switchContent } from "../content/live-content.ts";
import { repositoryContent } from "../content/repository-content.ts";
import type { SiteContent } from "../content/site-content.ts";
import { currentOffers, offerById, welcomeOffer, welcomeOfferOn } from "./offers.ts";
import { quoteDetailFields } from "./quote-details.ts";

beforeAll(() => {
  const document = structuredClone(repositoryContent) as SiteContent;
  document.offer = { enabled: false, percentOff: 25, terms: "New customers only." };
  switchContent(document, 2);
});
afterAll(() => switchContent(repositoryContent as SiteContent, null));

describe("the welcome offer, off", () => {
  it("is offered nowhere and refused by id", () => {
    expect(welcomeOfferOn).toBe(false);
    expect(currentOffers).toEqual([]);
    expect(offerById(welcomeOffer.id)).toBeUndefined();
    expect(
      quoteDetailFields(factsOf(liveContent().document)).offer.safeParse(welcomeOffer.id).success,
    ).toBe(false);
  });

  it("carries its percent in its id and words, so an earlier link is not honoured", () => {
    expect(welcomeOffer.id).toBe("welcome-25");
    expect(welcomeOffer.appliedText).toBe("25% off your first cleaning applied");
    expect(offerById("welcome-20")).toBeUndefined();
  });
});
