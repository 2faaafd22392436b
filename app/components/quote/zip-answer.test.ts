import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts";
import { zipAnswer } from "./zip-answer";

const area = repositoryFacts().serviceArea;

describe("zipAnswer", () => {
  it("waits for five characters", () => {
    expect(zipAnswer("194", area)).toEqual({ kind: "none" });
  });
  it("asks for five digits when the visitor submits fewer", () => {
    expect(zipAnswer("194", area, true)).toEqual({
      kind: "invalid",
      text: "Please enter a 5-digit ZIP code.",
    });
  });
  it("accepts a ZIP+4 and a nearby ZIP the owner lists", () => {
    expect(zipAnswer("19380-1234", area)).toMatchObject({ kind: "in-area", town: "West Chester" });
    expect(zipAnswer("19087", area)).toMatchObject({ kind: "in-area", town: "King of Prussia" });
  });
  it("answers a nearby ZIP as itself, naming the town whose crew covers it", () => {
    // 19087 (Wayne) is one of King of Prussia's nearby ZIPs in content/area.json.
    expect(zipAnswer("19087", area)).toEqual({
      kind: "in-area",
      text: "Yes, we clean in 19087: our King of Prussia crew covers it.",
      town: "King of Prussia",
      path: "/king-prussia",
    });
  });
  it("names the town and links its page", () => {
    expect(zipAnswer("19341", area)).toEqual({
      kind: "in-area",
      text: "Yes, we clean in Exton!",
      town: "Exton",
      path: "/exton",
    });
  });
  it("is honest about a ZIP outside the area and still invites a request", () => {
    const answer = zipAnswer("90210", area);
    expect(answer.kind).toBe("outside");
    expect("text" in answer && answer.text).toMatch(
      /outside our service area today.*still send a request/,
    );
  });
  it("asks for five digits when the input is not a ZIP", () => {
    expect(zipAnswer("19a41", area)).toEqual({
      kind: "invalid",
      text: "Please enter a 5-digit ZIP code.",
    });
  });
});
