/**
 * The open times a visitor's page offers, over a busy month (`npm run bench:open-times
 * [-- --runs N]`): 28 days ahead with 500 booked visits and the visits of 50 weekly or
 * every-two-weeks plans, as the store hands them to shared/booking/open-times.ts. Times
 * `openTimes` N times (50 by default) after a few to warm up, and `fitsAt` for one time (what the
 * store asks inside its transaction); prints one table and writes it to docs/figures.md ("Open
 * times for booking"). The goal, under 50 ms, is read, never enforced: a figure, not a test.
 */
import { loadavg } from "node:os";
import {
  type Busy,
  fitsAt,
  type OpenTimesInput,
  openTimes,
} from "../../shared/booking/open-times.ts";
import { addDays, calendarDay, zonedInstant } from "../../shared/calendar-day.ts";
import { weekdayOf } from "../../shared/closed-days.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { markdownTable, provenance, writeFigures } from "../../tools/figures.ts";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 50;
const warmUps = 5;

const facts = repositoryFacts();
const { timeZone } = facts.reach;
const { week } = facts.reach.hours;
const { closedDays } = facts;
// The repository's booking settings, with the crews a business booking 650 visits a month needs
// (one crew could not do them) and the contract's 28 days.
const settings = { ...facts.booking, crews: 8, daysAhead: 28 };
/** A fixed Monday morning, so that runs on different days measure the same month (Thanksgiving in it). */
const now = zonedInstant("2026-11-16", "08:00", timeZone);
const today = calendarDay(now, timeZone);
const minute = 60_000;

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

/** A visit of `length` minutes at a random half hour of an open day's hours, or null if closed. */
function visitOn(day: string, length: number, at?: number): Busy | null {
  const hours = week[weekdayOf(new Date(`${day}T00:00:00Z`))];
  if (!hours.open || closedDays.closedReason(day) !== null) return null;
  const opens = minutesOf(hours.opens);
  const latest = minutesOf(hours.closes) - length;
  if (latest < opens) return null;
  const start = at ?? opens + 30 * Math.floor(random() * ((latest - opens) / 30 + 1));
  const begins = zonedInstant(day, clock(Math.min(start, latest)), timeZone);
  return { start: begins, end: new Date(begins.getTime() + length * minute) };
}

const lengths = [120, 150, 180, 240] as const;
const booked: Busy[] = [];
while (booked.length < 500) {
  const visit = visitOn(
    addDays(today, 1 + Math.floor(random() * settings.daysAhead)),
    pick(lengths),
  );
  if (visit) booked.push(visit);
}

/** 50 plans: a weekday and a time each, weekly or every two weeks, their visits in the horizon. */
const planned: Busy[] = [];
for (let plan = 0; plan < 50; plan += 1) {
  const every = random() < 0.7 ? 7 : 14;
  const length = pick(lengths);
  // A plan is booked on an open weekday; its visit on a holiday is skipped (the default).
  let first = 1 + Math.floor(random() * every);
  while (!week[weekdayOf(new Date(`${addDays(today, first)}T00:00:00Z`))].open) first += 1;
  const at = 8 * 60 + 30 * Math.floor(random() * 12);
  for (let ahead = first; ahead <= settings.daysAhead; ahead += every) {
    const visit = visitOn(addDays(today, ahead), length, at);
    if (visit) planned.push(visit);
  }
}

const busy = [...booked, ...planned];
const input: OpenTimesInput = { settings, week, closedDays, timeZone, busy, minutes: 180, now };

function timed(run: () => unknown): number[] {
  for (let warm = 0; warm < warmUps; warm += 1) run();
  const ms: number[] = [];
  for (let round = 0; round < runs; round += 1) {
    const started = performance.now();
    run();
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

const loadBefore = loadavg();
const open = openTimes(input);
const openMs = timed(() => openTimes(input));
const proposed = open[Math.floor(open.length / 2)] ?? { start: now, end: now };
const fitsMs = timed(() => fitsAt({ settings, busy, start: proposed.start, end: proposed.end }));
const loadAfter = loadavg();

const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
const table = markdownTable(
  ["what", "busy visits", "open times found", "median ms", "range ms"],
  [
    ["`openTimes`, 28 days, 3-hour visit", busy.length, open.length, ...figure(openMs)],
    ["`fitsAt`, one time (the store's check)", busy.length, "–", ...figure(fitsMs)],
  ],
);
await writeFigures(
  "open-times",
  [
    provenance("bench:open-times", [
      `Load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after.`,
      `From ${today} (a fixed Monday, Thanksgiving inside), ${settings.crews} crews, ${settings.travelMinutes} minutes' travel, ${settings.daysAhead} days ahead; ${booked.length} booked visits and ${planned.length} visits of 50 plans (weekly or every two weeks); ${runs} runs after ${warmUps} to warm up. Goal: under 50 ms.`,
    ]),
    "",
    table,
  ].join("\n"),
);
process.stdout.write(`${table}\n`);
