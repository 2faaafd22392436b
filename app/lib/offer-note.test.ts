import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../shared/content/facts";
import { arrivingOffer } from "./offer-note";

const { offers } = repositoryFacts();
const { welcomeOffer } = offers;

describe("the welcome offer carried to the form", () => {
  it("comes from the link", () => {
    expect(arrivingOffer("?offer=welcome-20", offers.current)).toEqual(welcomeOffer);
  });

  it("is nothing without it in the link", () => {
    expect(arrivingOffer("", offers.current)).toBeNull();
    expect(arrivingOffer("?offer=", offers.current)).toBeNull();
  });

  it("ignores an offer the site does not make", () => {
    expect(arrivingOffer("?offer=free-cleaning", offers.current)).toBeNull();
  });
});
