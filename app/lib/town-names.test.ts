import { describe, expect, it } from "vitest";
import { townName, townNames } from "./town-names";

describe("town names in a sentence", () => {
  it("lists the five towns in their order, the last after 'and'", () => {
    expect(townNames()).toBe("Plymouth Meeting, King of Prussia, West Chester, Exton and Berwyn");
  });

  it("lists the towns a sentence names, in its order and with its last joint", () => {
    expect(townNames(["plymouth-meeting", "king-prussia", "west-chester"], "&")).toBe(
      "Plymouth Meeting, King of Prussia & West Chester",
    );
    expect(townNames(["exton"])).toBe("Exton");
    expect(townNames([])).toBe("");
    expect(townName("king-prussia")).toBe("King of Prussia");
  });
});
