import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../content/facts.ts";
import { describeQuoteDetails, estimateText, placeText } from "./describe.ts";
import type { EstimateInputs } from "./estimate.ts";

const priced = (inputs: EstimateInputs, recurring?: { low: number; high: number }) => ({
  low: 205,
  high: 270,
  ...(recurring ? { recurring } : {}),
  currency: "USD" as const,
  priceList: "2026-11-a",
  inputs,
});
const home = (frequency: "one-time" | "weekly" | "bi-weekly" | "monthly"): EstimateInputs => ({
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency,
  addOns: [],
});
const offer = { id: "welcome-20", percentOff: 20 };
const later = { low: 260, high: 330 };

describe("describeQuoteDetails", () => {
  it("says each detail in plain words", () => {
    const lines = describeQuoteDetails(
      {
        zip: "19406",
        inServiceArea: true,
        town: "King of Prussia",
        offer: { id: "welcome-20", percentOff: 20 },
        estimate: {
          low: 120,
          high: 155,
          recurring: { low: 150, high: 195 },
          currency: "USD",
          priceList: "2026-11-a",
          inputs: {
            kind: "home",
            bedrooms: 2,
            bathrooms: 1.5,
            squareFeet: 1100,
            condition: "extra",
            frequency: "bi-weekly",
            addOns: ["inside-oven"],
          },
        },
        preferredWindows: [
          { date: "2026-12-01", window: "morning" },
          { date: "2026-12-02", window: "evening" },
        ],
      },
      repositoryFacts(),
    );
    expect(lines).toEqual([
      { label: "ZIP", value: "19406, King of Prussia, in our service area" },
      {
        label: "Estimate",
        value: "First visit $120–$155 with the 20% welcome offer, then $150–$195 every two weeks",
      },
      {
        label: "Estimate for",
        value:
          "home, 2 bedrooms, 1.5 bathrooms, 1,100 sq ft; needs extra attention; bi-weekly; add-ons: Inside the oven",
      },
      { label: "Offer", value: "20% welcome offer, on the first cleaning" },
      { label: "Preferred times", value: "Tue Dec 1, morning; Wed Dec 2, evening" },
    ]);
  });

  it("says when a ZIP is outside the area, and nothing for absent details", () => {
    expect(
      describeQuoteDetails({ zip: "90210", inServiceArea: false, town: null }, repositoryFacts()),
    ).toEqual([{ label: "ZIP", value: "90210, outside our service area" }]);
    expect(describeQuoteDetails({}, repositoryFacts())).toEqual([]);
  });

  it("names a nearby ZIP as itself and the crew that covers it, never as the town", () => {
    const norristown = {
      zip: "19403",
      inServiceArea: true,
      town: "Plymouth Meeting",
      nearby: true as const,
    };
    expect(describeQuoteDetails(norristown, repositoryFacts())).toEqual([
      { label: "ZIP", value: "19403, in our service area, covered by our Plymouth Meeting crew" },
    ]);
    expect(placeText(norristown)).toBe("19403, near Plymouth Meeting");
    // A town's own ZIP, and a request stored before nearby ZIPs were told apart, read as before.
    const own = { zip: "19462", inServiceArea: true, town: "Plymouth Meeting" };
    expect(placeText(own)).toBe("Plymouth Meeting");
    expect(describeQuoteDetails(own, repositoryFacts())[0]?.value).toBe(
      "19462, Plymouth Meeting, in our service area",
    );
    expect(placeText({ zip: "90210", inServiceArea: false, town: null })).toBe(
      "90210 (outside the service area)",
    );
  });
});

describe("estimateText: both prices of a recurring schedule, in words for each frequency", () => {
  it.each([
    ["weekly", "every week"],
    ["bi-weekly", "every two weeks"],
    ["monthly", "every month"],
  ] as const)("%s with the offer", (frequency, words) => {
    expect(
      estimateText({ estimate: priced(home(frequency), later), offer }, repositoryFacts()),
    ).toBe(`First visit $205–$270 with the 20% welcome offer, then $260–$330 ${words}`);
  });

  it("businesses: the price a visit and the visits a week", () => {
    const business = (visitsPerWeek: number): EstimateInputs => ({
      kind: "business",
      squareFeet: 5000,
      visitsPerWeek,
      addOns: [],
    });
    expect(estimateText({ estimate: priced(business(3), later), offer }, repositoryFacts())).toBe(
      "First visit $205–$270 with the 20% welcome offer, then $260–$330 a visit, 3 visits a week",
    );
    expect(estimateText({ estimate: priced(business(1), later) }, repositoryFacts())).toBe(
      "$260–$330 a visit, once a week",
    );
  });

  it("one price when there is nothing to tell apart", () => {
    // No offer: every visit costs the same.
    expect(
      estimateText(
        { estimate: priced(home("monthly"), { low: 205, high: 270 }) },
        repositoryFacts(),
      ),
    ).toBe("$205–$270 every month");
    // One-time: there are no later visits.
    expect(estimateText({ estimate: priced(home("one-time")), offer }, repositoryFacts())).toBe(
      "$205–$270 for a one-time cleaning, with the 20% welcome offer",
    );
    expect(estimateText({ estimate: priced(home("one-time")) }, repositoryFacts())).toBe(
      "$205–$270 for a one-time cleaning",
    );
    expect(estimateText({}, repositoryFacts())).toBeNull();
  });

  it("reads an estimate stored before recurring prices as it was written then", () => {
    expect(estimateText({ estimate: priced(home("weekly")), offer }, repositoryFacts())).toBe(
      "$205–$270 a visit, 20% welcome offer applied",
    );
  });
});
