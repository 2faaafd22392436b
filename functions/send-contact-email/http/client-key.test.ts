import { describe, expect, it } from "vitest";
import { rateLimitKey } from "./client-key.ts";

describe("rateLimitKey", () => {
  it("keeps an IPv4 address as it is, also when a dual-stack socket maps it", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64 network, however they are written", () => {
    const key = rateLimitKey("2001:db8:85a3:12::1");
    expect(key).toBe("2001:db8:85a3:12::/64");
    expect(rateLimitKey("2001:0db8:85a3:0012:ffff:ffff:ffff:fffe")).toBe(key);
    expect(rateLimitKey("[2001:DB8:85A3:12:abcd::7]")).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:12::1%eth0")).toBe(key);
    expect(rateLimitKey("2001:db8:85a3:13::1")).not.toBe(key);
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps something unparsable as its own key instead of merging it with others", () => {
    expect(rateLimitKey("unknown")).toBe("unknown");
    expect(rateLimitKey("1:2:3")).toBe("1:2:3");
  });
});
