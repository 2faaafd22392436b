/** The owner turned the welcome offer off (content/offer.json): no form may take it. */
import { describe, expect, it, vi } from "vitest";

vi.mock("../../content/offer.json", () => ({
  default: { enabled: false, percentOff: 25, terms: "New customers only." },
}));

const { currentOffers, offerById, welcomeOffer, welcomeOfferOn } = await import("./offers.ts");
const { quoteDetailFields } = await import("./quote-details.ts");

describe("the welcome offer, off", () => {
  it("is offered nowhere and refused by id", () => {
    expect(welcomeOfferOn).toBe(false);
    expect(currentOffers).toEqual([]);
    expect(offerById(welcomeOffer.id)).toBeUndefined();
    expect(quoteDetailFields().offer.safeParse(welcomeOffer.id).success).toBe(false);
  });

  it("carries its percent in its id and words, so an earlier link is not honoured", () => {
    expect(welcomeOffer.id).toBe("welcome-25");
    expect(welcomeOffer.appliedText).toBe("25% off your first cleaning applied");
    expect(offerById("welcome-20")).toBeUndefined();
  });
});
