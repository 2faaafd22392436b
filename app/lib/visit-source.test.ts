import { describe, expect, it } from "vitest";
import { visitSourceFrom } from "../../shared/visit-source";
import { notedSourceKey } from "./noted-visit-source";
import { visitOf, visitSourceKey } from "./visit-source";

const page = (pathname: string, search = "") => ({
  pathname,
  search,
  hostname: "www.keystone-shine.example",
});

describe("noting where a visit came from, on its first page", () => {
  it("notes the landing page, the referring host only, and the campaign tags", () => {
    const visit = visitOf(
      page("/exton", "?utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=abc"),
      "https://www.google.com/search?q=cleaning+exton",
    );
    expect(visit).toEqual({
      landingPage: "/exton",
      referrer: "www.google.com",
      utm: { source: "google", medium: "cpc", campaign: "fall" },
    });
    expect(visitSourceFrom(visit)).toEqual(visit);
  });

  it("notes a visit with no referrer as direct", () => {
    expect(visitOf(page("/"), "")).toEqual({ landingPage: "/", referrer: null, utm: {} });
    expect(visitSourceFrom(visitOf(page("/"), ""))).toEqual({ landingPage: "/", referrer: null });
  });

  it("notes nothing when a page of the site itself linked here: the visit began elsewhere", () => {
    expect(visitOf(page("/contact"), "https://www.keystone-shine.example/exton")).toBeNull();
  });
});

it("is read by the quote form under the key it is noted with", () => {
  expect(notedSourceKey).toBe(visitSourceKey);
});
