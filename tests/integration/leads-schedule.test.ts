/**
 * `npm run leads -- --schedule`: the coming visits, read from the data folder's SQLite database and
 * from Postgres (DATABASE_URL), as text and as JSON lines. The visits are booked from today, on
 * New York's calendar: the script reads the real clock.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../functions/send-contact-email/database/postgres-store.ts";
import { openSqliteStore } from "../../functions/send-contact-email/database/sqlite-store.ts";
import type { BookingStore } from "../../functions/send-contact-email/store/booking-store.ts";
import { applyMigrations } from "../../functions/send-contact-email/store/migrations.ts";
import type { ContactStore } from "../../functions/send-contact-email/store/store.ts";
import { dataPaths } from "../../server/settings.ts";
import { businessTimeZone } from "../../shared/business-reach.ts";
import { addDays, calendarDay, zonedInstant } from "../../shared/calendar-day.ts";
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

/** Tomorrow two visits (8 and 9 AM), in three days one, in 20 days one, yesterday one. */
async function seed(store: Pick<ContactStore, "submit"> & Pick<BookingStore, "changeRequest">) {
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
  };
}

type Ids = Awaited<ReturnType<typeof seed>>;

function describeSchedule(run: (args: string[]) => Promise<string>, ids: () => Ids) {
  it("lists the next 14 days' visits, a line each, grouped by day, in the business's words", async () => {
    const text = await run(["--schedule"]);
    const tomorrow = formatDate(day(1));
    expect(text).toBe(
      [
        `${tomorrow}, 8:00–9:00 AM  Early Earl  (484) 555-0199  No address yet  Price on the call  One-time`,
        `${tomorrow}, 9:00 AM–1:00 PM  Dana Whitfield  (484) 555-0199  12 Main St, Exton PA 19341  $180–$220  One-time`,
        "",
        `${formatDate(day(3))}, 10:00 AM–12:00 PM  Kim Kop  (484) 555-0199  King of Prussia  Price on the call  One-time`,
        "",
        "3 visits in the next 14 days.",
        "",
      ].join("\n"),
    );
  });

  it("--days says how far ahead", async () => {
    const two = await run(["--schedule", "--days", "2"]);
    expect(two).toContain("Dana Whitfield");
    expect(two).not.toContain("Kim Kop");
    expect(two).toContain("2 visits in the next 2 days.");
    expect(await run(["--schedule", "--days", "30"])).toContain("Far Fay");
  });

  it("--json prints one object per visit: times with New York's offset, the price in dollars", async () => {
    const lines = (await run(["--schedule", "--json"])).trim().split("\n");
    const visits = lines.map((line) => JSON.parse(line));
    expect(visits.map((visit) => visit.requestId)).toEqual([ids().earl, ids().dana, ids().kim]);
    expect(visits[1]).toEqual({
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
    });
    expect(Date.parse(visits[1].start)).toBe(at(1, "09:00").getTime());
    expect(visits[1].start.slice(0, 10)).toBe(day(1));
    expect(visits[0]).toMatchObject({ address: null, town: null, price: null });
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
