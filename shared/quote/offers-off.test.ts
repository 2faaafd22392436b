/** The owner turned the welcome offer off (a published version): no form may take it. */
import { describe, expect, it } from "vitest";
import { factsOf } from "../content/facts.ts";
import { repositoryContent } from "../content/repository-content.ts";
import type { SiteContent } from "../content/site-content.ts";
import { offerById } from "./offers.ts";
import { quoteDetailFields } from "./quote-details.ts";

const document = structuredClone(repositoryContent) as SiteContent;
document.offer = { enabled: false, percentOff: 25, terms: "New customers only." };
const facts = factsOf(document);
const { welcomeOffer, welcomeOfferOn, current } = facts.offers;

describe("the welcome offer, off", () => {
  it("is offered nowhere and refused by id", () => {
    expect(welcomeOfferOn).toBe(false);
    expect(current).toEqual([]);
    expect(offerById(welcomeOffer.id, current)).toBeUndefined();
    expect(quoteDetailFields(facts).offer.safeParse(welcomeOffer.id).success).toBe(false);
  });

  it("carries its percent in its id and words, so an earlier link is not honoured", () => {
    expect(welcomeOffer.id).toBe("welcome-25");
    expect(welcomeOffer.appliedText).toBe("25% off your first cleaning applied");
    expect(offerById("welcome-20", current)).toBeUndefined();
  });
});
