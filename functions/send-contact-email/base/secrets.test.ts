import { describe, expect, it } from "vitest";
import { bearerMatches, constantTimeEqual, purposeSecret, secretsEqual } from "./secrets.ts";

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

describe("keys per purpose", () => {
  it("are stable for a purpose, differ between purposes, and are not the secret", async () => {
    const secret = "one-secret-of-enough-length-for-everything";
    const counts = await purposeSecret(secret, "count-limit");
    expect(counts).toMatch(/^[0-9a-f]{64}$/);
    expect(await purposeSecret(secret, "count-limit")).toBe(counts);
    expect(await purposeSecret(secret, "link:calendar")).not.toBe(counts);
    expect(await purposeSecret(`${secret}x`, "count-limit")).not.toBe(counts);
    expect(counts).not.toContain(secret);
  });
});
