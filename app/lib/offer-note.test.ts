import { describe, expect, it } from "vitest";
import { welcomeOffer } from "../../shared/quote/offers";
import { arrivingOffer } from "./offer-note";

describe("the welcome offer carried to the form", () => {
  it("comes from the link", () => {
    expect(arrivingOffer("?offer=welcome-20")).toEqual(welcomeOffer);
  });

  it("is nothing without it in the link", () => {
    expect(arrivingOffer("")).toBeNull();
    expect(arrivingOffer("?offer=")).toBeNull();
  });

  it("ignores an offer the site does not make", () => {
    expect(arrivingOffer("?offer=free-cleaning")).toBeNull();
  });
});
