import { describe, expect, it } from "vitest";
import { factsOf, repositoryFacts } from "./facts.ts";
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

describe("factsOf", () => {
  it("works the facts out of the document given, and touches nothing else", () => {
    const document = structuredClone(repositoryContent) as SiteContent;
    document.business.name = "Another Name";
    document.offer = { enabled: false, percentOff: 30, terms: "Once." };
    document.hours.week.saturday = { open: false };
    const given = structuredClone(document);
    const facts = factsOf(document);
    expect(facts.business.name).toBe("Another Name");
    expect(facts.offers).toMatchObject({ welcomeOfferOn: false, current: [] });
    expect(facts.offers.welcomeOffer.id).toBe("welcome-30");
    expect(facts.closedDays.closedReason("2026-12-05")).toBe("Saturday");
    expect(factsOf(repositoryContent as SiteContent).closedDays.closedReason("2026-12-05")).toBe(
      null,
    );
    // Neither the document given nor the repository's version is changed by working it out.
    expect(document).toEqual(given);
    expect(repositoryFacts().business.name).not.toBe("Another Name");
  });
});
