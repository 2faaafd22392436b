import { describe, expect, it } from "vitest";
import { bearerMatches, constantTimeEqual, secretsEqual } from "./secrets.ts";

describe("secret comparison", () => {
  it("compares byte strings of any length", () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(constantTimeEqual(bytes(1, 2), bytes(1, 2, 0))).toBe(false);
  });

  it("matches only the same secret, whatever the lengths", async () => {
    expect(await secretsEqual("s3cret-value", "s3cret-value")).toBe(true);
    expect(await secretsEqual("s3cret-valuX", "s3cret-value")).toBe(false);
    expect(await secretsEqual("s3cret", "s3cret-value")).toBe(false);
    expect(await secretsEqual("", "s3cret-value")).toBe(false);
  });

  it("reads a Bearer header", async () => {
    expect(await bearerMatches("Bearer abc", "abc")).toBe(true);
    expect(await bearerMatches("bearer  abc ", "abc")).toBe(true);
    expect(await bearerMatches("Basic abc", "abc")).toBe(false);
    expect(await bearerMatches(null, "abc")).toBe(false);
  });
});
