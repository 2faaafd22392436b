import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff.ts";

const policy = { baseMs: 1000, maxMs: 60_000 };

describe("retry delay", () => {
  it("doubles with each attempt, between half and all of the step", () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(3, policy, () => 1)).toBe(4000);
    expect(retryDelayMs(3, policy, () => 0)).toBe(2000);
  });

  it("never exceeds the cap, even after very many attempts", () => {
    expect(retryDelayMs(500, policy, () => 1)).toBe(60_000);
    expect(retryDelayMs(500, policy, () => 0)).toBe(30_000);
  });
});
