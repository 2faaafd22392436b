import { describe, expect, it } from "vitest";
import { reviewHeaders } from "./security-review.ts";

const common = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), geolocation=(), microphone=(), payment=()",
};
const pageCsp =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe("security header review", () => {
  it("passes a page with hashed inline scripts and the usual headers", () => {
    expect(reviewHeaders("page", { ...common, "content-security-policy": pageCsp })).toEqual([]);
  });

  it("flags unsafe script sources, framing, sniffing and loose referrers", () => {
    const csp = pageCsp
      .replace("'sha256-abc='", "'unsafe-inline' https:")
      .replace("frame-ancestors 'none'", "frame-ancestors *");
    const problems = reviewHeaders("page", {
      ...common,
      "x-content-type-options": "",
      "referrer-policy": "unsafe-url",
      "content-security-policy": csp,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "X-Content-Type-Options is not nosniff",
        'Referrer-Policy "unsafe-url" is not strict',
        "CSP frame-ancestors is not 'none' or 'self'",
        "CSP script-src allows 'unsafe-inline'",
        "CSP script-src allows https:",
      ]),
    );
  });

  it("wants default-src 'none' off pages, and JSON with no-store from the function", () => {
    const locked = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
    const answer = {
      ...common,
      "content-security-policy": locked,
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    };
    expect(reviewHeaders("function", answer)).toEqual([]);
    expect(reviewHeaders("function", { ...answer, "cache-control": "" })).toEqual([
      "Cache-Control is not no-store",
    ]);
    expect(reviewHeaders("asset", { ...answer, "content-security-policy": pageCsp })).toContain(
      "CSP default-src is not 'none'",
    );
    expect(reviewHeaders("asset", common)).toContain("no Content-Security-Policy");
  });
});
