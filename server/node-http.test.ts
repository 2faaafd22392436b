import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, requestOrigin } from "./node-http.ts";

const request = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("client address", () => {
  it("is the socket's address unless proxies are trusted", () => {
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }, "10.0.0.1"), 0)).toBe(
      "10.0.0.1",
    );
  });

  it("is the entry added by the outermost trusted proxy, so a forged prefix is ignored", () => {
    const forged = request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, "10.0.0.1");
    expect(clientAddress(forged, 1)).toBe("203.0.113.9");
    const twoProxies = request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientAddress(twoProxies, 2)).toBe("203.0.113.9");
  });

  it("falls back to the socket when no header came", () => {
    expect(clientAddress(request({}, "10.0.0.1"), 1)).toBe("10.0.0.1");
  });
});

describe("request origin", () => {
  it("is built from Host, or from X-Forwarded-* behind a trusted proxy", () => {
    expect(requestOrigin(request({ host: "localhost:3000" }), 0)).toBe("http://localhost:3000");
    const proxied = request({
      host: "127.0.0.1:3000",
      "x-forwarded-host": "www.example.org",
      "x-forwarded-proto": "https",
    });
    expect(requestOrigin(proxied, 1)).toBe("https://www.example.org");
    expect(requestOrigin(proxied, 0)).toBe("http://127.0.0.1:3000");
  });

  it("ignores a Host header that is not a host", () => {
    expect(requestOrigin(request({ host: "evil.com/@x" }), 0)).toBe("http://localhost");
  });
});
