import { describe, expect, it } from "vitest";
import { areas } from "../areas.ts";
import { repositoryFacts } from "../content/facts.ts";
import { decideZip, normalizeZip, storedZip } from "./service-area.ts";

const { serviceArea } = repositoryFacts();

describe("decideZip", () => {
  it.each([
    ["19462", "Plymouth Meeting"],
    ["19406", "King of Prussia"],
    ["19382", "West Chester"],
    ["19341", "Exton"],
    ["19312", "Berwyn"],
    ["19428", "Plymouth Meeting"], // nearby, listed by the owner
    [" 19301 ", "Berwyn"],
    ["19341-1234", "Exton"],
  ])("%s is in the area: %s", (zip, town) => {
    expect(decideZip(zip, serviceArea)).toMatchObject({ kind: "in-area", town });
  });

  it.each(["90210", "10001", "00000"])("%s is outside the area today", (zip) => {
    expect(decideZip(zip, serviceArea)).toEqual({ kind: "outside", zip });
  });

  it.each(["", "1946", "194620", "19a62", "19462-12", "ABCDE"])("%j is not a ZIP code", (zip) => {
    expect(decideZip(zip, serviceArea)).toEqual({ kind: "invalid" });
    expect(normalizeZip(zip)).toBeNull();
  });

  it("stores the decision the function makes", () => {
    expect(storedZip("19380", serviceArea)).toEqual({
      zip: "19380",
      inServiceArea: true,
      town: "West Chester",
    });
    expect(storedZip("90210", serviceArea)).toEqual({
      zip: "90210",
      inServiceArea: false,
      town: null,
    });
    expect(() => storedZip("nope", serviceArea)).toThrow(RangeError);
  });

  it("tells a nearby ZIP from the town's own, and stores it so", () => {
    // The owner's Service area form: 19403 (Norristown) among Plymouth Meeting's nearby ZIPs.
    const list = serviceArea.map((entry) =>
      entry.town === "Plymouth Meeting" ? { ...entry, nearby: [...entry.nearby, "19403"] } : entry,
    );
    expect(decideZip("19403", list)).toEqual({
      kind: "in-area",
      zip: "19403",
      town: "Plymouth Meeting",
      path: "/plymouth-meeting",
      nearby: true,
    });
    expect(decideZip("19462", list)).toMatchObject({ town: "Plymouth Meeting", nearby: false });
    expect(storedZip("19428", serviceArea)).toEqual({
      zip: "19428",
      inServiceArea: true,
      town: "Plymouth Meeting",
      nearby: true,
    });
  });
});

describe("the ZIP list agrees with the site's towns", () => {
  it("names exactly the five towns, with their pages' paths", () => {
    expect(serviceArea.map(({ town, path }) => ({ name: town, path }))).toEqual(
      areas.map(({ name, path }) => ({ name, path })),
    );
  });

  it("lists every ZIP once, five digits each", () => {
    const all = serviceArea.flatMap((entry) => [...entry.zips, ...entry.nearby]);
    expect(new Set(all).size).toBe(all.length);
    for (const zip of all) expect(zip).toMatch(/^\d{5}$/);
  });
});
