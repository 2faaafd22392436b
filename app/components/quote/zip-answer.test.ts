import { describe, expect, it } from "vitest";
import { zipAnswer } from "./zip-answer";

describe("zipAnswer", () => {
  it("waits for five characters", () => {
    expect(zipAnswer("194")).toEqual({ kind: "none" });
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
