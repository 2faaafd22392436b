import { describe, expect, it } from "vitest";
import { reviewsShowing, showingText } from "./carousel";

describe("which reviews the carousel shows, in words", () => {
  it("one, two or three at a time, wrapping round the loop", () => {
    expect(reviewsShowing(0, 1, 5)).toEqual([0]);
    expect(reviewsShowing(1, 3, 5)).toEqual([1, 2, 3]);
    expect(reviewsShowing(4, 3, 5)).toEqual([4, 0, 1]);
    expect(reviewsShowing(0, 7, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it("says it as a person would", () => {
    expect(showingText([0], 5)).toBe("Review 1 of 5");
    expect(showingText([1, 2], 5)).toBe("Reviews 2–3 of 5");
    expect(showingText([1, 2, 3], 5)).toBe("Reviews 2–4 of 5");
    expect(showingText([4, 0, 1], 5)).toBe("Reviews 5, 1 and 2 of 5");
  });
});
