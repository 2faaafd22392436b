import { describe, expect, it } from "vitest";
import { createLinkSigner, generateLinkSecret } from "./link-token.ts";

const secret = "a-test-secret-of-enough-length";
const id = "6f1c2a9e-1111-4222-8333-944455556666";
const otherId = "0b7d1e2f-aaaa-4bbb-8ccc-dddddddddddd";
const now = new Date("2026-11-24T12:00:00Z");
const day = 86_400_000;

describe("owner link token", () => {
  it("verifies for its own request until it expires (30 days by default)", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(id, now);
    expect(await signer.verify(id, token, now)).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 30 * day - 1000))).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 30 * day))).toBe(false);
  });

  it("refuses a token made for another request (swapped)", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(otherId, now);
    expect(await signer.verify(id, token, now)).toBe(false);
  });

  it("refuses any altered character, in the expiry or the signature", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(id, now);
    for (let index = 0; index < token.length; index += 1) {
      const original = token[index] as string;
      const replacement = original === "A" ? "B" : original === "9" ? "8" : "A";
      const altered = `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
      expect(await signer.verify(id, altered, now), `changed at ${index}`).toBe(false);
    }
    // The last character's unused low bits: the same bytes spelled differently is still altered.
    const last = token.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const value = alphabet.indexOf(last);
    const sameBytes = alphabet[value ^ 1] as string;
    expect(await signer.verify(id, `${token.slice(0, -1)}${sameBytes}`, now)).toBe(false);
    // A later expiry with the old signature: the classic way to extend a link.
    const [expiry, signature] = token.split(".");
    expect(await signer.verify(id, `${Number(expiry) + 86_400}.${signature}`, now)).toBe(false);
  });

  it("refuses a token replayed after its expiry, also when it once worked", async () => {
    const signer = createLinkSigner(secret, { ttlMs: 60_000 });
    const token = await signer.sign(id, now);
    expect(await signer.verify(id, token, new Date(now.getTime() + 59_000))).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 61_000))).toBe(false);
    expect(await signer.verify(id, token, new Date(now.getTime() + 365 * day))).toBe(false);
  });

  it("refuses tokens signed with another secret, and malformed ones", async () => {
    const token = await createLinkSigner("another-secret-of-enough-length").sign(id, now);
    const signer = createLinkSigner(secret);
    expect(await signer.verify(id, token, now)).toBe(false);
    for (const bad of ["", ".", "123", "abc.def", `${token}.x`, `-1.${token.split(".")[1]}`]) {
      expect(await signer.verify(id, bad, now)).toBe(false);
    }
  });

  it("refuses short secrets and generates long random ones", () => {
    expect(() => createLinkSigner("short")).toThrow(/16 characters/);
    const one = generateLinkSecret();
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateLinkSecret()).not.toBe(one);
  });
});
