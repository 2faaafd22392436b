import { describe, expect, it } from "vitest";
import { zipAnswer } from "./zip-answer";

describe("zipAnswer", () => {
  it("waits for five characters", () => {
    expect(zipAnswer("194")).toEqual({ kind: "none" });
  });
  it("asks for five digits when the visitor submits fewer", () => {
    expect(zipAnswer("194", true)).toEqual({
      kind: "invalid",
      text: "Please enter a 5-digit ZIP code.",
    });
  });
  it("accepts a ZIP+4 and a nearby ZIP the owner lists", () => {
    expect(zipAnswer("19380-1234")).toMatchObject({ kind: "in-area", town: "West Chester" });
    expect(zipAnswer("19087")).toMatchObject({ kind: "in-area", town: "King of Prussia" });
  });
  it("answers a nearby ZIP as itself, naming the town whose crew covers it", () => {
    // 19087 (Wayne) is one of King of Prussia's nearby ZIPs in content/area.json.
    expect(zipAnswer("19087")).toEqual({
      kind: "in-area",
      text: "Yes, we clean in 19087: our King of Prussia crew covers it.",
      town: "King of Prussia",
      path: "/king-prussia",
    });
  });
  it("names the town and links its page", () => {
    expect(zipAnswer("19341")).toEqual({
      kind: "in-area",
      text: "Yes, we clean in Exton!",
      town: "Exton",
      path: "/exton",
    });
  });
  it("is honest about a ZIP outside the area and still invites a request", () => {
    const answer = zipAnswer("90210");
    expect(answer.kind).toBe("outside");
    expect("text" in answer && answer.text).toMatch(
      /outside our service area today.*still send a request/,
    );
  });
  it("asks for five digits when the input is not a ZIP", () => {
    expect(zipAnswer("19a41")).toEqual({
      kind: "invalid",
      text: "Please enter a 5-digit ZIP code.",
    });
  });
});
