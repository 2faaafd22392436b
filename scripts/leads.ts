/**
 * `npm run leads`: the quote requests stored by the embedded server, newest first, with their
 * e-mail delivery status. `--json` prints one JSON object a line, `--csv` a CSV file for a
 * spreadsheet. Through npm, flags go after `--` and `-s` keeps npm's banner out of a file:
 * `npm run -s leads -- --csv > leads.csv` (`npm run leads --json` works too). Reads the store
 * the server uses: Postgres when DATABASE_URL is set, else SQLite in DATA_DIR (default ./data).
 */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  createLinkSigners,
  inboxSubjects,
  leadStatuses,
  openPostgresStore,
  type StoredContactRequest,
} from "../functions/send-contact-email/index.ts";
import { openSqliteStore } from "../functions/send-contact-email/node.ts";
import {
  calendarFeedUrl,
  comingPeriod,
  daysCovered,
  feedName,
  filterLeads,
  inboxPageUrl,
  parseLeadFilter,
  parseScheduleDays,
  periodStats,
  planRulesOf,
  reportPeriods,
  type ScheduledVisit,
  type SiteCount,
  scheduledVisits,
  scheduleJsonLines,
  scheduleText,
  statsDocument,
  statsText,
  storedLiveFacts,
  toCsv,
  toJsonLine,
  toLead,
  toText,
} from "../functions/send-contact-email/owner-tools.ts";
import { describeDatabaseUrl } from "../server/contact-store.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths, readServerSettings } from "../server/settings.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import { serviceOptions } from "../shared/contact-fields.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";

const usage = `Usage: npm run leads [-- --json | -- --csv | -- --stats | -- --schedule] [filters]

Lists the quote requests received by the website, newest first (spam left out).
  (no option)      a readable list
  --json           one JSON object per line
  --csv            CSV for a spreadsheet, e.g. npm run -s leads -- --csv > leads.csv
  --stats          numbers for last week and the last 7, 30 and 90 days: requests by source, town
                   and service; booked, won and lost; time to first answer; quote forms started
                   and sent; phone taps by page; what booked and won work is worth (first
                   visits, and recurring plans a month); with --json, one JSON document
  --schedule       the coming visits, from now: a line each (day and time, name, phone, address
                   or town, price, one-time or plan), grouped by day; with --json, one JSON
                   object per visit (start and end with New York's offset)
  --days N         how far ahead --schedule looks, in days (default 14)
Filters:
  --status LIST    ${leadStatuses.join(", ")} (comma-separated)
  --service LIST   ${serviceOptions.map((option) => option.value).join(", ")}
  --since WHEN     a date (2026-11-01) or a number of days (30d)
  --town NAME      a town of the service area, "outside" (the area), or "none" (no ZIP given)
  --search TEXT    part of a name, an e-mail address, a phone number, a town, a service, the
                   message, a ZIP or where the visit came from (google, a campaign)
  --all            include spam
  --calendar-url   print the address of your calendar of booked visits, to subscribe to once
  --inbox-url      print the address of your inbox (every request), to bookmark
Reads Postgres when DATABASE_URL is set, else the data folder DATA_DIR (default: ./data).
`;

type Stored = { rows: StoredContactRequest[]; counts: SiteCount[] };

/** The SQLite database the server keeps in DATA_DIR (default ./data). */
const sqlitePath = () =>
  dataPaths(resolve(process.cwd(), process.env.DATA_DIR?.trim() || "data")).database;

type ScheduleSource = Parameters<typeof scheduledVisits>[0] & Parameters<typeof storedLiveFacts>[0];

/** The visits in the period, plans' too, worked out with the version live in that store. */
async function visitsIn(store: ScheduleSource, period: { from: Date; to: Date }) {
  const rules = planRulesOf(await storedLiveFacts(store));
  return scheduledVisits(store, period.from, period.to, rules);
}

/** The visits starting in the period, from Postgres or the data folder; none before any is stored. */
async function readSchedule(period: { from: Date; to: Date }): Promise<ScheduledVisit[]> {
  const url = databaseUrl(process.env);
  if (url) {
    const store = openPostgresStore({ url, maxConnections: 1 });
    try {
      const [found] = await store.sql<{ requests: boolean }[]>`
        select to_regclass('public.contact_requests') is not null as requests`;
      if (found?.requests) return await visitsIn(store, period);
      process.stderr.write(
        `No contact_requests table yet in ${describeDatabaseUrl(url)}: start the server once.\n`,
      );
      return [];
    } finally {
      await store.close();
    }
  }
  const database = sqlitePath();
  if (!existsSync(database)) {
    process.stderr.write(`No database yet at ${database}: no visits have been booked.\n`);
    return [];
  }
  const store = openSqliteStore(database);
  try {
    return await visitsIn(store, period);
  } finally {
    await store.close();
  }
}

/** Postgres: read only; the server creates the tables (migrations) when it starts. */
async function readPostgres(
  url: string,
  days: { from: string; to: string },
): Promise<Stored | null> {
  const store = openPostgresStore({ url, maxConnections: 1 });
  try {
    const [found] = await store.sql<{ requests: boolean; counts: boolean }[]>`
      select to_regclass('public.contact_requests') is not null as requests,
             to_regclass('public.site_counts') is not null as counts`;
    if (!found?.requests) return null;
    return {
      rows: await store.list(),
      counts: found.counts ? await store.countsBetween(days.from, days.to) : [],
    };
  } finally {
    await store.close();
  }
}

/**
 * The owner's private addresses, signed as the server signs them: the calendar feed
 * (booking/calendar-feed.ts) and the inbox (inbox/inbox-route.ts). Without a secret in .env, the
 * one `npm start` keeps in the data folder (server/link-secret.ts; made here if the server has
 * not made it yet, and then used by it). A secret made for this run alone would give an address
 * that works for nobody.
 */
async function ownerAddress(env: NodeJS.ProcessEnv, which: "calendar" | "inbox"): Promise<string> {
  const settings = readServerSettings(env, { keepLinkSecret: true });
  const { owner } = settings;
  // No address of the owner's own: the server links to itself (server/contact-service.ts).
  const functionUrl = settings.ownerLinksToServer
    ? `http://${settings.host}:${settings.port}${deploymentDefaults.functionPath}`
    : owner.functionUrl;
  if (owner.linkSecretGenerated)
    throw new Error(
      "Set OWNER_LINK_SECRET in .env first, as the server has it: the address is signed with it.",
    );
  const signers = createLinkSigners(owner.links);
  const now = new Date();
  return which === "calendar"
    ? calendarFeedUrl(functionUrl, await signers.calendar.sign(feedName, now))
    : inboxPageUrl(functionUrl, await signers.inbox.sign(inboxSubjects.act, now));
}

async function main() {
  const { values } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      stats: { type: "boolean", default: false },
      schedule: { type: "boolean", default: false },
      days: { type: "string" },
      all: { type: "boolean", default: false },
      status: { type: "string" },
      service: { type: "string" },
      since: { type: "string" },
      town: { type: "string" },
      search: { type: "string" },
      "calendar-url": { type: "boolean", default: false },
      "inbox-url": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  if (values["calendar-url"] || values["inbox-url"]) {
    loadEnvFile();
    const which = values["calendar-url"] ? "calendar" : "inbox";
    process.stdout.write(`${await ownerAddress(process.env, which)}\n`);
    return;
  }
  // `npm run leads --json` (without `--`) does not pass the flag on: npm takes --json as its own
  // setting and hands it over as npm_config_json. `--csv` must come after `--`.
  const json = values.json || process.env.npm_config_json === "true";
  const stats = values.stats || process.env.npm_config_stats === "true";
  if (values.schedule || process.env.npm_config_schedule === "true") {
    if (values.csv || stats)
      throw new Error("--schedule lists the visits as text, or with --json as JSON lines.");
    const days = parseScheduleDays(values.days);
    loadEnvFile();
    const visits = await readSchedule(comingPeriod(new Date(), days));
    process.stdout.write(json ? scheduleJsonLines(visits) : scheduleText(visits, days));
    return;
  }
  if (values.days !== undefined) throw new Error("--days goes with --schedule.");
  // --stats --json is the numbers for a script; any other pair asks for two things at once.
  if ([json && !stats, values.csv, stats].filter(Boolean).length > 1) {
    throw new Error(
      "Choose one of --json, --csv and --stats (--stats --json for the numbers as JSON).",
    );
  }
  const now = new Date();
  const all = values.all || process.env.npm_config_all === "true";
  const filter = parseLeadFilter({ ...values, all }, now);

  loadEnvFile();
  let leads: ReturnType<typeof toLead>[] = [];
  let counts: SiteCount[] = [];
  const periods = reportPeriods(now, businessTimeZone);
  const days = daysCovered(periods);
  const url = databaseUrl(process.env);
  if (url) {
    const stored = await readPostgres(url, days);
    // Spam is left out by filterLeads unless --all or --status spam asks for it.
    if (stored) {
      leads = stored.rows.map(toLead);
      counts = stored.counts;
    } else
      process.stderr.write(
        `No contact_requests table yet in ${describeDatabaseUrl(url)}: start the server once.\n`,
      );
  } else {
    const database = sqlitePath();
    if (existsSync(database)) {
      const store = openSqliteStore(database);
      try {
        leads = (await store.list()).map(toLead);
        counts = await store.countsBetween(days.from, days.to);
      } finally {
        await store.close();
      }
    } else {
      process.stderr.write(
        `No database yet at ${database}: no quote requests have been received.\n`,
      );
    }
  }

  if (stats) {
    const figures = periods.map((period) => periodStats(leads, counts, period));
    process.stdout.write(
      json
        ? `${JSON.stringify(statsDocument(periods, figures, now, businessTimeZone), null, 2)}\n`
        : statsText(figures),
    );
    return;
  }
  leads = filterLeads(leads, filter);
  if (json) process.stdout.write(leads.map((lead) => `${toJsonLine(lead)}\n`).join(""));
  else if (values.csv) process.stdout.write(toCsv(leads));
  else process.stdout.write(toText(leads));
}

main().catch((error) => {
  process.stderr.write(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
