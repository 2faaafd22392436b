import { describe, expect, it } from "vitest";
import { z } from "zod";
import { repositoryFacts } from "../content/facts.ts";
import { estimate } from "./estimate.ts";
import { quoteDetailFields, resolveQuoteDetails } from "./quote-details.ts";

z.config({ jitless: true });
const now = new Date("2026-11-24T15:00:00Z");
const facts = repositoryFacts();
const { priceList } = facts;
const { welcomeOffer } = facts.offers;
const schema = z.object(quoteDetailFields(facts, () => now)).strict();
const fieldOf = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? null
    : [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
};

const homeInputs = {
  kind: "home",
  bedrooms: 3,
  bathrooms: 2.5,
  squareFeet: 1800,
  condition: "routine",
  frequency: "bi-weekly",
  addOns: ["inside-oven"],
} as const;

describe("quote details: validation", () => {
  it("every detail is optional", () => {
    expect(fieldOf({})).toBeNull();
  });

  it("accepts a full set", () => {
    expect(
      fieldOf({
        zip: "19462",
        estimate: homeInputs,
        offer: "welcome-20",
        preferredWindows: [{ date: "2026-11-25", window: "morning" }],
      }),
    ).toBeNull();
  });

  it.each([
    ["zip", { zip: "1946" }],
    ["zip", { zip: 19462 }],
    ["estimate", { estimate: { ...homeInputs, bedrooms: 11 } }],
    ["estimate", { estimate: { ...homeInputs, bathrooms: 1.25 } }],
    ["estimate", { estimate: { ...homeInputs, squareFeet: 199 } }],
    ["estimate", { estimate: { ...homeInputs, squareFeet: 1800.5 } }],
    ["estimate", { estimate: { ...homeInputs, condition: "filthy" } }],
    ["estimate", { estimate: { ...homeInputs, frequency: "daily" } }],
    ["estimate", { estimate: { ...homeInputs, addOns: ["inside-oven", "inside-oven"] } }],
    ["estimate", { estimate: { ...homeInputs, addOns: ["restrooms-deep"] } }],
    [
      "estimate",
      { estimate: { kind: "business", squareFeet: 200_001, visitsPerWeek: 1, addOns: [] } },
    ],
    [
      "estimate",
      { estimate: { kind: "business", squareFeet: 5000, visitsPerWeek: 8, addOns: [] } },
    ],
    ["estimate", { estimate: { kind: "boat", squareFeet: 5000 } }],
    ["estimate", { estimate: "cheap please" }],
    ["offer", { offer: "welcome-50" }],
    ["offer", { offer: "" }],
    ["preferredWindows", { preferredWindows: [{ date: "2026-11-29", window: "morning" }] }],
    // Thanksgiving: the function refuses the closed days the form leaves out (closed-days.ts).
    ["preferredWindows", { preferredWindows: [{ date: "2026-11-26", window: "morning" }] }],
    [
      "preferredWindows",
      { preferredWindows: [{ date: "2026-11-25", window: "morning", note: "x" }] },
    ],
    ["preferredWindows", { preferredWindows: "tomorrow" }],
  ])("a bad %s is refused, naming that field", (field, input) => {
    expect(fieldOf(input)).toEqual([field]);
  });
});

describe("quote details: what the function stores", () => {
  it("recomputes the estimate and ignores the browser's figures", () => {
    const parsed = schema.parse({ estimate: { ...homeInputs, low: 1, high: 2, price: 3 } });
    const stored = resolveQuoteDetails(parsed, facts);
    const expected = estimate(homeInputs, null, priceList);
    expect(stored.estimate).toEqual({
      low: expected.low,
      high: expected.high,
      recurring: { low: expected.low, high: expected.high },
      currency: "USD",
      priceList: expected.priceList,
      inputs: homeInputs,
    });
  });

  it("stores the offer, the discounted first visit and the undiscounted later visits", () => {
    const stored = resolveQuoteDetails(
      schema.parse({ estimate: homeInputs, offer: "welcome-20" }),
      facts,
    );
    expect(stored.offer).toEqual({ id: "welcome-20", percentOff: 20 });
    expect(stored.estimate?.low).toBe(estimate(homeInputs, welcomeOffer, priceList).low);
    expect(stored.estimate?.low).toBeLessThan(estimate(homeInputs, null, priceList).low);
    const { low, high } = estimate(homeInputs, null, priceList);
    expect(stored.estimate?.recurring).toEqual({ low, high });
  });

  it("stores no later visits for a one-time cleaning", () => {
    const oneTime = { ...homeInputs, frequency: "one-time" as const };
    const stored = resolveQuoteDetails(
      schema.parse({ estimate: oneTime, offer: "welcome-20" }),
      facts,
    );
    expect(stored.estimate).not.toHaveProperty("recurring");
    expect(stored.estimate).not.toHaveProperty("lineItems");
  });

  it("decides the area and town from the ZIP", () => {
    expect(resolveQuoteDetails(schema.parse({ zip: "19406" }), facts)).toEqual({
      zip: "19406",
      inServiceArea: true,
      town: "King of Prussia",
    });
    expect(resolveQuoteDetails(schema.parse({ zip: "90210" }), facts)).toEqual({
      zip: "90210",
      inServiceArea: false,
      town: null,
    });
  });

  it("keeps the windows as sent and leaves absent details absent", () => {
    const windows = [{ date: "2026-12-01", window: "morning" as const }];
    expect(resolveQuoteDetails(schema.parse({ preferredWindows: windows }), facts)).toEqual({
      preferredWindows: windows,
    });
    expect(resolveQuoteDetails({}, facts)).toEqual({});
  });
});
