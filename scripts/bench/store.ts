/**
 * The owner's inbox over a busy year (`npm run bench:store [-- --runs N] [-- --only sqlite]`):
 * 20,000 quote requests and 2,000 booked visits (inbox-seed.ts) in the SQLite store of `npm start`
 * (a file, WAL) and in Postgres (a throwaway server, tests/integration/support/postgres.ts), then
 * the inbox's answer times as the owner meets them, through the inbox's own handler: its first
 * page, a search, a filter, and the CSV of everything but spam. Medians of N runs (7 by default)
 * after one to warm up; prints a table and writes it to docs/figures.md ("The house"), with the
 * machine and its load. A figure, never a test: the goal (the first page under 150 ms) is read,
 * not enforced.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  createLinkSigners,
  type FunctionStore,
  inboxSubject,
  openPostgresStore,
  parseLinkSettings,
} from "../../functions/send-contact-email/index.ts";
import { applyMigrations, openSqliteStore } from "../../functions/send-contact-email/node.ts";
import {
  createContentSource,
  handleInbox,
} from "../../functions/send-contact-email/owner-tools.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { postgresBin, startLocalPostgres } from "../../tests/integration/support/postgres.ts";
import { markdownTable, provenance, writeFigures } from "../../tools/figures.ts";
import { seedInbox } from "./inbox-seed.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const runs = Number(argument("--runs") ?? 7);
const only = argument("--only");

const now = new Date();
const links = createLinkSigners(parseLinkSettings({}, "bench-store-owner-link-secret-0123456789"));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** What the owner asks the inbox, as its address carries it. */
const asks: { what: string; format: "page" | "csv"; params: Record<string, string> }[] = [
  { what: "inbox, first page", format: "page", params: {} },
  { what: "inbox, page 20", format: "page", params: { page: "20" } },
  {
    what: "inbox, booked, last 90 days",
    format: "page",
    params: { status: "booked", period: "90d" },
  },
  { what: 'search "oven"', format: "page", params: { q: "oven" } },
  { what: 'search a phone, "555-0142"', format: "page", params: { q: "555-0142" } },
  { what: "CSV of everything but spam", format: "csv", params: {} },
];

async function timeAsks(
  store: FunctionStore,
): Promise<{ what: string; ms: number[]; size: number }[]> {
  const token = await links.inbox.sign(inboxSubject, now);
  // The repository's version live; each request described from the version it was stamped with.
  const live = { version: null, facts: repositoryFacts() };
  const content = createContentSource({ live: () => live, versions: () => store });
  const results = [];
  for (const ask of asks) {
    const query = new URLSearchParams({ token, ...ask.params });
    const url = `https://fn.example/functions/v1/send-contact-email/inbox${ask.format === "csv" ? ".csv" : ""}?${query}`;
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      const response = await handleInbox(
        new Request(url),
        ask.format,
        { scope: "inbox", subject: inboxSubject, token },
        { store, links, now: () => now, content },
      );
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${ask.what}: ${response.status}`);
      if (run > 0) times.push(performance.now() - started);
      size = body.length;
    }
    results.push({ what: ask.what, ms: times, size });
  }
  return results;
}

type Measured = { engine: string; seedSeconds: number; asks: Awaited<ReturnType<typeof timeAsks>> };

async function measure(engine: string, store: FunctionStore): Promise<Measured> {
  const started = performance.now();
  await seedInbox(store, now);
  const seedSeconds = (performance.now() - started) / 1000;
  process.stdout.write(`${engine}: seeded in ${seedSeconds.toFixed(1)} s\n`);
  const asked = await timeAsks(store);
  for (const ask of asked)
    process.stdout.write(
      `  ${ask.what}: ${median(ask.ms).toFixed(1)} ms (${ask.size} characters)\n`,
    );
  return { engine, seedSeconds, asks: asked };
}

const folder = mkdtempSync(path.join(tmpdir(), "bench-store-"));
const loadBefore = loadavg();
const measured: Measured[] = [];
try {
  if (only !== "postgres") {
    const store = openSqliteStore(path.join(folder, "contact-requests.db"));
    try {
      measured.push(await measure("SQLite (a file, WAL)", store));
    } finally {
      await store.close();
    }
  }
  if (only !== "sqlite" && postgresBin) {
    const pg = await startLocalPostgres({ durable: true });
    const store = openPostgresStore({ url: pg.url });
    try {
      await applyMigrations(store.sql);
      measured.push(await measure("Postgres (loopback, durable)", store));
    } finally {
      await store.close();
      await pg.stop();
    }
  } else if (only !== "sqlite") {
    process.stdout.write("Postgres not installed: only SQLite measured.\n");
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const loadAfter = loadavg();

const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
const table = markdownTable(
  ["ask", ...measured.map((entry) => `${entry.engine}: median ms (range)`)],
  asks.map((ask, index) => [
    ask.what,
    ...measured.map((entry) => {
      const ms = entry.asks[index]?.ms ?? [];
      return `${median(ms).toFixed(1)} (${Math.min(...ms).toFixed(1)}–${Math.max(...ms).toFixed(1)})`;
    }),
  ]),
);
const seeded = measured
  .map((entry) => `${entry.engine} seeded in ${entry.seedSeconds.toFixed(1)} s`)
  .join("; ");
await writeFigures(
  "store",
  [
    provenance("bench:store", [
      `Load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after.`,
      `20,000 requests, 2,000 booked visits; ${runs} runs after one to warm up; ${seeded}.`,
    ]),
    "",
    table,
  ].join("\n"),
);
process.stdout.write(`\n${table}\n`);
