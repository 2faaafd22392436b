import { describe, expect, it } from "vitest";
import { serviceOptions } from "./contact-fields.ts";
import { serviceCatalog } from "./service-catalog.ts";

describe("service names: one label per service", () => {
  it("each service page is named by its service's label in the quote form", () => {
    expect(serviceCatalog.map((entry) => [entry.path, entry.name])).toEqual([
      ["/residential-cleaning", "Residential Cleaning"],
      ["/commercial-cleaning", "Commercial Cleaning"],
      ["/janitorial-services", "Janitorial Cleaning"],
      ["/carpet-cleaning", "Carpet Cleaning"],
      ["/post-construction", "Post-Construction Cleaning"],
      ["/floor-strip-wax", "Floor Strip & Wax"],
    ]);
    for (const entry of serviceCatalog) {
      expect(serviceOptions.find((option) => option.value === entry.service)?.label).toBe(
        entry.name,
      );
    }
  });
});
