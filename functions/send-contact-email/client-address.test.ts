import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.ts";

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
});
