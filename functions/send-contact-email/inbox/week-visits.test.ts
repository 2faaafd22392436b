import { beforeEach, describe, expect, it } from "vitest";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { periodStats } from "../leads/lead-stats.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import { renderPart } from "../views/react.ts";
import { handleInbox, inboxSubject, inboxSubjects } from "./inbox-routes.ts";
import { renderWeekNumbers } from "./week-numbers.ts";

// Wednesday Nov 25, 2026, 10:00 AM in New York: this week is Mon Nov 23 – Sun Nov 29.
const now = new Date("2026-11-25T15:00:00Z");
const links = createLinkSigners(parseLinkSettings({}, "an-owner-secret-of-enough-length-0123"));

let store: SqliteStore;
beforeEach(() => {
  store = testStore();
  return () => store.close();
});

const exton: StoredQuoteDetails = {
  zip: "19341",
  inServiceArea: true,
  town: "Exton",
  estimate: {
    low: 180,
    high: 220,
    recurring: { low: 150, high: 190 },
    currency: "USD",
    priceList: "2026-11-a",
    inputs: {
      kind: "home",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1800,
      condition: "routine",
      frequency: "weekly",
      addOns: [],
    },
  },
};

/** A request received last week, booked for [start, end) (UTC instants), with an address. */
async function booked(
  name: string,
  start: string,
  end: string,
  extra: { details?: StoredQuoteDetails; address?: string; phone?: string } = {},
) {
  const id = await storeSample(
    store,
    new Date("2026-11-18T15:00:00Z"),
    { name, phone: extra.phone ?? "484.555.0199" },
    { details: extra.details },
  );
  const result = await store.changeRequest(
    id,
    {
      status: "booked",
      visit: { start: new Date(start), end: new Date(end) },
      ...(extra.address ? { serviceAddress: extra.address } : {}),
      event: { actor: "owner", kind: "booked" },
    },
    now,
  );
  expect(result.ok).toBe(true);
  return id;
}

async function inbox(params: Record<string, string> = {}, subject = inboxSubject) {
  const token = await links.inbox.sign(subject, now);
  const query = new URLSearchParams({ token, ...params });
  const response = await handleInbox(
    new Request(`https://fn.example/functions/v1/send-contact-email/inbox?${query}`),
    "page",
    // The link is the router's to check (inbox-routes.test.ts); this is about the week.
    { scope: "inbox", subject, token },
    { store, links, content: fixedContent(), now: () => now },
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** A section of the page, from its heading's id to the section's end. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section class="week" aria-labelledby="${id}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf("</section>", start));
}

/** The section's day headings and, under each, its visits' names in order. */
function days(part: string): Array<[string, string[]]> {
  return [...part.matchAll(/<h3>([^<]*)<\/h3><ol class="visits">(.*?)<\/ol>/g)].map((day) => [
    day[1] ?? "",
    [...(day[2] ?? "").matchAll(/<a class="who" href="[^"]*">([^<]*)<\/a>/g)].map(
      (visit) => visit[1] ?? "",
    ),
  ]);
}

/** The list item of one customer's visit. */
function visitItem(part: string, name: string): string {
  const item = part.split("<li>").find((text) => text.includes(`>${name}</a>`)) ?? "";
  return item.slice(0, item.indexOf("</li>"));
}

describe("the inbox's week", () => {
  it("lists this week's and next week's visits under their days, in order, and nothing else", async () => {
    // Times are New York's: 9:00 AM EST is 14:00 UTC.
    const dana = await booked("Dana Whitfield", "2026-11-27T14:00:00Z", "2026-11-27T18:00:00Z", {
      details: exton,
      address: "12 Main St, Exton PA",
    });
    await booked("Early Earl", "2026-11-27T13:00:00Z", "2026-11-27T14:00:00Z");
    // Monday of this week, already past: still this week's.
    await booked("Monday Mo", "2026-11-23T15:00:00Z", "2026-11-23T17:00:00Z");
    // Tuesday Dec 1, next week, without an estimate or an address: its town and ZIP.
    await booked("Next Ned", "2026-12-01T15:00:00Z", "2026-12-01T17:00:00Z", {
      details: { zip: "19406", inServiceArea: true, town: "King of Prussia" },
    });
    // Sunday 11:30 PM in New York is Monday in UTC: still this week's Sunday.
    await booked("Late Lee", "2026-11-30T04:30:00Z", "2026-11-30T05:00:00Z");
    // Not shown: last week, the week after next, a request without a visit, a lost one's visit.
    await booked("Last Week Lou", "2026-11-20T15:00:00Z", "2026-11-20T17:00:00Z");
    await booked("Far Fay", "2026-12-07T15:00:00Z", "2026-12-07T17:00:00Z");
    await storeSample(store, new Date("2026-11-24T15:00:00Z"), { name: "Not Booked" });
    const lost = await booked("Lost Lucy", "2026-11-28T15:00:00Z", "2026-11-28T17:00:00Z");
    await store.setStatus(lost, "lost", now);

    const html = await inbox();
    const thisWeek = section(html, "visits-2026-11-23");
    const nextWeek = section(html, "visits-2026-11-30");
    expect(thisWeek).toContain(
      `<h2 id="visits-2026-11-23">This week&#x27;s visits <span class="count">Mon Nov 23 – Sun Nov 29</span></h2>`,
    );
    expect(days(thisWeek)).toEqual([
      ["Mon Nov 23", ["Monday Mo"]],
      ["Fri Nov 27", ["Early Earl", "Dana Whitfield"]],
      ["Sun Nov 29", ["Late Lee"]],
    ]);
    expect(nextWeek).toContain("Next week&#x27;s visits");
    expect(days(nextWeek)).toEqual([["Tue Dec 1", ["Next Ned"]]]);
    for (const absent of ["Last Week Lou", "Far Fay", "Not Booked", "Lost Lucy"]) {
      expect(thisWeek).not.toContain(absent);
      expect(nextWeek).not.toContain(absent);
    }
    // The visits come before the week's numbers and the requests.
    expect(html.indexOf("visits-2026-11-23")).toBeLessThan(html.indexOf('id="week-heading"'));
    expect(html.indexOf('id="week-heading"')).toBeLessThan(html.indexOf('id="list-heading"'));

    // One visit: its time, the customer opening the request, the address on a map, Call, price.
    const item = visitItem(thisWeek, "Dana Whitfield");
    expect(item).toContain(
      '<p class="when"><time dateTime="2026-11-27T09:00:00-05:00">9:00 AM–1:00 PM</time><span> · One-time</span></p>',
    );
    const href = new RegExp(`<a class="who" href="lead/${dana}\\?token=([^"]+)">`).exec(item)?.[1];
    expect(await links.owner.verify(dana, decodeURIComponent(href ?? ""), now)).toBe(true);
    expect(item).toContain(
      '<a class="map" href="https://www.google.com/maps/search/?api=1&amp;query=12%20Main%20St%2C%20Exton%20PA%2C%2019341">12 Main St, Exton PA</a>',
    );
    expect(item).toContain(
      '<a class="call" href="tel:+14845550199">Call (484) 555-0199</a> <span class="price">$180–$220</span>',
    );
    // Without an estimate or an address: the price on the call, the town as text, no map.
    const ned = visitItem(nextWeek, "Next Ned");
    expect(ned).toContain("<p>King of Prussia</p>");
    expect(ned).toContain('<span class="price">Price on the call</span>');
    expect(ned).toContain("<span> · One-time</span>");
    expect(ned).not.toContain("google.com/maps");
  });

  it("says when a week has no visit, and names today", async () => {
    await booked("Today Tia", "2026-11-25T19:00:00Z", "2026-11-25T20:00:00Z");
    const html = await inbox();
    expect(days(section(html, "visits-2026-11-23"))).toEqual([
      ["Today, Wed Nov 25", ["Today Tia"]],
    ]);
    expect(section(html, "visits-2026-11-30")).toContain('<p class="empty">No visits booked.</p>');
  });

  it("opened from a push, opens the week's requests read-only too", async () => {
    const id = await booked("Read Only", "2026-11-27T14:00:00Z", "2026-11-27T16:00:00Z");
    const html = await inbox({}, inboxSubjects.read);
    const href = new RegExp(`<a class="who" href="lead/${id}\\?token=([^"]+)">`).exec(html)?.[1];
    const token = decodeURIComponent(href ?? "");
    expect(await links["owner-read"].verify(id, token, now)).toBe(true);
    expect(await links.owner.verify(id, token, now)).toBe(false);
  });

  it("counts the week's visits in its numbers: this whole week's, or last week's", async () => {
    await booked("Monday Mo", "2026-11-23T15:00:00Z", "2026-11-23T17:00:00Z");
    await booked("Saturday Sal", "2026-11-28T15:00:00Z", "2026-11-28T17:00:00Z");
    await booked("Next Ned", "2026-12-01T15:00:00Z", "2026-12-01T17:00:00Z");
    await booked("Last Week Lou", "2026-11-20T15:00:00Z", "2026-11-20T17:00:00Z");
    const figure = (value: number) => `<div><dt>Visits booked</dt><dd>${value}</dd></div>`;
    expect(await inbox()).toContain(figure(2));
    expect(await inbox({ week: "last" })).toContain(figure(1));
  });

  it("shows the plans' value a month only when it is given, never a made-up figure", () => {
    const stats = periodStats([], [], {
      label: "This week",
      from: new Date("2026-11-23T05:00:00Z"),
      to: now,
      firstDay: "2026-11-23",
      lastDay: "2026-11-25",
    });
    const switchTo = { href: "inbox?week=last", label: "Last week" };
    expect(renderPart(renderWeekNumbers(stats, switchTo, { visits: 0 }))).not.toContain("Plans");
    expect(
      renderPart(
        renderWeekNumbers(stats, switchTo, { visits: 3, plansPerMonth: { low: 650, high: 802 } }),
      ),
    ).toContain("Plans&#x27; value a month: $650–$802.");
  });
});
