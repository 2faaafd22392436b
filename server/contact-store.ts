/**
 * The Node host's store, as configured: SQLite in DATA_DIR for one machine (the default), or
 * Postgres when DATABASE_URL is set, so that several servers behind a load balancer share one
 * database. Everything else (handler, outbox, mail) is the same either way.
 */

import {
  type Logger,
  type OpenedStore,
  openPostgresStore,
} from "../functions/send-contact-email/index.ts";
import { applyMigrations, openSqliteStore } from "../functions/send-contact-email/node.ts";
import { dataPaths, type ServerSettings } from "./settings.ts";

export async function openConfiguredStore(
  settings: Pick<ServerSettings, "dataDir" | "databaseUrl" | "sqliteBusyTimeoutMs">,
  log: Logger,
): Promise<OpenedStore> {
  if (settings.databaseUrl) {
    const store = openPostgresStore({ url: settings.databaseUrl });
    try {
      const applied = await applyMigrations(store.sql);
      if (applied.length > 0)
        log.info("database migrations applied", { versions: applied.join(", ") });
    } catch (error) {
      await store.close();
      throw error;
    }
    // Claims are not released at start here: other servers may be sending right now. A crashed
    // server's claims run out with their lease (OUTBOX_LEASE_MS) and are taken over then.
    log.info("quote requests are stored in Postgres (DATABASE_URL)", {
      database: describeDatabaseUrl(settings.databaseUrl),
    });
    // Several servers share the database: the rate limit and the hourly cap are counted there.
    return {
      store,
      rateLimiter: (limits) => store.rateLimiter(limits),
      mailCount: store.mailCount(),
    };
  }

  const { database } = dataPaths(settings.dataDir);
  const store = openSqliteStore(database, { busyTimeoutMs: settings.sqliteBusyTimeoutMs });
  // This process owns the data folder: claims left by a crash must not delay those e-mails.
  const released = await store.releaseClaims();
  log.info("quote requests are stored in SQLite", { database, releasedClaims: released });
  return { store };
}

/** host:port/database, never the password, for logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}
