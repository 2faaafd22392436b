import { describe, expect, it } from "vitest";
import { describeQuoteDetails } from "./describe.ts";

describe("describeQuoteDetails", () => {
  it("says each detail in plain words", () => {
    const lines = describeQuoteDetails({
      zip: "19406",
      inServiceArea: true,
      town: "King of Prussia",
      offer: { id: "welcome-20", percentOff: 20 },
      estimate: {
        low: 120,
        high: 155,
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
    });
    expect(lines).toEqual([
      { label: "ZIP", value: "19406 (in area: King of Prussia)" },
      {
        label: "Estimate",
        value: "$120–$155 a visit, 20% welcome offer applied",
      },
      {
        label: "Estimate for",
        value:
          "home, 2 bedrooms, 1.5 bathrooms, 1100 sq ft; needs extra attention; bi-weekly; add-ons: Inside the oven (price list 2026-11-a)",
      },
      { label: "Offer", value: "20% off the first cleaning claimed (welcome-20)" },
      { label: "Preferred times", value: "Tue Dec 1, morning; Wed Dec 2, evening" },
    ]);
  });

  it("says when a ZIP is outside the area, and nothing for absent details", () => {
    expect(describeQuoteDetails({ zip: "90210", inServiceArea: false, town: null })).toEqual([
      { label: "ZIP", value: "90210 (outside the service area)" },
    ]);
    expect(describeQuoteDetails({})).toEqual([]);
  });
});
