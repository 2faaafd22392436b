/**
 * `npm run backup [-- --to FILE]`: a copy of the quote requests' database (DATA_DIR, default
 * ./data) while the server runs (server/backup.ts), by default into
 * ./backups/contact-requests-<day>-<hhmm>.db in the business's time. Restoring it, and backing
 * up Postgres instead: docs/deploying.md, "Backups".
 */
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { backupDatabase, backupFolder } from "../server/backup.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths } from "../server/settings.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import { calendarDay, wallClock } from "../shared/calendar-day.ts";

function main() {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  loadEnvFile();
  if (databaseUrl(process.env)) {
    throw new Error(
      "the requests are in Postgres (DATABASE_URL): back it up with pg_dump, as docs/deploying.md says under Backups.",
    );
  }
  const { database } = dataPaths(resolve(process.cwd(), process.env.DATA_DIR?.trim() || "data"));
  const now = new Date();
  const { hour, minute } = wallClock(now, businessTimeZone);
  const time = `${String(hour).padStart(2, "0")}${String(minute).padStart(2, "0")}`;
  const file = resolve(
    values.to ??
      `${backupFolder}/contact-requests-${calendarDay(now, businessTimeZone)}-${time}.db`,
  );
  const backup = backupDatabase(database, file);
  const size = `${(backup.bytes / 1024 / 1024).toFixed(1)} MB`;
  process.stdout.write(
    `Saved ${backup.requests} quote requests to ${relative(process.cwd(), file) || file} (${size}).\n`,
  );
}

try {
  main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  process.stderr.write(
    `backup: ${
      code === "ENOENT"
        ? "no database yet in the data folder: no quote requests have been received."
        : code === "EEXIST"
          ? "that file exists already: choose another with --to."
          : message
    }\n`,
  );
  process.exit(1);
}
