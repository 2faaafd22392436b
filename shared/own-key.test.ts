import { describe, expect, it } from "vitest";
import { repositoryFacts } from "./content/facts.ts";
import { addTo, emptyTally, isOwnKey, ownValue } from "./own-key.ts";
import { describeQuoteDetails } from "./quote/describe.ts";
import { cadenceText } from "./quote/schedule.ts";

const prototypeWords = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

describe("lookups keyed by outside words", () => {
  const table: Record<string, string> = { morning: "Morning" };

  it("answer a table's own entries, nothing its prototype lends", () => {
    expect(ownValue(table, "morning")).toBe("Morning");
    for (const word of prototypeWords) {
      expect(ownValue(table, word), word).toBeUndefined();
      expect(isOwnKey(table, word), word).toBe(false);
    }
    expect(ownValue(table, null)).toBeUndefined();
    expect(ownValue(table, 3)).toBeUndefined();
  });

  it("count every word, the prototype's names too", () => {
    const tally = emptyTally();
    for (const word of [...prototypeWords, ...prototypeWords, "Google"]) addTo(tally, word);
    expect(Object.keys(tally).sort()).toEqual([...prototypeWords, "Google"].sort());
    for (const word of prototypeWords)
      expect(Object.getOwnPropertyDescriptor(tally, word)?.value).toBe(2);
    // JSON keeps it as a name: a script parsing --stats --json reads it as an own property.
    const parsed = JSON.parse(JSON.stringify(tally));
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toBe(2);
  });

  it("read a stored estimate whose frequency is such a word without a function's text", () => {
    for (const word of prototypeWords) {
      const inputs = {
        kind: "home" as const,
        bedrooms: 2,
        bathrooms: 1,
        squareFeet: 900,
        condition: "routine" as const,
        frequency: word as "weekly",
        addOns: [],
      };
      expect(cadenceText(inputs), word).toBeNull();
      const lines = describeQuoteDetails(
        {
          estimate: { low: 100, high: 120, currency: "USD", priceList: "2026-11", inputs },
        },
        repositoryFacts(),
      );
      expect(JSON.stringify(lines), word).not.toMatch(/function \w*\(|native code|\[object /);
    }
  });
});
