/**
 * `npm run leads -- --schedule`: the coming visits, one-time and a weekly plan's, read from the data
 * folder's SQLite database and from Postgres (DATABASE_URL), as text and as JSON lines. The visits
 * are booked from today, on New York's calendar: the script reads the real clock. The version
 * published in the store (a holiday of its own on the plan's second Thursday or so, whose visit
 * moves within its week) is the one the plan's visits follow, not the repository's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../functions/send-contact-email/database/postgres-store.ts";
import { openSqliteStore } from "../../functions/send-contact-email/database/sqlite-store.ts";
import type { BookingStore } from "../../functions/send-contact-email/store/booking-store.ts";
import type { ContentStore } from "../../functions/send-contact-email/store/content-store.ts";
import { applyMigrations } from "../../functions/send-contact-email/store/migrations.ts";
import type { ContactStore } from "../../functions/send-contact-email/store/store.ts";
import { dataPaths } from "../../server/settings.ts";
import { businessTimeZone } from "../../shared/business-reach.ts";
import { addDays, calendarDay, zonedInstant } from "../../shared/calendar-day.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { formatDate } from "../../shared/quote/preferred-windows.ts";
import { storeSample } from "../support/samples.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { runLeads } from "./support/processes.ts";

const hour = 3_600_000;
/** A day from today on New York's calendar, YYYY-MM-DD. */
const day = (fromToday: number) => addDays(calendarDay(new Date(), businessTimeZone), fromToday);
const at = (fromToday: number, time: string) =>
  zonedInstant(day(fromToday), time, businessTimeZone);

const estimate = {
  low: 180,
  high: 220,
  currency: "USD" as const,
  priceList: "2026-11-a",
  inputs: {
    kind: "home" as const,
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1800,
    condition: "routine" as const,
    frequency: "one-time" as const,
    addOns: [],
  },
};

/**
 * The plan's first day, from today: a Monday to Thursday in the next week whose day a week later
 * and the day after that are open (the repository's hours and holidays), so that its second visit,
 * moved off the published holiday, lands on the day after.
 */
const planStart = (() => {
  const { closedDays } = repositoryFacts();
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const weekday = new Date(`${day(ahead)}T12:00:00Z`).getUTCDay();
    const open = [ahead, ahead + 7, ahead + 8].every(
      (one) => closedDays.closedReason(day(one)) === null,
    );
    if (weekday >= 1 && weekday <= 4 && open) return ahead;
  }
  throw new Error("no week ahead with a plan's days open");
})();

/** The published version: a holiday of its own on the plan's second visit, moved within its week. */
function publishedDocument(): SiteContent {
  const document = structuredClone(repositoryContent) as SiteContent;
  const [, month, date] = day(planStart + 7)
    .split("-")
    .map(Number);
  document.hours.holidays = [
    ...document.hours.holidays,
    { name: "Family Day", month: month as number, day: date as number },
  ];
  document.booking.closedDayVisits = "move";
  return document;
}

const weeklyEstimate = {
  ...estimate,
  recurring: { low: 150, high: 190 },
  inputs: { ...estimate.inputs, frequency: "weekly" as const },
};

/**
 * Tomorrow two visits (8 and 9 AM), in three days one, in 20 days one, yesterday one; a weekly
 * plan at 2 PM from `planStart`; the published version with its holiday.
 */
async function seed(
  store: Pick<ContactStore, "submit"> &
    Pick<BookingStore, "changeRequest"> &
    Pick<ContentStore, "publishContent">,
) {
  const book = async (
    name: string,
    start: Date,
    hours: number,
    extra: { zip?: string; town?: string; priced?: true; address?: string } = {},
  ) => {
    const id = await storeSample(
      store,
      new Date(Date.now() - 5 * 24 * hour),
      { name, phone: "484.555.0199", email: `${name.split(" ")[0]?.toLowerCase()}@example.org` },
      {
        details: {
          ...(extra.zip ? { zip: extra.zip, inServiceArea: true, town: extra.town ?? null } : {}),
          ...(extra.priced ? { estimate } : {}),
        },
      },
    );
    const result = await store.changeRequest(
      id,
      {
        status: "booked",
        visit: { start, end: new Date(start.getTime() + hours * hour) },
        ...(extra.address ? { serviceAddress: extra.address } : {}),
        event: { actor: "owner", kind: "booked" },
      },
      new Date(),
    );
    if (!result.ok) throw new Error(`not booked: ${result.reason}`);
    return id;
  };
  return {
    dana: await book("Dana Whitfield", at(1, "09:00"), 4, {
      zip: "19341",
      town: "Exton",
      priced: true,
      address: "12 Main St, Exton PA 19341",
    }),
    earl: await book("Early Earl", at(1, "08:00"), 1),
    kim: await book("Kim Kop", at(3, "10:00"), 2, { zip: "19406", town: "King of Prussia" }),
    far: await book("Far Fay", at(20, "09:00"), 2),
    past: await book("Past Pat", at(-1, "09:00"), 2),
    paula: await bookPlan(),
  };

  async function bookPlan() {
    const id = await storeSample(
      store,
      new Date(Date.now() - 5 * 24 * hour),
      { name: "Plan Paula", phone: "610.555.0123", email: "paula@example.org" },
      {
        details: {
          zip: "19380",
          inServiceArea: true,
          town: "West Chester",
          estimate: weeklyEstimate,
        },
      },
    );
    const start = at(planStart, "14:00");
    const result = await store.changeRequest(
      id,
      {
        status: "booked",
        visit: { start, end: new Date(start.getTime() + 2 * hour) },
        plan: {
          first: { day: day(planStart), time: "14:00" },
          minutes: 120,
          every: "week",
          skipped: [],
          moved: [],
          laterPrice: weeklyEstimate.recurring,
        },
        event: { actor: "visitor", kind: "booked" },
      },
      new Date(),
    );
    if (!result.ok) throw new Error(`not booked: ${result.reason}`);
    await store.publishContent({ document: publishedDocument(), changes: [] });
    return id;
  }
}

type Ids = Awaited<ReturnType<typeof seed>>;

function describeSchedule(run: (args: string[]) => Promise<string>, ids: () => Ids) {
  it("lists the next 14 days' visits, a line each, grouped by day, in the business's words", async () => {
    const text = await run(["--schedule"]);
    const tomorrow = formatDate(day(1));
    const paula = "Plan Paula  (610) 555-0123  West Chester";
    // Each day's lines: the one-time visits', then the plan's at 2 PM.
    const lines = new Map<number, string[]>([
      [
        1,
        [
          `${tomorrow}, 8:00–9:00 AM  Early Earl  (484) 555-0199  No address yet  Price on the call  One-time`,
          `${tomorrow}, 9:00 AM–1:00 PM  Dana Whitfield  (484) 555-0199  12 Main St, Exton PA 19341  $180–$220  One-time`,
        ],
      ],
      [
        3,
        [
          `${formatDate(day(3))}, 10:00 AM–12:00 PM  Kim Kop  (484) 555-0199  King of Prussia  Price on the call  One-time`,
        ],
      ],
    ]);
    const add = (ahead: number, line: string) =>
      lines.set(ahead, [...(lines.get(ahead) ?? []), line]);
    // The first visit at the first visit's price; the second, off the published holiday, at the
    // later price, moved to the next day.
    add(
      planStart,
      `${formatDate(day(planStart))}, 2:00–4:00 PM  ${paula}  $180–$220  Plan: every week`,
    );
    add(
      planStart + 8,
      `${formatDate(day(planStart + 8))}, 2:00–4:00 PM  ${paula}  $150–$190  Plan: every week, moved from ${formatDate(day(planStart + 7))} (Family Day)`,
    );
    const days = [...lines].sort(([a], [b]) => a - b).map(([, ofDay]) => ofDay.join("\n"));
    expect(text).toBe(`${days.join("\n\n")}\n\n5 visits in the next 14 days.\n`);
  });

  it("--days says how far ahead", async () => {
    const two = await run(["--schedule", "--days", "2"]);
    expect(two).toContain("Dana Whitfield");
    expect(two).not.toContain("Kim Kop");
    // The plan's first visit too, when it starts within 48 hours.
    const planIn = at(planStart, "14:00").getTime() < Date.now() + 48 * hour;
    expect(two).toContain(`${planIn ? 3 : 2} visits in the next 2 days.`);
    expect(await run(["--schedule", "--days", "30"])).toContain("Far Fay");
  });

  it("--json prints one object per visit: times with New York's offset, the price in dollars", async () => {
    const lines = (await run(["--schedule", "--json"])).trim().split("\n");
    const visits = lines.map((line) => JSON.parse(line));
    expect(
      visits.filter((visit) => visit.requestId !== ids().paula).map((visit) => visit.requestId),
    ).toEqual([ids().earl, ids().dana, ids().kim]);
    const dana = visits.find((visit) => visit.requestId === ids().dana);
    expect(dana).toEqual({
      requestId: ids().dana,
      start: expect.stringMatching(/^\d{4}-\d\d-\d\dT09:00:00-0[45]:00$/),
      end: expect.stringMatching(/T13:00:00-0[45]:00$/),
      name: "Dana Whitfield",
      phone: "484.555.0199",
      email: "dana@example.org",
      address: "12 Main St, Exton PA 19341",
      town: "Exton",
      zip: "19341",
      price: { low: 180, high: 220 },
      kind: "One-time",
      moved: null,
    });
    expect(Date.parse(dana.start)).toBe(at(1, "09:00").getTime());
    expect(dana.start.slice(0, 10)).toBe(day(1));
    expect(visits[0]).toMatchObject({
      requestId: ids().earl,
      address: null,
      town: null,
      price: null,
    });
    // The plan's two visits, the second moved off the version's holiday.
    const plan = visits.filter((visit) => visit.requestId === ids().paula);
    expect(plan).toEqual([
      expect.objectContaining({
        start: expect.stringMatching(new RegExp(`^${day(planStart)}T14:00:00-0[45]:00$`)),
        price: { low: 180, high: 220 },
        kind: "Plan: every week",
        moved: null,
      }),
      expect.objectContaining({
        start: expect.stringMatching(new RegExp(`^${day(planStart + 8)}T14:00:00-0[45]:00$`)),
        end: expect.stringMatching(/T16:00:00-0[45]:00$/),
        price: { low: 150, high: 190 },
        kind: "Plan: every week",
        moved: { from: day(planStart + 7), closedDay: "Family Day" },
      }),
    ]);
  });
}

describe("npm run leads -- --schedule, on the data folder (SQLite)", () => {
  let folder = "";
  let ids: Ids;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "leads-schedule-"));
    const store = openSqliteStore(dataPaths(join(folder, "data")).database);
    try {
      ids = await seed(store);
    } finally {
      await store.close();
    }
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  describeSchedule(
    (args) => runLeads(join(folder, "data"), args, folder),
    () => ids,
  );

  it("says so when nothing is booked", async () => {
    const empty = join(folder, "empty");
    expect(await runLeads(empty, ["--schedule"], folder)).toBe(
      "No visits booked in the next 14 days.\n",
    );
    expect(await runLeads(empty, ["--schedule", "--json"], folder)).toBe("");
  });

  it("refuses --days without --schedule, or that is not a number of days", async () => {
    const empty = join(folder, "empty");
    await expect(runLeads(empty, ["--days", "3"], folder)).rejects.toThrow(/--schedule/);
    await expect(runLeads(empty, ["--schedule", "--days", "soon"], folder)).rejects.toThrow(
      /--days/,
    );
  });
});

describe.skipIf(!postgresRuns)("npm run leads -- --schedule, on Postgres (DATABASE_URL)", () => {
  let folder = "";
  let pg: LocalPostgres;
  let url = "";
  let ids: Ids;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "leads-schedule-pg-"));
    pg = await startLocalPostgres();
    url = pg.createDatabase("website");
    const store = openPostgresStore({ url });
    try {
      await applyMigrations(store.sql);
      ids = await seed(store);
    } finally {
      await store.close();
    }
  }, 90_000);
  afterAll(async () => {
    await pg?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  describeSchedule(
    (args) => runLeads(join(folder, "no-data-here"), args, folder, { DATABASE_URL: url }),
    () => ids,
  );
});
