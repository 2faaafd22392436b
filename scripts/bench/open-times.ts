/**
 * The open times a visitor's page offers, over a busy month (`npm run bench:open-times
 * [-- --runs N]`): 28 days ahead with 500 booked one-time visits and 50 recurring plans (weekly,
 * every two weeks or monthly, a few with a visit skipped or moved), stored in a SQLite store in
 * memory and read as the page reads them: the store's visits and plans, the plans' visits worked
 * out by booked-visits.ts (`bookedVisitsBetween`), then shared/booking/open-times.ts. Times each
 * step and the page's whole answer (`offeredTimes`, for a one-time visit and for a weekly plan,
 * whose every time is checked over its first eight weeks) N times (50 by default) after a few to
 * warm up, and `fitsAt` for one time (what the store asks inside its transaction); prints one
 * table with when, on which machine and how loaded it was, and writes it to docs/figures.md
 * ("Open times for booking"). The goal, under 50 ms, is read, never enforced: a figure, not a test.
 */
import { loadavg } from "node:os";
import type { NewContactRequest } from "../../functions/send-contact-email/index.ts";
import { openSqliteStore } from "../../functions/send-contact-email/node.ts";
import {
  bookedVisitsBetween,
  offeredTimes,
  planRulesOf,
} from "../../functions/send-contact-email/owner-tools.ts";
import {
  type Busy,
  fitsAt,
  type OpenTimesInput,
  openTimes,
} from "../../shared/booking/open-times.ts";
import type { PlanEvery } from "../../shared/booking/plans.ts";
import { addDays, calendarDay, zonedInstant } from "../../shared/calendar-day.ts";
import { weekdayOf } from "../../shared/closed-days.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import type { Frequency } from "../../shared/quote/price-list.ts";
import { resolveQuoteDetails } from "../../shared/quote/quote-details.ts";
import { homeInputs } from "../../tests/support/booking-function.ts";
import { machine, markdownTable, provenance, writeFigures } from "../../tools/figures.ts";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 50;
const warmUps = 5;

const repository = repositoryFacts();
// The repository's booking settings, with the crews a business booking 650 visits a month needs
// (one crew could not do them) and the contract's 28 days.
const settings = { ...repository.booking, crews: 8, daysAhead: 28 };
const facts = { ...repository, booking: settings };
const { timeZone } = facts.reach;
const { week } = facts.reach.hours;
const { closedDays } = facts;
const rules = planRulesOf(facts);
/** A fixed Monday morning, so that runs on different days measure the same month (Thanksgiving in it). */
const now = zonedInstant("2026-11-16", "08:00", timeZone);
const today = calendarDay(now, timeZone);
const minute = 60_000;
const day = 86_400_000;

/** The same visits on every run: a small seeded generator (mulberry32). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(36);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};
const isOpen = (date: string) =>
  week[weekdayOf(new Date(`${date}T00:00:00Z`))].open && closedDays.closedReason(date) === null;

/** A visit of `length` minutes at a random half hour of an open day's hours, or null if closed. */
function visitOn(date: string, length: number): Busy | null {
  const hours = week[weekdayOf(new Date(`${date}T00:00:00Z`))];
  if (!hours.open || closedDays.closedReason(date) !== null) return null;
  const opens = minutesOf(hours.opens);
  const latest = minutesOf(hours.closes) - length;
  if (latest < opens) return null;
  const start = opens + 30 * Math.floor(random() * ((latest - opens) / 30 + 1));
  const begins = zonedInstant(date, clock(Math.min(start, latest)), timeZone);
  return { start: begins, end: new Date(begins.getTime() + length * minute) };
}

const store = openSqliteStore(":memory:", { groupCommit: false });
let serial = 0;

/** A residential request from the area, with a home estimate of that frequency. */
async function request(frequency: Frequency): Promise<string> {
  serial += 1;
  const result = validateContact({
    name: `Customer ${serial}`,
    email: `customer${serial}@example.org`,
    phone: `(484) 555-${String(serial).padStart(4, "0")}`,
    service: "residential",
    otherService: "",
    message: "Three bedrooms, two baths.",
  });
  if (!result.ok) throw new Error(`invalid seed: ${JSON.stringify(result.fields)}`);
  const id = crypto.randomUUID();
  const details = resolveQuoteDetails(
    {
      zip: "19341",
      estimate: homeInputs(frequency),
    },
    facts,
  );
  const submitted: NewContactRequest = {
    id,
    data: result.data,
    fingerprint: id,
    receivedAt: new Date(now.getTime() - 20 * day),
    dedupeWindowMs: 0,
    details,
  };
  await store.submit(submitted);
  return id;
}

const lengths = [120, 150, 180, 240] as const;
let oneTime = 0;
while (oneTime < 500) {
  const visit = visitOn(
    addDays(today, 1 + Math.floor(random() * settings.daysAhead)),
    pick(lengths),
  );
  if (!visit) continue;
  const id = await request("one-time");
  await store.changeRequest(
    id,
    { status: "booked", visit, event: { actor: "owner", kind: "booked" } },
    now,
  );
  oneTime += 1;
}

/** 50 plans from the weeks before: mostly weekly, some every two weeks, a few monthly. */
const everies: Record<PlanEvery, Frequency> = {
  week: "weekly",
  "two-weeks": "bi-weekly",
  month: "monthly",
};
for (let plan = 0; plan < 50; plan += 1) {
  const roll = random();
  const every: PlanEvery = roll < 0.6 ? "week" : roll < 0.9 ? "two-weeks" : "month";
  const length = pick(lengths);
  let first = addDays(today, -Math.floor(random() * 21));
  while (!isOpen(first)) first = addDays(first, 1);
  const time = clock(8 * 60 + 30 * Math.floor(random() * 12));
  const start = zonedInstant(first, time, timeZone);
  const id = await request(everies[every]);
  const stored = await store.get(id);
  // One in five has a visit skipped, one in five one moved to the next day.
  const next = addDays(first, every === "month" ? 35 : 14);
  await store.changeRequest(
    id,
    {
      status: "booked",
      visit: { start, end: new Date(start.getTime() + length * minute) },
      plan: {
        first: { day: first, time },
        minutes: length,
        every,
        skipped: plan % 5 === 1 && every !== "month" ? [next] : [],
        moved:
          plan % 5 === 2 && every !== "month"
            ? [{ from: next, to: { day: addDays(next, 1), time } }]
            : [],
        laterPrice: stored?.estimate?.recurring ?? null,
      },
      event: { actor: "visitor", kind: "booked" },
    },
    now,
  );
}

// The visitors whose pages are measured: a one-time cleaning, and a weekly plan.
const visitorOnce = await store.get(await request("one-time"));
const visitorWeekly = await store.get(await request("weekly"));
if (!visitorOnce || !visitorWeekly) throw new Error("the visitors' requests were not stored");

// What the page reads: the visits from a day ago to the horizon and the plans' next eight weeks.
const horizon = new Date(now.getTime() + (settings.daysAhead + 56 + 2) * day);
const read = () => bookedVisitsBetween(store, new Date(now.getTime() - day), horizon, rules);
const visits = await read();
const busy = visits.map(({ start, end }) => ({ start, end }));
const inMonth = visits.filter((visit) => visit.start < new Date(now.getTime() + 29 * day));
const planVisits = inMonth.filter((visit) => visit.planVisit).length;
const input: OpenTimesInput = { settings, week, closedDays, timeZone, busy, minutes: 180, now };

async function timed(run: () => unknown): Promise<number[]> {
  for (let warm = 0; warm < warmUps; warm += 1) await run();
  const ms: number[] = [];
  for (let round = 0; round < runs; round += 1) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const figure = (ms: number[]) => [
  median(ms).toFixed(2),
  `${Math.min(...ms).toFixed(2)}–${Math.max(...ms).toFixed(2)}`,
];
const shown = async (request: typeof visitorOnce) =>
  (await offeredTimes(store, request, facts, now))?.days.reduce(
    (sum, one) => sum + one.times.length,
    0,
  ) ?? 0;

const loadBefore = loadavg();
const readMs = await timed(read);
const open = openTimes(input);
const openMs = await timed(() => openTimes(input));
const onceMs = await timed(() => offeredTimes(store, visitorOnce, facts, now));
const weeklyMs = await timed(() => offeredTimes(store, visitorWeekly, facts, now));
const proposed = open[Math.floor(open.length / 2)] ?? { start: now, end: now };
const fitsMs = await timed(() =>
  fitsAt({ settings, busy, start: proposed.start, end: proposed.end }),
);
const loadAfter = loadavg();
const shownOnce = await shown(visitorOnce);
const shownWeekly = await shown(visitorWeekly);
await store.close();

const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
const table = markdownTable(
  ["what", "busy visits", "open times", "median ms", "range ms"],
  [
    [
      "the store's visits and the 50 plans' (`bookedVisitsBetween`, SQLite in memory)",
      busy.length,
      "–",
      ...figure(readMs),
    ],
    ["`openTimes`, 28 days, 3-hour visit", busy.length, open.length, ...figure(openMs)],
    [
      "**the page's open times, one-time visit** (`offeredTimes`: the read, then the times)",
      busy.length,
      `${shownOnce} on the first 4 days`,
      ...figure(onceMs),
    ],
    [
      "the page's open times, weekly plan (each time's next 8 weeks checked)",
      busy.length,
      `${shownWeekly} on the first 4 days`,
      ...figure(weeklyMs),
    ],
    ["`fitsAt`, one time (the store's check)", busy.length, "–", ...figure(fitsMs)],
  ],
);
const notes = [
  `Load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after.`,
  `From ${today} (a fixed Monday, Thanksgiving inside), ${settings.crews} crews, ${settings.travelMinutes} minutes' travel, ${settings.daysAhead} days ahead; ${oneTime} booked one-time visits and 50 plans (${planVisits} of their visits in the 28 days; busy visits: everything the page reads, to the plans' eighth week); ${runs} runs after ${warmUps} to warm up. Goal: under 50 ms.`,
];
await writeFigures("open-times", [provenance("bench:open-times", notes), "", table].join("\n"));
process.stdout.write(
  [
    `Open times, measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `Machine: ${machine()}.`,
    "Host: this process alone, no browser or Lighthouse; the store is SQLite in memory.",
    ...notes,
    "",
    table,
    "",
  ].join("\n"),
);
