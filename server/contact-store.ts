/**
 * The Node host's store, as configured: SQLite in DATA_DIR for one machine (the default), or
 * Postgres when DATABASE_URL is set, so that several servers behind a load balancer share one
 * database. Everything else (handler, outbox, mail) is the same either way.
 */
import type { Logger } from "../functions/send-contact-email/log.ts";
import type { MailCount } from "../functions/send-contact-email/mail-count.ts";
import { applyMigrations } from "../functions/send-contact-email/migrations.ts";
import type { OwnerStore } from "../functions/send-contact-email/owner/owner-store.ts";
import { openPostgresStore } from "../functions/send-contact-email/postgres-store.ts";
import type { RateLimiter } from "../functions/send-contact-email/rate-limiter.ts";
import { openSqliteStore } from "../functions/send-contact-email/sqlite-store.ts";
import type { ContactStore } from "../functions/send-contact-email/store.ts";
import { dataPaths, type ServerSettings } from "./settings.ts";

export type ConfiguredStore = {
  store: ContactStore & OwnerStore;
  /**
   * With several servers the rate limit must be counted where they all see it (the database);
   * undefined: count in this process's memory.
   */
  sharedRateLimiter?: (options: { max: number; windowMs: number }) => RateLimiter;
  /** Likewise the hourly e-mail cap's count; undefined: in this process's memory. */
  sharedMailCount?: MailCount;
};

export async function openConfiguredStore(
  settings: Pick<ServerSettings, "dataDir" | "databaseUrl" | "sqliteBusyTimeoutMs">,
  log: Logger,
): Promise<ConfiguredStore> {
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
    return {
      store,
      sharedRateLimiter: (options) => store.rateLimiter(options),
      sharedMailCount: store.mailCount(),
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
