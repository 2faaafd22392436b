import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { viewedPage } from "./page-views.ts";
import type { Served } from "./static-handler.ts";

const html = {
  headers: { "Content-Type": "text/html; charset=utf-8" },
} as unknown as Served["file"];
const script = {
  headers: { "Content-Type": "text/javascript; charset=utf-8" },
} as unknown as Served["file"];
const browser =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140 Mobile Safari/537.36";

function request(url: string, extra: Partial<IncomingMessage> = {}, headers = {}) {
  return {
    method: "GET",
    url,
    headers: { "user-agent": browser, ...headers },
    ...extra,
  } as IncomingMessage;
}

describe("what the server counts as a page view (SITE_COUNTS=on)", () => {
  it("a GET answered with a page of the site, fresh or revalidated", () => {
    expect(viewedPage(request("/exton?utm_source=google"), { file: html, status: 200 })).toBe(
      "/exton",
    );
    expect(viewedPage(request("/"), { file: html, status: 304 })).toBe("/");
  });

  it("not HEAD, not the 404 page, not a script, not a refusal or redirect", () => {
    expect(viewedPage(request("/", { method: "HEAD" }), { file: html, status: 200 })).toBeNull();
    expect(viewedPage(request("/nowhere"), { file: html, status: 404 })).toBeNull();
    expect(viewedPage(request("/assets/a.js"), { file: script, status: 200 })).toBeNull();
    expect(viewedPage(request("/about/"), null)).toBeNull();
  });

  it("not a prefetch the visitor may never see, nor a robot", () => {
    const served = { file: html, status: 200 } as const;
    expect(viewedPage(request("/", {}, { "sec-purpose": "prefetch" }), served)).toBeNull();
    expect(viewedPage(request("/", {}, { purpose: "prefetch" }), served)).toBeNull();
    expect(
      viewedPage(
        request("/", {}, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }),
        served,
      ),
    ).toBeNull();
  });
});
