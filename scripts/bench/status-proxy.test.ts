import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxiedStatus, type StatusProxy, startStatusProxy } from "./status-proxy.ts";

describe("proxiedStatus", () => {
  it("turns 404 into 200 only for the chosen paths", () => {
    const paths = new Set(["/missing"]);
    expect(proxiedStatus(404, "/missing", paths)).toBe(200);
    expect(proxiedStatus(404, "/other", paths)).toBe(404);
    expect(proxiedStatus(500, "/missing", paths)).toBe(500);
  });
});

describe("startStatusProxy", () => {
  let upstream: http.Server;
  let proxy: StatusProxy;

  beforeAll(async () => {
    upstream = http.createServer((request, response) => {
      const known = request.url === "/page";
      response.writeHead(known ? 200 : 404, {
        "Content-Type": "text/html",
        "Content-Security-Policy": "default-src 'self'",
        "X-Seen-Host": request.headers.host ?? "",
      });
      response.end(known ? "page" : "not found page");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await startStatusProxy(`http://127.0.0.1:${port}`, ["/missing"]);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("serves the 404 page of the chosen path with 200 and the same body and headers", async () => {
    const response = await fetch(`${proxy.url}/missing`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("not found page");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(response.headers.get("x-seen-host")).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it("passes every other answer through unchanged", async () => {
    expect((await fetch(`${proxy.url}/page`)).status).toBe(200);
    expect((await fetch(`${proxy.url}/elsewhere`)).status).toBe(404);
  });
});
