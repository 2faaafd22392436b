import { describe, expect, it } from "vitest";
import { bearerToken, secretsEqual } from "./secret-compare.ts";

describe("secretsEqual", () => {
  it("accepts the same secret only", async () => {
    expect(await secretsEqual("drain-secret", "drain-secret")).toBe(true);
    expect(await secretsEqual("drain-secreT", "drain-secret")).toBe(false);
    expect(await secretsEqual("drain-secret-and-more", "drain-secret")).toBe(false);
    expect(await secretsEqual("", "drain-secret")).toBe(false);
  });

  it("never accepts an empty expected secret", async () => {
    expect(await secretsEqual("", "")).toBe(false);
  });
});

describe("bearerToken", () => {
  it("reads the token of a Bearer header, and nothing else", () => {
    expect(bearerToken("Bearer abc.def")).toBe("abc.def");
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBe("");
    expect(bearerToken(null)).toBe("");
  });
});
