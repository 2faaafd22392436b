import { describe, expect, it } from "vitest";
import { factsOf } from "./facts.ts";
import { liveContent } from "./live-content.ts";
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

describe("factsOf", () => {
  it("works the facts out of the document given, and touches nothing else", () => {
    const before = liveContent();
    const document = structuredClone(repositoryContent) as SiteContent;
    document.business.name = "Another Name";
    document.offer = { enabled: false, percentOff: 30, terms: "Once." };
    document.hours.week.saturday = { open: false };
    const facts = factsOf(document);
    expect(facts.business.name).toBe("Another Name");
    expect(facts.offers).toMatchObject({ welcomeOfferOn: false, current: [] });
    expect(facts.offers.welcomeOffer.id).toBe("welcome-30");
    expect(facts.closedDays.closedReason("2026-12-05")).toBe("Saturday");
    expect(factsOf(repositoryContent as SiteContent).closedDays.closedReason("2026-12-05")).toBe(
      null,
    );
    expect(liveContent()).toEqual(before);
  });
});
