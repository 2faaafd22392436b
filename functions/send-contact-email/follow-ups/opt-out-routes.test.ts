import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { routed } from "../../../tests/support/routed.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import { addressHash, handleOptOut, optOutLink, optOutUrl } from "./opt-out-routes.ts";

const links = createLinkSigners(parseLinkSettings({}, "opt-out-test-owner-secret-0123456789"));
const functionUrl = "https://fn.example/functions/v1/send-contact-email";
const now = new Date("2026-11-25T15:00:00Z");
const day = 86_400_000;

async function linkFor(email: string, at = now) {
  return optOutUrl(functionUrl, await addressHash(email), links.visitor, at);
}

/** The route as routes.ts has it: the router checks the link first. */
function open(url: string, init: RequestInit = {}, store = testStore()) {
  return routed(
    [
      {
        method: "GET HEAD POST",
        path: "/opt-out/:hash",
        answers: "page",
        link: optOutLink(() => repositoryFacts().business),
        handle: (request, { params, grant }) =>
          handleOptOut(request, params.hash ?? "", grant, {
            store,
            business: repositoryFacts().business,
            now: () => now,
          }),
      },
    ],
    links,
    () => now,
  )(new Request(url, init));
}

describe("a customer's opt-out", () => {
  it("keeps an address only as the SHA-256 of its trimmed, lower-case form", async () => {
    const hash = await addressHash(" Dana@Example.org ");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(await addressHash("dana@example.org"));
    expect(hash).not.toBe(await addressHash("sam@example.org"));
  });

  it("asks on GET and changes nothing; the button's POST opts out from then on", async () => {
    const store = testStore();
    const url = await linkFor("dana@example.org");
    const hash = await addressHash("dana@example.org");
    const asked = await open(url, {}, store);
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("<h1>Stop these e-mails?</h1>");
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(await store.isOptedOut(hash)).toBe(false);
    const done = await open(url, { method: "POST" }, store);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You will get no more e-mails like this");
    expect(await store.isOptedOut(hash)).toBe(true);
    expect(await (await open(url, {}, store)).text()).toContain("already gets no review requests");
  });

  it("takes a mail app's one-click unsubscribe (RFC 8058)", async () => {
    const store = testStore();
    const url = await linkFor("sam@example.org");
    const response = await open(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
      store,
    );
    expect(response.status).toBe(200);
    expect(await store.isOptedOut(await addressHash("sam@example.org"))).toBe(true);
  });

  it("refuses an altered, expired or another address's token, and opts nobody out", async () => {
    const store = testStore();
    const dana = await linkFor("dana@example.org");
    const sam = await linkFor("sam@example.org");
    const expired = await linkFor("dana@example.org", new Date(now.getTime() - 366 * day));
    const swapped = dana.replace(/token=.*/, sam.replace(/.*token=/, "token="));
    for (const url of [`${dana}x`, expired, swapped, dana.replace(/\?token=.*/, "")]) {
      expect((await open(url, { method: "POST" }, store)).status, url).toBe(403);
    }
    expect(await store.isOptedOut(await addressHash("dana@example.org"))).toBe(false);
    // Still valid after 11 months: a year's link.
    const old = await linkFor("dana@example.org", new Date(now.getTime() - 330 * day));
    expect((await open(old)).status).toBe(200);
  });

  it("sends the private page's headers, and 503 when it cannot be saved", async () => {
    const url = await linkFor("dana@example.org");
    const response = await open(url);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await (await open(url, { method: "POST" }, await brokenStore())).status).toBe(503);
    expect((await open(url, { method: "DELETE" })).status).toBe(405);
  });
});
