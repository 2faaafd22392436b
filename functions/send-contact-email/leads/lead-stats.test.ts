import { describe, expect, it } from "vitest";
import type { SiteCount } from "../store/count-store.ts";
import { filterLeads, parseLeadFilter, parseSince } from "./lead-filters.ts";
import type { Lead } from "./lead-formats.ts";
import { median, periodStats, statsLines, statsText } from "./lead-stats.ts";
import {
  daysCovered,
  lastDays,
  lastWeek,
  mondayOf,
  periodDays,
  reportPeriods,
  thisWeek,
} from "./stats-periods.ts";

const now = new Date("2026-11-24T12:00:00Z");
const daysAgo = (days: number, hours = 0) =>
  new Date(now.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();

function lead(overrides: Partial<Lead>): Lead {
  return {
    id: crypto.randomUUID(),
    receivedAt: daysAgo(1),
    name: "Jane",
    email: "jane@example.org",
    phone: "(484) 555-0199",
    service: "carpet",
    serviceLabel: "Carpet Cleaning",
    otherService: "",
    message: "Hi",
    status: "new",
    contactedAt: null,
    statusSetAt: null,
    deliveryStatus: "sent",
    attempts: 1,
    lastError: null,
    sentAt: null,
    deliveredTo: null,
    ...overrides,
  };
}

const weekly = { kind: "business" as const, squareFeet: 2000, visitsPerWeek: 1, addOns: [] };
const oneTime = {
  kind: "home" as const,
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine" as const,
  frequency: "one-time" as const,
  addOns: [],
};
const estimate = (
  low: number,
  high: number,
  inputs: typeof weekly | typeof oneTime = oneTime,
  recurring?: { low: number; high: number },
) => ({
  low,
  high,
  ...(recurring ? { recurring } : {}),
  currency: "USD" as const,
  priceList: "2026-11",
  inputs,
});

const leads: Lead[] = [
  lead({
    receivedAt: daysAgo(1),
    contactedAt: daysAgo(1, 2),
    status: "won",
    zip: "19406",
    inServiceArea: true,
    town: "King of Prussia",
    // Once a week, with the welcome offer on the first visit.
    estimate: estimate(120, 150, weekly, { low: 150, high: 185 }),
    offer: { id: "welcome-20", percentOff: 20 },
    source: { landingPage: "/king-prussia", referrer: "www.google.com" },
  }),
  lead({
    receivedAt: daysAgo(2),
    contactedAt: daysAgo(2, 4),
    // Booked by the owner (functions/send-contact-email/booking/): counted as booked.
    status: "booked",
    visit: { start: "2026-11-27T09:00:00-05:00", end: "2026-11-27T11:00:00-05:00" },
    zip: "19380",
    inServiceArea: true,
    town: "West Chester",
    service: "janitorial",
    serviceLabel: "Janitorial",
  }),
  lead({
    receivedAt: daysAgo(3),
    zip: "90210",
    inServiceArea: false,
    town: null,
    service: "residential",
    serviceLabel: "Residential Cleaning",
  }),
  lead({
    receivedAt: daysAgo(10),
    contactedAt: daysAgo(10, 30),
    status: "won",
    estimate: estimate(1000, 1200),
  }),
  lead({ receivedAt: daysAgo(20), status: "won" }),
  lead({
    receivedAt: daysAgo(2),
    status: "spam",
    zip: "19406",
    inServiceArea: true,
    town: "King of Prussia",
  }),
  lead({ receivedAt: daysAgo(100), status: "won", estimate: estimate(5, 5) }),
];

const tz = "America/New_York";
const period = (days: number) => lastDays(now, days, tz);

describe("the owner's numbers (one module: --stats, the inbox, the Monday e-mail)", () => {
  it("counts the last 7 days without spam: sources, services, towns, area, outcomes, answers", () => {
    const stats = periodStats(leads, [], period(7));
    expect(stats).toMatchObject({
      label: "Last 7 days",
      days: "Tue Nov 17 – Tue Nov 24",
      requests: 3,
      bySource: { Google: 1, Unknown: 2 },
      byService: { "Carpet Cleaning": 1, Janitorial: 1, "Residential Cleaning": 1 },
      byTown: { "King of Prussia": 1, "West Chester": 1, "outside the area": 1 },
      inArea: 2,
      withZip: 3,
      byStatus: { won: 1, booked: 1, new: 1 },
      medianHoursToContact: 3,
      answered: 2,
    });
    // The first visit once; the later visits at 52/12 visits a month (650 = 150 × 52 / 12).
    expect(stats.value.won).toEqual({
      count: 1,
      firstVisits: { low: 120, high: 150 },
      recurringPerMonth: { low: 650, high: 802 },
      recurringPlans: 1,
      withoutEstimate: 0,
    });
    expect(stats.value.booked).toMatchObject({ count: 1, withoutEstimate: 1 });
  });

  it("counts a won estimate stored before recurring prices existed as its first visit only", () => {
    const legacy = lead({ status: "won", estimate: estimate(150, 185, weekly) });
    expect(periodStats([legacy], [], period(7)).value.won).toEqual({
      count: 1,
      firstVisits: { low: 150, high: 185 },
      recurringPerMonth: { low: 0, high: 0 },
      recurringPlans: 0,
      withoutEstimate: 0,
    });
  });

  it("widens to 30 and 90 days; a won request without an estimate is counted apart", () => {
    const month = periodStats(leads, [], period(30));
    expect(month.requests).toBe(5);
    expect(month.value.won).toEqual({
      count: 3,
      firstVisits: { low: 1120, high: 1350 },
      recurringPerMonth: { low: 650, high: 802 },
      recurringPlans: 1,
      withoutEstimate: 1,
    });
    expect(month.medianHoursToContact).toBe(4);
    expect(month.byTown["no ZIP given"]).toBe(2);
    expect(periodStats(leads, [], period(90)).requests).toBe(5);
  });

  it("values booked work beside won work, and counts lost", () => {
    const booked = [
      lead({ status: "booked", estimate: estimate(200, 240, weekly, { low: 250, high: 300 }) }),
      lead({ status: "booked" }),
      lead({ status: "lost", estimate: estimate(999, 999) }),
    ];
    const stats = periodStats(booked, [], period(7));
    expect(stats.value.booked).toMatchObject({
      count: 2,
      firstVisits: { low: 200, high: 240 },
      recurringPerMonth: { low: 1083, high: 1300 },
      withoutEstimate: 1,
    });
    expect(stats.byStatus).toEqual({ booked: 2, lost: 1 });
    expect(statsLines(stats)).toContain("What became of them: 2 booked, 0 won, 1 lost");
  });

  it("adds the site's counts of the period's days: views, phone taps by page, forms started", () => {
    const counts: SiteCount[] = [
      { day: "2026-11-20", path: "/", event: "view", count: 30 },
      { day: "2026-11-20", path: "/exton", event: "call", count: 2 },
      { day: "2026-11-24", path: "/", event: "call", count: 3 },
      { day: "2026-11-24", path: "/contact", event: "form-start", count: 5 },
      // Outside the last 7 days' days.
      { day: "2026-11-10", path: "/", event: "call", count: 50 },
    ];
    expect(periodStats(leads, counts, period(7)).site).toEqual({
      views: 30,
      calls: 5,
      callsByPage: { "/": 3, "/exton": 2 },
      formStarts: 5,
      formSends: 3,
    });
  });

  it("prints what the owner reads", () => {
    const text = statsText([periodStats(leads, [], period(7)), periodStats([], [], period(30))]);
    expect(text).toContain("Last 7 days (Tue Nov 17 – Tue Nov 24): 3 requests");
    expect(text).toContain("  By source: Unknown 2, Google 1");
    expect(text).toContain("  In the service area: 2 of 3 with a ZIP");
    expect(text).toContain("  What became of them: 1 booked, 1 won, 0 lost");
    expect(text).toContain("  Booked: 1, without an estimate\n");
    expect(text).toContain("  Time to first answer (median): 3.0 h (2 answered)");
    expect(text).toContain(
      "  Won: 1, first visits $120–$150 in total, then $650–$802 a month from 1 recurring plan",
    );
    expect(text).toContain("  By service: Carpet Cleaning 1, Janitorial 1, Residential Cleaning 1");
    expect(text).toContain("  Quote forms: 0 started, 3 sent");
    expect(text).toContain("  Phone taps: 0\n");
    expect(text).toContain("Last 30 days (Sun Oct 25 – Tue Nov 24): 0 requests");
    expect(text).toContain("Time to first answer (median): no answers yet");
  });

  it("says a won job without an estimate is one, not that it is worth $0", () => {
    const stats = periodStats([lead({ status: "won" })], [], period(7));
    expect(statsLines(stats)).toContain("Won: 1, without an estimate");
  });

  it("takes the median of odd and even counts", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("the periods, in the business's week", () => {
  it("runs a week from Monday 00:00 to Monday 00:00 in New York", () => {
    // Tuesday Nov 24, 07:00 in New York.
    expect(mondayOf(now, tz)).toBe("2026-11-23");
    expect(thisWeek(now, tz)).toMatchObject({
      from: new Date("2026-11-23T05:00:00Z"),
      to: now,
      firstDay: "2026-11-23",
      lastDay: "2026-11-24",
    });
    expect(lastWeek(now, tz)).toMatchObject({
      from: new Date("2026-11-16T05:00:00Z"),
      to: new Date("2026-11-23T05:00:00Z"),
      firstDay: "2026-11-16",
      lastDay: "2026-11-22",
    });
    expect(periodDays(lastWeek(now, tz))).toBe("Mon Nov 16 – Sun Nov 22");
    // Sunday night in New York is already Monday in UTC: still last week's Sunday.
    expect(mondayOf(new Date("2026-11-23T03:00:00Z"), tz)).toBe("2026-11-16");
  });

  it("keeps the week that daylight saving ends in at its local midnights (167 or 169 hours)", () => {
    // Clocks go back on Sunday Nov 1, 2026.
    const week = lastWeek(new Date("2026-11-03T15:00:00Z"), tz);
    expect(week.from).toEqual(new Date("2026-10-26T04:00:00Z"));
    expect(week.to).toEqual(new Date("2026-11-02T05:00:00Z"));
    const spring = lastWeek(new Date("2026-03-10T15:00:00Z"), tz);
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(167);
  });

  it("covers the days of every period the report reads", () => {
    expect(daysCovered(reportPeriods(now, tz))).toEqual({ from: "2026-08-26", to: "2026-11-24" });
  });
});

describe("leads filters", () => {
  it("leaves spam out unless asked for", () => {
    expect(filterLeads(leads, parseLeadFilter({}, now))).toHaveLength(6);
    expect(filterLeads(leads, parseLeadFilter({ all: true }, now))).toHaveLength(7);
    expect(filterLeads(leads, parseLeadFilter({ status: "spam" }, now))).toHaveLength(1);
  });

  it("keeps listing a request the owner marked Spam before it was ever e-mailed", () => {
    const marked = (deliveryStatus: string) =>
      lead({ status: "spam", statusSetAt: daysAgo(0), deliveryStatus });
    const unsent = marked("pending");
    const mailed = marked("sent");
    const caught = lead({ status: "spam", deliveryStatus: "pending" });
    const listed = filterLeads([unsent, mailed, caught], parseLeadFilter({}, now));
    expect(listed).toEqual([unsent]);
  });

  it("filters by status, date and town", () => {
    expect(filterLeads(leads, parseLeadFilter({ status: "won,booked" }, now))).toHaveLength(5);
    expect(filterLeads(leads, parseLeadFilter({ since: "7d" }, now))).toHaveLength(3);
    expect(filterLeads(leads, parseLeadFilter({ since: "2026-11-22" }, now))).toHaveLength(2);
    expect(filterLeads(leads, parseLeadFilter({ town: "king of prussia" }, now))).toHaveLength(1);
    expect(filterLeads(leads, parseLeadFilter({ town: "outside" }, now))).toHaveLength(1);
    expect(filterLeads(leads, parseLeadFilter({ town: "none" }, now))).toHaveLength(3);
  });

  it("narrows by the search with any town, outside the area and without a ZIP too", () => {
    const people = [
      lead({ name: "Dana Whitfield", zip: "19103", inServiceArea: false }),
      lead({ name: "Sam Ortiz", zip: "19103", inServiceArea: false }),
      lead({ name: "Sam Nozip" }),
    ];
    const found = (town: string) =>
      filterLeads(people, parseLeadFilter({ town, search: "sam" }, now)).map((item) => item.name);
    expect(found("outside")).toEqual(["Sam Ortiz"]);
    expect(found("none")).toEqual(["Sam Nozip"]);
  });

  it("finds requests by part of a name, an e-mail address or a phone number's digits", () => {
    const people = [
      lead({ name: "Dana Whitfield", email: "dana@example.org", phone: "(484) 555-0142" }),
      lead({ name: "Sam Ortiz", email: "s.ortiz@mail.example", phone: "+1 610 555 0199" }),
    ];
    const found = (search: string) =>
      filterLeads(people, parseLeadFilter({ search }, now)).map((item) => item.name);
    expect(found("whit")).toEqual(["Dana Whitfield"]);
    expect(found("ORTIZ@")).toEqual(["Sam Ortiz"]);
    expect(found("484-555")).toEqual(["Dana Whitfield"]);
    expect(found("5550199")).toEqual(["Sam Ortiz"]);
    expect(found("555")).toEqual(["Dana Whitfield", "Sam Ortiz"]);
    // Two digits are too few to mean a phone number.
    expect(found("55")).toEqual([]);
    expect(found("  ")).toEqual(["Dana Whitfield", "Sam Ortiz"]);
  });

  it("reads a search with letters in it as a name or an address, never as a phone number", () => {
    const people = [
      lead({ name: "Dana Whitfield", email: "dana@example.org", phone: "(484) 555-0142" }),
    ];
    const found = (search: string) =>
      filterLeads(people, parseLeadFilter({ search }, now)).map((item) => item.name);
    // "CSV fcf014bf" holds the digits 014, which the phone number also holds.
    expect(found("CSV fcf014bf")).toEqual([]);
    expect(found("Apt 0142")).toEqual([]);
    expect(found("(484) 555.0142")).toEqual(["Dana Whitfield"]);
  });

  it("filters by service, residential like any other", () => {
    const homes = filterLeads(leads, parseLeadFilter({ service: "residential" }, now));
    expect(homes.map((item) => item.serviceLabel)).toEqual(["Residential Cleaning"]);
    expect(
      filterLeads(leads, parseLeadFilter({ service: "Residential,janitorial" }, now)),
    ).toHaveLength(2);
  });

  it("names a bad value", () => {
    expect(() => parseLeadFilter({ status: "maybe" }, now)).toThrow(/--status .* not maybe/);
    expect(() => parseLeadFilter({ service: "house" }, now)).toThrow(
      /--service takes residential, janitorial, .* not house/,
    );
    expect(() => parseSince("last week", now)).toThrow(/--since/);
  });
});

describe("numbers keyed by words an object's prototype also has", () => {
  const words = ["constructor", "__proto__", "toString", "hasOwnProperty"];

  it("counts each as a name like any other: sources, towns, services, pages", () => {
    const odd = words.map((word) =>
      lead({
        source: { landingPage: "/exton", referrer: null, utm: { source: word, campaign: word } },
        zip: "19406",
        inServiceArea: true,
        town: word,
        service: word,
        serviceLabel: word,
        status: word === "toString" ? "won" : "new",
      }),
    );
    const counts: SiteCount[] = words.map((word) => ({
      day: "2026-11-23",
      path: word,
      event: "call",
      count: 2,
    }));
    const stats = periodStats([...odd, ...odd], counts, period(7));
    const twice = Object.fromEntries(words.map((word) => [word, 2]));
    expect({ ...stats.bySource }).toEqual(twice);
    expect({ ...stats.byTown }).toEqual(twice);
    expect({ ...stats.byService }).toEqual(twice);
    expect({ ...stats.site.callsByPage }).toEqual(twice);
    expect(stats.requests).toBe(8);
    const text = statsText([stats]);
    expect(text).not.toMatch(/function|\[object|NaN/);
    for (const word of words) expect(text).toContain(`${word} 2`);
    expect(JSON.parse(JSON.stringify(stats)).bySource).toEqual(twice);
  });
});
