import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

describe("rate limiter", () => {
  it("allows the configured number per window, then refuses with the seconds left", () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 });
    expect([1, 2, 3].map(() => limiter.consume("a", 1000).allowed)).toEqual([true, true, true]);
    expect(limiter.consume("a", 31_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it("counts each client separately", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 });
    expect(limiter.consume("a", 0).allowed).toBe(true);
    expect(limiter.consume("a", 0).allowed).toBe(false);
    expect(limiter.consume("b", 0).allowed).toBe(true);
  });

  it("starts a fresh window when the old one has ended", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 });
    limiter.consume("a", 0);
    expect(limiter.consume("a", 59_999).allowed).toBe(false);
    expect(limiter.consume("a", 60_000).allowed).toBe(true);
  });

  it("never tracks more clients than its bound, however many addresses arrive", () => {
    const limiter = createRateLimiter({ max: 5, windowMs: 60_000, maxClients: 100 });
    for (let index = 0; index < 10_000; index += 1) limiter.consume(`10.0.${index}`, index);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it("rounds Retry-After up to at least one second", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 1500 });
    limiter.consume("a", 0);
    expect(limiter.consume("a", 1400)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
