import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../content/facts.ts";
import {
  type BusinessInputs,
  type EstimateInputs,
  estimate,
  formatRange,
  type HomeInputs,
} from "./estimate.ts";
import { frequencies, type PriceList } from "./price-list.ts";

// The owner's price list and welcome offer: the repository's version.
const {
  priceList,
  offers: { welcomeOffer },
} = repositoryFacts();

const home = (overrides: Partial<HomeInputs> = {}): HomeInputs => ({
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency: "one-time",
  addOns: [],
  ...overrides,
});
const business = (overrides: Partial<BusinessInputs> = {}): BusinessInputs => ({
  kind: "business",
  squareFeet: 5000,
  visitsPerWeek: 1,
  addOns: [],
  ...overrides,
});

// A fixed list, so these figures test the arithmetic, not the owner's current prices.
const list: PriceList = {
  version: "test-1",
  currency: "USD",
  range: { low: 0.9, high: 1.1 },
  home: {
    base: 100,
    perBedroom: 10,
    perBathroom: 20,
    includedSquareFeet: 1000,
    perExtraSquareFoot: 0.1,
    extraConditionSurcharge: 0.5,
    frequencyDiscount: { "one-time": 0, monthly: 0.1, "bi-weekly": 0.2, weekly: 0.25 },
    minimum: 150,
  },
  business: {
    perSquareFoot: 0.1,
    minimum: 200,
    visitsPerWeekDiscount: [0, 0.1, 0.1, 0.2, 0.2, 0.2, 0.2],
  },
  addOns: [
    { id: "oven", label: "Oven", price: 30, for: ["home"] },
    { id: "windows", label: "Windows", price: 50, for: ["home", "business"] },
  ],
};

describe("estimate: figures from a fixed price list", () => {
  it.each<[string, EstimateInputs, number, number]>([
    // price = 100 + 3*10 + 2*20 + 800*0.1 = 250 → 225..275
    ["routine one-time home", home(), 225, 275],
    // 250 * 1.5 = 375 → 337.5..412.5 → 335..415
    ["extra condition", home({ condition: "extra" }), 335, 415],
    // 250 * 0.75 = 187.5 → 168.75..206.25 → 165..210
    ["weekly", home({ frequency: "weekly" }), 165, 210],
    // 250 + 30 + 50 = 330 → 297..363 → 295..365
    ["two add-ons", home({ addOns: ["oven", "windows"] }), 295, 365],
    // 100 + 0 + 20 = 120 < 150 minimum → 135..165
    [
      "small flat under the minimum",
      home({ bedrooms: 0, bathrooms: 1, squareFeet: 500 }),
      135,
      165,
    ],
    // half bathroom: 100 + 10 + 1.5*20 = 140 → minimum 150
    ["half bathroom", home({ bedrooms: 1, bathrooms: 1.5, squareFeet: 900 }), 135, 165],
    // 5000 * 0.1 = 500 → 450..550
    ["office once a week", business(), 450, 550],
    // 500 * 0.8 = 400 → 360..440
    ["office five times a week", business({ visitsPerWeek: 5 }), 360, 440],
    // 200 sq ft = 20 < 200 minimum → 180..220
    ["tiny office under the minimum", business({ squareFeet: 200 }), 180, 220],
  ])("%s", (_name, inputs, low, high) => {
    const result = estimate(inputs, null, list);
    expect([result.low, result.high]).toEqual([low, high]);
    expect(result.priceList).toBe("test-1");
    expect(result.currency).toBe("USD");
    expect(result.inputs).toEqual(inputs);
  });

  it("applies an offer to the whole range and names it in the line items", () => {
    // 250 * 0.8 = 200 → 180..220
    const result = estimate(home(), welcomeOffer, list);
    expect([result.low, result.high]).toEqual([180, 220]);
    expect(result.lineItems.at(-1)).toEqual({
      label: "Welcome offer (20% off the first visit)",
      amount: -50,
    });
  });

  it("line items add up to the price the range is made from", () => {
    for (const inputs of [
      home({ condition: "extra", frequency: "monthly", addOns: ["oven"] }),
      business({ visitsPerWeek: 3 }),
    ]) {
      const result = estimate(inputs, null, list);
      const total = result.lineItems.reduce((sum, item) => sum + item.amount, 0);
      expect(Math.abs(total * 0.9 - result.low)).toBeLessThan(5 + result.lineItems.length);
    }
  });

  it("refuses an add-on that is not on the list for that kind of property", () => {
    expect(() => estimate(business({ addOns: ["oven"] }), null, list)).toThrow(RangeError);
  });

  it("whole dollars, low never above high", () => {
    const result = estimate(home({ squareFeet: 1234, bathrooms: 2.5 }), null, priceList);
    expect(Number.isInteger(result.low) && Number.isInteger(result.high)).toBe(true);
    expect(result.low).toBeLessThanOrEqual(result.high);
  });

  it("formats a range as people read it", () => {
    expect(formatRange({ low: 1200, high: 1450 })).toBe("$1,200–$1,450");
  });
});

describe("estimate: recurring schedules have two prices (contact-api.md, Quote details)", () => {
  it("bi-weekly with the welcome offer: the first visit is discounted, later visits are not", () => {
    // 250 * 0.8 (bi-weekly) = 200 a visit → 180..220; the first visit 200 * 0.8 = 160 → 140..180
    const result = estimate(home({ frequency: "bi-weekly" }), welcomeOffer, list);
    expect([result.low, result.high]).toEqual([140, 180]);
    expect(result.recurring).toEqual({ low: 180, high: 220 });
    // The owner's price list: the example, a bi-weekly home with the offer.
    const owners = estimate(home({ frequency: "bi-weekly" }), welcomeOffer, priceList);
    const withoutOffer = estimate(home({ frequency: "bi-weekly" }), null, priceList);
    expect(owners.recurring).toEqual({ low: withoutOffer.low, high: withoutOffer.high });
    expect(owners.low).toBeLessThan(withoutOffer.low);
    expect(owners.high).toBeLessThan(withoutOffer.high);
  });

  it("every business estimate recurs; a one-time home cleaning has no later visits", () => {
    expect(estimate(business({ visitsPerWeek: 1 }), null, list).recurring).toEqual({
      low: 450,
      high: 550,
    });
    for (const offer of [null, welcomeOffer]) {
      expect(estimate(home({ frequency: "one-time" }), offer, list)).not.toHaveProperty(
        "recurring",
      );
    }
  });

  it("without an offer the first and later visits cost the same", () => {
    for (const inputs of [
      ...frequencies.map((frequency) => home({ frequency })),
      business({ visitsPerWeek: 3, addOns: ["windows"] }),
    ]) {
      const result = estimate(inputs, null, list);
      if (result.recurring)
        expect(result.recurring).toEqual({ low: result.low, high: result.high });
    }
  });

  it("the offer never touches the later visits' price", () => {
    for (const inputs of [home({ frequency: "weekly" }), business({ visitsPerWeek: 5 })]) {
      expect(estimate(inputs, welcomeOffer, list).recurring).toEqual(
        estimate(inputs, null, list).recurring,
      );
    }
  });
});

describe("estimate: what more never does (the owner's price list included)", () => {
  const lists = [list, priceList];
  // Both prices obey every rule below: the first visit without and with the offer, and a later
  // visit (a one-time cleaning's stands at its price without the offer).
  const prices = (inputs: EstimateInputs, l: PriceList) => {
    const [plain, offered] = [estimate(inputs, null, l), estimate(inputs, welcomeOffer, l)];
    return [plain, offered, offered.recurring ?? plain];
  };
  const atLeast = (a: EstimateInputs, b: EstimateInputs, l: PriceList) => {
    const [xs, ys] = [prices(a, l), prices(b, l)];
    xs.forEach((x, index) => {
      const y = ys[index] as (typeof ys)[number];
      expect(y.low).toBeGreaterThanOrEqual(x.low);
      expect(y.high).toBeGreaterThanOrEqual(x.high);
    });
  };

  it.each(lists)(
    "more rooms, square feet, extra condition or an add-on never lower a home's price (%#)",
    (l) => {
      for (let bedrooms = 0; bedrooms < 10; bedrooms++)
        atLeast(home({ bedrooms }), home({ bedrooms: bedrooms + 1 }), l);
      for (let bathrooms = 1; bathrooms < 10; bathrooms += 0.5)
        atLeast(home({ bathrooms }), home({ bathrooms: bathrooms + 0.5 }), l);
      for (let squareFeet = 200; squareFeet < 20_000; squareFeet += 450)
        atLeast(home({ squareFeet }), home({ squareFeet: squareFeet + 450 }), l);
      for (const frequency of frequencies)
        atLeast(home({ frequency }), home({ frequency, condition: "extra" }), l);
      for (const addOn of l.addOns.filter((a) => a.for.includes("home")))
        atLeast(home(), home({ addOns: [addOn.id] }), l);
    },
  );

  it.each(lists)("more square feet or an add-on never lower a business's price (%#)", (l) => {
    for (let squareFeet = 200; squareFeet < 200_000; squareFeet += 4_900)
      atLeast(business({ squareFeet }), business({ squareFeet: squareFeet + 4_900 }), l);
    for (const addOn of l.addOns.filter((a) => a.for.includes("business")))
      atLeast(business(), business({ addOns: [addOn.id] }), l);
  });

  it.each(lists)("a more frequent schedule never raises the price of one visit (%#)", (l) => {
    const leastToMostFrequent = ["one-time", "monthly", "bi-weekly", "weekly"] as const;
    for (let i = 1; i < leastToMostFrequent.length; i++)
      atLeast(
        home({ frequency: leastToMostFrequent[i] }),
        home({ frequency: leastToMostFrequent[i - 1] }),
        l,
      );
    for (let visits = 1; visits < 7; visits++)
      atLeast(business({ visitsPerWeek: visits + 1 }), business({ visitsPerWeek: visits }), l);
  });
});

describe("the owner's price list", () => {
  it("has a version, unique add-on ids, and every add-on for at least one kind", () => {
    expect(priceList.version).toMatch(/\S/);
    const ids = priceList.addOns.map((addOn) => addOn.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const addOn of priceList.addOns) expect(addOn.for.length).toBeGreaterThan(0);
    expect(priceList.business.visitsPerWeekDiscount).toHaveLength(7);
    expect(priceList.range.low).toBeLessThanOrEqual(1);
    expect(priceList.range.high).toBeGreaterThanOrEqual(1);
  });
});
