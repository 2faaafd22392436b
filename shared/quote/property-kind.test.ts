import { describe, expect, it } from "vitest";
import { serviceOptions } from "../contact-fields.ts";
import { propertyKindFor } from "./property-kind.ts";

describe("propertyKindFor", () => {
  it("a home estimate for residential cleaning and before any choice", () => {
    expect(propertyKindFor("residential")).toBe("home");
    expect(propertyKindFor("")).toBe("home");
  });

  it("a business estimate for the services only businesses buy, a home one for the rest", () => {
    const kinds = Object.fromEntries(
      serviceOptions.map(({ value }) => [value, propertyKindFor(value)]),
    );
    expect(kinds).toEqual({
      residential: "home",
      janitorial: "business",
      commercial: "business",
      office: "business",
      "post-construction": "home",
      carpet: "home",
      "floor-wax": "home",
      other: "home",
    });
  });
});
