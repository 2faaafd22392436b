import { describe, expect, it } from "vitest";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import { createRateLimiter } from "../http/rate-limiter.ts";
import { countLimitKey, handleCount } from "./count-routes.ts";

const site = "https://www.example.org";
const url = "https://fn.example/functions/v1/send-contact-email/count";
// 04:30 UTC on Nov 24 is still Nov 23 in New York: the business's day is counted.
const now = () => new Date("2026-11-24T04:30:00Z");

function beacon(body: string, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    headers: {
      origin: site,
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      ...headers,
    },
    body,
  });
}

function deps(store = testStore(), max = 100) {
  return {
    store,
    allowedOrigins: [site],
    rateLimiter: createRateLimiter({ max, windowMs: 60_000 }),
    clientAddress: "203.0.113.7",
    hashKey: "a-server-secret-of-some-length",
    timeZone: "America/New_York",
    now,
  };
}

describe("the count route", () => {
  it("adds a known event of a page of the site to the business's day, and answers 204", async () => {
    const store = testStore();
    for (const body of [
      "e=view&p=/exton",
      "e=view&p=/exton",
      "e=call&p=/exton",
      "e=form-start&p=/contact",
    ]) {
      const response = await handleCount(beacon(body), deps(store));
      expect(response.status, body).toBe(204);
    }
    expect(await store.countsBetween("2026-11-23", "2026-11-23")).toEqual([
      { day: "2026-11-23", path: "/contact", event: "form-start", count: 1 },
      { day: "2026-11-23", path: "/exton", event: "call", count: 1 },
      { day: "2026-11-23", path: "/exton", event: "view", count: 2 },
    ]);
  });

  it("refuses events and pages the site does not count, and counts nothing for them", async () => {
    const store = testStore();
    for (const body of [
      "e=click&p=/exton",
      "e=view&p=/wp-admin",
      "e=view&p=/exton?utm_source=x",
      "e=view",
      "p=/exton",
      `e=view&p=${"/a".repeat(300)}`,
    ]) {
      const response = await handleCount(beacon(body), deps(store));
      expect([400, 413], body).toContain(response.status);
    }
    expect(await store.countsBetween("2000-01-01", "2100-01-01")).toEqual([]);
  });

  it("takes beacons from the site's pages only, as a form, by POST", async () => {
    const store = testStore();
    expect(
      (await handleCount(beacon("e=view&p=/", { origin: "https://evil.example" }), deps(store)))
        .status,
    ).toBe(403);
    const noOrigin = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "e=view&p=/",
    });
    expect((await handleCount(noOrigin, deps(store))).status).toBe(403);
    expect(
      (
        await handleCount(
          beacon('{"e":"view"}', { "content-type": "application/json" }),
          deps(store),
        )
      ).status,
    ).toBe(415);
    expect((await handleCount(new Request(url), deps(store))).status).toBe(405);
    expect(await store.countsBetween("2000-01-01", "2100-01-01")).toEqual([]);
  });

  it("rate-limits each address, then counts nothing more from it", async () => {
    const store = testStore();
    const limited = deps(store, 3);
    const statuses = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push((await handleCount(beacon("e=view&p=/"), limited)).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const other = { ...limited, clientAddress: "198.51.100.9" };
    expect((await handleCount(beacon("e=view&p=/"), other)).status).toBe(204);
    expect(await store.countsBetween("2026-11-23", "2026-11-23")).toEqual([
      { day: "2026-11-23", path: "/", event: "view", count: 4 },
    ]);
  });

  it("limits by a keyed hash of the address, never the address itself", async () => {
    const key = await countLimitKey("203.0.113.7", "a-server-secret-of-some-length");
    expect(key).toMatch(/^count:[0-9a-f]{32}$/);
    expect(key).not.toContain("203.0.113.7");
    expect(await countLimitKey("203.0.113.7", "another-secret-entirely")).not.toBe(key);
    // An IPv6 client counts per /64, as for quote requests.
    expect(await countLimitKey("2001:db8:1:2::1", "k")).toBe(
      await countLimitKey("2001:db8:1:2::ff", "k"),
    );
  });

  it("answers 503 when the store cannot count", async () => {
    const response = await handleCount(beacon("e=view&p=/"), deps(await brokenStore()));
    expect(response.status).toBe(503);
  });
});
