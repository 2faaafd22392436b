import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./node-http.ts";

const request = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

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
