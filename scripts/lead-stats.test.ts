import { describe, expect, it } from "vitest";
import { filterLeads, parseLeadFilter, parseSince } from "./lead-filters.ts";
import type { Lead } from "./lead-formats.ts";
import { median, periodStats, statsText } from "./lead-stats.ts";

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

describe("leads --stats", () => {
  it("counts the last 7 days without spam: services, towns, area, answers, wins", () => {
    const stats = periodStats(leads, now, 7);
    expect(stats).toEqual({
      days: 7,
      requests: 3,
      byService: { "Carpet Cleaning": 1, Janitorial: 1, "Residential Cleaning": 1 },
      byTown: { "King of Prussia": 1, "West Chester": 1, "outside the area": 1 },
      inArea: 2,
      withZip: 3,
      medianHoursToContact: 3,
      answered: 2,
      booked: 1,
      won: 1,
      // The first visit once; the later visits at 52/12 visits a month (650 = 150 × 52 / 12).
      wonValue: {
        firstVisits: { low: 120, high: 150 },
        recurringPerMonth: { low: 650, high: 802 },
        recurringPlans: 1,
        withoutEstimate: 0,
      },
    });
  });

  it("counts a won estimate stored before recurring prices existed as its first visit only", () => {
    const legacy = lead({ status: "won", estimate: estimate(150, 185, weekly) });
    expect(periodStats([legacy], now, 7).wonValue).toEqual({
      firstVisits: { low: 150, high: 185 },
      recurringPerMonth: { low: 0, high: 0 },
      recurringPlans: 0,
      withoutEstimate: 0,
    });
  });

  it("widens to 30 and 90 days; a won request without an estimate is counted apart", () => {
    const month = periodStats(leads, now, 30);
    expect(month.requests).toBe(5);
    expect(month.won).toBe(3);
    expect(month.wonValue).toEqual({
      firstVisits: { low: 1120, high: 1350 },
      recurringPerMonth: { low: 650, high: 802 },
      recurringPlans: 1,
      withoutEstimate: 1,
    });
    expect(month.medianHoursToContact).toBe(4);
    expect(month.byTown["no ZIP given"]).toBe(2);
    expect(periodStats(leads, now, 90).requests).toBe(5);
  });

  it("prints what the owner reads", () => {
    const text = statsText([periodStats(leads, now, 7), periodStats([], now, 30)]);
    expect(text).toContain("Last 7 days: 3 requests");
    expect(text).toContain("In the service area: 2 of 3 with a ZIP");
    expect(text).toContain("Time to first answer (median): 3.0 h (2 answered)");
    expect(text).toContain("  Booked: 1\n");
    expect(text).toContain(
      "Won: 1, first visits $120–$150 in total, then $650–$802 a month from 1 recurring plan",
    );
    expect(text).toContain("       1  Residential Cleaning");
    expect(text).toContain("Last 30 days: 0 requests");
    expect(text).toContain("Time to first answer (median): no answers yet");
  });

  it("takes the median of odd and even counts", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
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
