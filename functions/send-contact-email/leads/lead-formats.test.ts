import { describe, expect, it } from "vitest";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import {
  csvCell,
  type Lead,
  terminalText,
  toCsv,
  toJsonLine,
  toLead,
  toText,
} from "./lead-formats.ts";

const lead: Lead = {
  id: "6a1f0000-0000-4000-8000-000000000001",
  receivedAt: "2025-05-01T14:30:00.000Z",
  name: "Jane Doe",
  email: "jane@example.org",
  phone: "(484) 555-0199",
  service: "carpet",
  serviceLabel: "Carpet Cleaning",
  otherService: "",
  message: 'Two rooms, "asap"\nPets at home.',
  status: "new",
  contactedAt: null,
  statusSetAt: null,
  deliveryStatus: "pending",
  attempts: 2,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  sentAt: null,
  deliveredTo: null,
};

describe("leads output", () => {
  it("writes CSV a spreadsheet reads: BOM, header, quoted cells, CRLF", () => {
    const csv = toCsv([lead]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, row] = csv.slice(1).split("\r\n");
    expect(header).toBe(
      '"received","receivedAt","name","email","phone","serviceLabel","message","status","statusSetAt","contactedAt","zip","inServiceArea","town","nearby","estimateLow","estimateHigh","recurringLow","recurringHigh","offerId","preferredTimes","visitStart","visitEnd","serviceAddress","sourceChannel","landingPage","referrer","utmSource","utmMedium","utmCampaign","deliveryStatus","attempts","lastError","sentAt","id"',
    );
    expect(row).toContain('"Two rooms, ""asap""\nPets at home."');
  });

  it("gives every time in CSV on the business's clock: one to read, one ISO with its offset", () => {
    // 9:04 PM in New York on Thu Nov 26 is Fri Nov 27 in UTC.
    const late: Lead = {
      ...lead,
      receivedAt: "2026-11-27T02:04:00.000Z",
      statusSetAt: "2026-11-27T13:00:00.000Z",
      contactedAt: "2026-11-27T13:00:00.000Z",
      sentAt: "2026-11-27T02:04:05.000Z",
    };
    const [, row] = toCsv([late]).slice(1).split("\r\n");
    expect(row).toMatch(/^"2026-11-26 9:04 PM","2026-11-26T21:04:00-05:00","Jane Doe",/);
    expect(row).toContain('"2026-11-27T08:00:00-05:00","2026-11-27T08:00:00-05:00"');
    expect(row).toContain('"2026-11-26T21:04:05-05:00","6a1f');
    // Summer: the offset follows daylight saving.
    const [, summer] = toCsv([{ ...lead, receivedAt: "2026-07-04T16:00:00.000Z" }])
      .slice(1)
      .split("\r\n");
    expect(summer).toMatch(/^"2026-07-04 12:00 PM","2026-07-04T12:00:00-04:00",/);
    // --json keeps the contract's instant as stored (UTC).
    expect(JSON.parse(toJsonLine(late)).receivedAt).toBe("2026-11-27T02:04:00.000Z");
  });

  it("shows a booked visit in every format, in the business's time zone", () => {
    const booked: Lead = {
      ...lead,
      status: "booked",
      visit: { start: "2026-12-01T09:00:00-05:00", end: "2026-12-01T11:00:00-05:00" },
      serviceAddress: "12 Elm St, Berwyn PA",
    };
    expect(JSON.parse(toJsonLine(booked))).toMatchObject({
      status: "booked",
      visit: { start: "2026-12-01T09:00:00-05:00", end: "2026-12-01T11:00:00-05:00" },
      serviceAddress: "12 Elm St, Berwyn PA",
    });
    expect(toText([booked])).toContain("Visit: Tue Dec 1, 9:00–11:00 AM");
    expect(toCsv([booked])).toContain(
      '"2026-12-01T09:00:00-05:00","2026-12-01T11:00:00-05:00","12 Elm St, Berwyn PA"',
    );
    expect(JSON.parse(toJsonLine(lead)).visit).toBeUndefined();
  });

  it("names a plan's first visit and a time held for the owner's confirmation", async () => {
    const store = testStore();
    await storeSample(store, new Date("2026-11-25T15:00:00Z"));
    const id = (await store.list())[0]?.id ?? "";
    const visit = {
      start: new Date("2026-12-01T14:00:00Z"),
      end: new Date("2026-12-01T16:00:00Z"),
    };
    const plan = {
      first: { day: "2026-12-01", time: "09:00" },
      minutes: 120,
      every: "week" as const,
      skipped: [],
      moved: [],
      laterPrice: null,
    };
    await store.changeRequest(
      id,
      { visit, plan, visitHeld: true, event: { actor: "visitor", kind: "booked" } },
      new Date(),
    );
    const planned = toLead((await store.get(id)) as never);
    expect(planned).toMatchObject({ plan: "every week on Tuesday", held: true });
    expect(toText([planned])).toContain(
      "Plan (every week on Tuesday), first visit held for you to confirm: Tue Dec 1, 9:00–11:00 AM",
    );
    expect(JSON.parse(toJsonLine(planned)).plan).toBe("every week on Tuesday");
    await store.close();
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    for (const start of ["+", "-", "@", "\t"]) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell("plain")).toBe('"plain"');
  });

  it("prints one JSON object per line, escaping characters that could fool a terminal", () => {
    const line = toJsonLine({ ...lead, name: "Eve\u009b31m\u2028" });
    expect(line).not.toMatch(/[\n\u009b\u2028]/);
    expect(JSON.parse(line)).toMatchObject({ name: "Eve\u009b31m\u2028", attempts: 2 });
  });

  it("lists requests readably, with what is not yet e-mailed and why", () => {
    const text = toText([lead]);
    expect(text).toContain("Jane Doe");
    expect(text).toContain(
      "Carpet Cleaning · NEW · NOT YET E-MAILED, 2 attempts, last error: connect ECONNREFUSED 127.0.0.1:25 · from Unknown",
    );
    expect(text).toContain('Two rooms, "asap" Pets at home.');
    expect(text).toContain("May 1, 2025, 10:30 AM");
    expect(text).toContain("1 request, 1 not yet e-mailed.");
    expect(toText([])).toBe("No quote requests yet.\n");
  });

  it("shows spam the owner marked as the owner's, never as the spam filter's", () => {
    const caught = toText([{ ...lead, status: "spam" }]);
    expect(caught).toContain("SPAM (caught by the spam filter, not e-mailed)");
    const why = toText([{ ...lead, status: "spam", spamReason: "the hidden field was filled" }]);
    expect(why).toContain("SPAM (caught by the spam filter: the hidden field was filled;");
    const marked = toText([{ ...lead, status: "spam", statusSetAt: "2025-05-01T15:00:00.000Z" }]);
    expect(marked).toContain("SPAM (marked by you May 1, 2025, 11:00 AM, not e-mailed)");
    expect(marked).not.toContain("spam filter");
    const mailed = toText([
      {
        ...lead,
        status: "spam",
        statusSetAt: "2025-05-01T15:00:00.000Z",
        deliveryStatus: "sent",
      },
    ]);
    expect(mailed).toContain("SPAM (marked by you May 1, 2025, 11:00 AM, e-mailed before)");
  });

  it("removes terminal control sequences from visitor text", () => {
    expect(terminalText("Eve\u001b[2J\u009b31m\u202eevil")).toBe("Eve [2J 31m evil");
  });

  it("carries the status and the quote details in CSV, blank where a request has none", () => {
    const quoted: Lead = {
      ...lead,
      status: "won",
      statusSetAt: "2025-05-01T15:00:00.000Z",
      contactedAt: "2025-05-01T15:00:00.000Z",
      zip: "19406",
      inServiceArea: true,
      town: "King of Prussia",
      estimate: {
        low: 120,
        high: 150,
        recurring: { low: 150, high: 185 },
        currency: "USD",
        priceList: "2026-11",
        inputs: { kind: "business", squareFeet: 2000, visitsPerWeek: 1, addOns: [] },
      },
      offer: { id: "welcome-20", percentOff: 20 },
      preferredWindows: [{ date: "2025-05-06", window: "morning" }],
    };
    const [, withDetails, without] = toCsv([quoted, lead]).slice(1).split("\r\n");
    expect(withDetails).toContain(
      '"won","2025-05-01T11:00:00-04:00","2025-05-01T11:00:00-04:00","19406","true","King of Prussia","","120","150","150","185","welcome-20","2025-05-06 morning"',
    );
    expect(without).toContain('"new","","","","","","","","","","","",""');
  });

  it("shows a nearby ZIP as itself, with the town whose crew covers it", () => {
    const norristown: Lead = {
      ...lead,
      zip: "19403",
      inServiceArea: true,
      town: "Plymouth Meeting",
      nearby: true,
    };
    expect(toText([norristown])).toContain(" · 19403, near Plymouth Meeting · from");
    expect(toText([{ ...norristown, zip: "19462", nearby: undefined }])).toContain(
      " · Plymouth Meeting · from",
    );
    const [, row] = toCsv([norristown]).slice(1).split("\r\n");
    expect(row).toContain('"19403","true","Plymouth Meeting","true"');
  });

  it("carries where the visit came from in CSV: the source's name, then its facts", () => {
    const found: Lead = {
      ...lead,
      source: {
        landingPage: "/exton",
        referrer: "www.google.com",
        utm: { source: "google", medium: "cpc", campaign: "=fall" },
      },
    };
    const [, withSource, without] = toCsv([found, lead]).slice(1).split("\r\n");
    expect(withSource).toContain(
      `"","Google ads","/exton","www.google.com","google","cpc","'=fall","pending"`,
    );
    expect(without).toContain('"","Unknown","","","","","","pending"');
    expect(toText([found])).toContain("· from Google ads");
  });
});

describe("a stored request as a lead", () => {
  it("keeps a nearby ZIP's mark, so --json says so", async () => {
    const store = testStore();
    try {
      const details = {
        zip: "19403",
        inServiceArea: true,
        town: "Plymouth Meeting",
        nearby: true as const,
      };
      await storeSample(store, new Date("2026-11-25T15:00:00Z"), {}, { details });
      const [stored] = (await store.list()).map(toLead);
      expect(JSON.parse(toJsonLine(stored as Lead))).toMatchObject(details);
    } finally {
      await store.close();
    }
  });

  it("carries why the spam filter caught it, and nothing of the kind for the rest", async () => {
    const store = testStore();
    try {
      const at = new Date("2026-11-25T15:00:00Z");
      await storeSample(
        store,
        at,
        {},
        { status: "spam", spamReason: "the hidden field was filled" },
      );
      await storeSample(store, new Date(at.getTime() + 1000));
      const [honest, caught] = (await store.list()).map(toLead);
      expect(toJsonLine(caught as Lead)).toContain('"spamReason":"the hidden field was filled"');
      expect(honest).not.toHaveProperty("spamReason");
    } finally {
      await store.close();
    }
  });
});
