import { describe, expect, it } from "vitest";
import { siteCountsOn } from "./site-counts-setting.ts";

describe("SITE_COUNTS", () => {
  it("is off unless set to on", () => {
    expect(siteCountsOn(undefined)).toBe(false);
    expect(siteCountsOn("")).toBe(false);
    expect(siteCountsOn(" off ")).toBe(false);
    expect(siteCountsOn("on")).toBe(true);
    expect(siteCountsOn("ON")).toBe(true);
  });

  it("refuses a value it would have to guess at", () => {
    expect(() => siteCountsOn("yes")).toThrow(/SITE_COUNTS must be "on" or "off"/);
  });
});
