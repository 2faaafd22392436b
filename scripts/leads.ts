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
import { openPostgresStore } from "../functions/send-contact-email/postgres-store.ts";
import { openSqliteStore } from "../functions/send-contact-email/sqlite-store.ts";
import type { StoredContactRequest } from "../functions/send-contact-email/store.ts";
import { describeDatabaseUrl } from "../server/contact-store.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths } from "../server/settings.ts";
import { toCsv, toJsonLine, toLead, toText } from "./lead-formats.ts";

const usage = `Usage: npm run leads [-- --json | -- --csv] [-- --all]

Lists the quote requests received by the website, newest first.
  (no option)  a readable list
  --json       one JSON object per line
  --csv        CSV for a spreadsheet, e.g. npm run -s leads -- --csv > leads.csv
  --all        include what the spam filter caught (status "spam")
Reads Postgres when DATABASE_URL is set, else the data folder DATA_DIR (default: ./data).
`;

/** Postgres: read only; the server creates the table (migrations) when it starts. */
async function readPostgres(url: string): Promise<StoredContactRequest[] | null> {
  const store = openPostgresStore({ url, maxConnections: 1 });
  try {
    const [found] = await store.sql<{ exists: boolean }[]>`
      select to_regclass('public.contact_requests') is not null as exists`;
    return found?.exists ? await store.list() : null;
  } finally {
    await store.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      all: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  // `npm run leads --json` (without `--`) does not pass the flag on: npm takes --json as its own
  // setting and hands it over as npm_config_json. `--csv` must come after `--`.
  const json = values.json || process.env.npm_config_json === "true";
  if (json && values.csv) throw new Error("Choose one of --json and --csv.");
  const all = values.all || process.env.npm_config_all === "true";

  loadEnvFile();
  let leads: ReturnType<typeof toLead>[] = [];
  const url = databaseUrl(process.env);
  if (url) {
    const rows = await readPostgres(url);
    if (rows) leads = rows.filter((row) => all || row.status !== "spam").map(toLead);
    else
      process.stderr.write(
        `No contact_requests table yet in ${describeDatabaseUrl(url)}: start the server once.\n`,
      );
  } else {
    const database = dataPaths(
      resolve(process.cwd(), process.env.DATA_DIR?.trim() || "data"),
    ).database;
    if (existsSync(database)) {
      const store = openSqliteStore(database);
      try {
        leads = (await store.list()).filter((row) => all || row.status !== "spam").map(toLead);
      } finally {
        await store.close();
      }
    } else {
      process.stderr.write(
        `No database yet at ${database}: no quote requests have been received.\n`,
      );
    }
  }

  if (json) process.stdout.write(leads.map((lead) => `${toJsonLine(lead)}\n`).join(""));
  else if (values.csv) process.stdout.write(toCsv(leads));
  else process.stdout.write(toText(leads));
}

main().catch((error) => {
  process.stderr.write(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
