import { describe, expect, it } from "vitest";
import { clientAddress, isLoopbackAddress, untrustedLocalProxy } from "./client-address.ts";
import { rateLimitKey } from "./client-key.ts";

const forwarded = (value?: string) =>
  new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("client address", () => {
  it("is the connection's peer unless proxies are trusted", () => {
    expect(clientAddress(forwarded("1.2.3.4"), "10.0.0.1", 0)).toBe("10.0.0.1");
  });

  it("is the entry added by the outermost trusted proxy, so a forged prefix is ignored", () => {
    expect(clientAddress(forwarded("6.6.6.6, 203.0.113.9"), "10.0.0.1", 1)).toBe("203.0.113.9");
    expect(clientAddress(forwarded("6.6.6.6, 203.0.113.9, 10.0.0.2"), "10.0.0.1", 2)).toBe(
      "203.0.113.9",
    );
  });

  it("reads repeated headers as one list, in order", () => {
    const headers = new Headers();
    headers.append("x-forwarded-for", "6.6.6.6");
    headers.append("x-forwarded-for", "203.0.113.9");
    expect(clientAddress(headers, "10.0.0.1", 1)).toBe("203.0.113.9");
  });

  it("falls back to the peer when no header came", () => {
    expect(clientAddress(forwarded(), "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress(forwarded(" , "), "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("strips the port a proxy may append, so one visitor is one bucket whatever its source port", () => {
    const key = (entry: string) => rateLimitKey(clientAddress(forwarded(entry), "10.0.0.1", 1));
    expect(key("203.0.113.8:40001")).toBe("203.0.113.8");
    expect(key("203.0.113.8:40002")).toBe(key("203.0.113.8"));
    expect(key("[2001:db8:1:2::8]:40001")).toBe(key("2001:db8:1:2::8"));
    expect(key("[2001:db8:1:2::8]")).toBe("2001:db8:1:2::/64");
    expect(clientAddress(forwarded("2001:db8::1"), "10.0.0.1", 1)).toBe("2001:db8::1");
    expect(clientAddress(forwarded("6.6.6.6:1, 203.0.113.9:443"), "10.0.0.1", 1)).toBe(
      "203.0.113.9",
    );
  });
});

describe("a local proxy that is not trusted", () => {
  it("is a forwarded request from this machine while TRUST_PROXY is off", () => {
    expect(untrustedLocalProxy(forwarded("203.0.113.9"), "127.0.0.1", 0)).toBe(true);
    expect(untrustedLocalProxy(forwarded("203.0.113.9"), "::ffff:127.0.0.1", 0)).toBe(true);
    expect(untrustedLocalProxy(forwarded("203.0.113.9"), "::1", 0)).toBe(true);
    expect(untrustedLocalProxy(forwarded("203.0.113.9"), "127.0.0.1", 1)).toBe(false);
    expect(untrustedLocalProxy(forwarded("203.0.113.9"), "198.51.100.4", 0)).toBe(false);
    expect(untrustedLocalProxy(forwarded(), "127.0.0.1", 0)).toBe(false);
    expect(isLoopbackAddress("127.8.9.10")).toBe(true);
    expect(isLoopbackAddress("::ffff:10.0.0.1")).toBe(false);
  });
});
