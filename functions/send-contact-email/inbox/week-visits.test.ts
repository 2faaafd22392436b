import { beforeEach, describe, expect, it } from "vitest";
import { type Facts, repositoryFacts } from "../../../shared/content/facts.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import { storedWeeklyHome } from "../../../tests/support/booking-function.ts";
import { local } from "../../../tests/support/booking-week.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { periodStats } from "../leads/lead-stats.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import type { StoredPlan } from "../store/store.ts";
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
      details: storedWeeklyHome,
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
    const plans = { perMonth: { low: 650, high: 802 }, plans: 1, unpriced: 0, paused: 0 };
    expect(renderPart(renderWeekNumbers(stats, switchTo, { visits: 3, plans }))).toContain(
      "Plans&#x27; value a month: $650–$802 from 1 plan, at its later visits&#x27; price.",
    );
    expect(
      renderPart(
        renderWeekNumbers(stats, switchTo, {
          visits: 0,
          plans: { ...plans, perMonth: { low: 0, high: 0 }, plans: 0, paused: 1 },
        }),
      ),
    ).toContain("Plans&#x27; value a month: none running; 1 more paused.");
  });
});

/** A request received two weeks ago, booked online as a plan from its first visit (New York's wall times). */
async function planned(
  name: string,
  plan: Omit<StoredPlan, "laterPrice" | "minutes" | "skipped" | "moved"> & Partial<StoredPlan>,
) {
  const id = await storeSample(
    store,
    new Date("2026-11-11T15:00:00Z"),
    { name, phone: "610.555.0123" },
    // A weekly estimate: $180–$220 the first visit, $150–$190 each later one.
    { details: storedWeeklyHome },
  );
  const minutes = plan.minutes ?? 180;
  const start = local(plan.first.day, plan.first.time);
  const result = await store.changeRequest(
    id,
    {
      status: "booked",
      visit: { start, end: new Date(start.getTime() + minutes * 60_000) },
      plan: { minutes, skipped: [], moved: [], laterPrice: { low: 150, high: 190 }, ...plan },
      event: { actor: "visitor", kind: "booked" },
    },
    new Date("2026-11-11T16:00:00Z"),
  );
  expect(result.ok).toBe(true);
  return id;
}

/** Visits moved off a closed day (Thanksgiving) go to the nearest open day of their week. */
const movingFacts = (() => {
  const facts = repositoryFacts();
  return { ...facts, booking: { ...facts.booking, closedDayVisits: "move" as const } };
})();

async function inboxWith(facts: Facts, params: Record<string, string> = {}) {
  const token = await links.inbox.sign(inboxSubject, now);
  const response = await handleInbox(
    new Request(
      `https://fn.example/functions/v1/send-contact-email/inbox?${new URLSearchParams({ token, ...params })}`,
    ),
    "page",
    { scope: "inbox", subject: inboxSubject, token },
    { store, links, content: fixedContent(facts), now: () => now },
  );
  expect(response.status).toBe(200);
  return response.text();
}

describe("the inbox's week, with plans", () => {
  it("lists each plan's visits on their days: the first at the first visit's price, the later ones at the plan's, a moved one marked", async () => {
    // Every Tuesday at 9, from this week's: next Tuesday's moved to Wednesday at 10.
    await planned("Weekly Wendy", {
      first: { day: "2026-11-24", time: "09:00" },
      every: "week",
      moved: [{ from: "2026-12-01", to: { day: "2026-12-02", time: "10:00" } }],
    });
    // Every Thursday at 1 PM since last week: Thanksgiving's visit moves to Friday.
    await planned("Thursday Theo", {
      first: { day: "2026-11-19", time: "13:00" },
      every: "week",
      minutes: 120,
    });
    // Every Wednesday at 11 from this week's, whose first visit the owner moved to the day before.
    await planned("Early Ed", {
      first: { day: "2026-11-25", time: "11:00" },
      every: "week",
      moved: [{ from: "2026-11-25", to: { day: "2026-11-24", time: "11:00" } }],
    });
    // The first Tuesday of each month, from next week's.
    await planned("Monthly Mo", { first: { day: "2026-12-01", time: "11:00" }, every: "month" });
    // Neither shown: a plan cancelled from this week on, a lost customer's plan.
    await planned("Cancelled Cal", {
      first: { day: "2026-11-17", time: "15:00" },
      every: "week",
      cancelledFrom: "2026-11-23",
    });
    const lost = await planned("Lost Lou", {
      first: { day: "2026-11-18", time: "15:00" },
      every: "week",
    });
    await store.setStatus(lost, "lost", now);
    await booked("One-time Olga", "2026-11-24T19:00:00Z", "2026-11-24T21:00:00Z");

    const html = await inboxWith(movingFacts);
    const thisWeek = section(html, "visits-2026-11-23");
    const nextWeek = section(html, "visits-2026-11-30");
    expect(days(thisWeek)).toEqual([
      ["Tue Nov 24", ["Weekly Wendy", "Early Ed", "One-time Olga"]],
      ["Fri Nov 27", ["Thursday Theo"]],
    ]);
    expect(days(nextWeek)).toEqual([
      ["Tue Dec 1", ["Monthly Mo"]],
      ["Wed Dec 2", ["Weekly Wendy", "Early Ed"]],
      ["Thu Dec 3", ["Thursday Theo"]],
    ]);
    for (const absent of ["Cancelled Cal", "Lost Lou"]) {
      expect(thisWeek).not.toContain(absent);
      expect(nextWeek).not.toContain(absent);
    }

    const first = visitItem(thisWeek, "Weekly Wendy");
    expect(first).toContain(
      '<time dateTime="2026-11-24T09:00:00-05:00">9:00 AM–12:00 PM</time><span> · Plan: every week</span>',
    );
    expect(first).toContain('<span class="price">$180–$220</span>');
    const moved = visitItem(nextWeek, "Weekly Wendy");
    expect(moved).toContain(
      '<time dateTime="2026-12-02T10:00:00-05:00">10:00 AM–1:00 PM</time><span> · Plan: every week, moved from Tue Dec 1</span>',
    );
    expect(moved).toContain('<span class="price">$150–$190</span>');
    expect(visitItem(thisWeek, "Thursday Theo")).toContain(
      "<span> · Plan: every week, moved from Thu Nov 26 (Thanksgiving)</span>",
    );
    expect(visitItem(thisWeek, "Thursday Theo")).toContain('<span class="price">$150–$190</span>');
    expect(visitItem(nextWeek, "Monthly Mo")).toContain("<span> · Plan: every month</span>");
    // A first visit moved earlier is still the first: at the first visit's price.
    const early = visitItem(thisWeek, "Early Ed");
    expect(early).toContain("<span> · Plan: every week, moved from Wed Nov 25</span>");
    expect(early).toContain('<span class="price">$180–$220</span>');
    expect(visitItem(nextWeek, "Early Ed")).toContain('<span class="price">$150–$190</span>');
    expect(visitItem(nextWeek, "Monthly Mo")).toContain('<span class="price">$180–$220</span>');

    // The week's numbers: the plans' visits are booked visits, and what the plans bring a month
    // (weekly $150–$190 × 52 / 12 three times, monthly $150–$190 once; neither the cancelled nor
    // the lost).
    expect(html).toContain("<div><dt>Visits booked</dt><dd>4</dd></div>");
    expect(html).toContain(
      "Plans&#x27; value a month: $2,100–$2,660 from 4 plans, each at its later visits&#x27; price.",
    );
    // Last week: Theo's Thursday and Cal's Tuesday; Cal's plan ran then.
    const last = await inboxWith(movingFacts, { week: "last" });
    expect(last).toContain("<div><dt>Visits booked</dt><dd>2</dd></div>");
    expect(last).toContain("from 5 plans");
  });

  it("leaves a paused plan's visits out, and out of the value a month", async () => {
    await planned("Paused Pia", {
      first: { day: "2026-11-17", time: "09:00" },
      every: "two-weeks",
      pausedFrom: "2026-11-24",
      pausedUntil: "2027-01-05",
    });
    const html = await inboxWith(repositoryFacts());
    expect(section(html, "visits-2026-11-23")).not.toContain("Paused Pia");
    expect(section(html, "visits-2026-11-30")).not.toContain("Paused Pia");
    expect(html).toContain("Plans&#x27; value a month: none running; 1 more paused.");
  });
});
