/**
 * The embedded server's settings from the environment (.env.example documents each one).
 * Relative folders are resolved against the working directory, which is the project folder when
 * run through npm; the built site defaults to this project's build/client wherever it runs from.
 */
import { join, resolve } from "node:path";
import {
  ConfigError,
  type ContactConfig,
  type Env,
  type OwnerConfig,
  parseContactConfig,
  parseOwnerConfig,
} from "../functions/send-contact-email/index.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { siteCountsOn } from "../shared/site-counts-setting.ts";
import { keptLinkSecret } from "./link-secret.ts";

export const projectRoot = resolve(import.meta.dirname, "..");

export type ServerSettings = {
  port: number;
  host: string;
  dataDir: string;
  /** The built site (build/client); STATIC_DIR overrides it (tests, unusual layouts). */
  staticDir: string;
  /** True when STATIC_DIR was not given: `npm start` may build the site if it is missing. */
  staticDirIsDefault: boolean;
  smtpUrl: string | undefined;
  /** DATABASE_URL: quote requests go to this Postgres instead of SQLite in dataDir. */
  databaseUrl: string | undefined;
  sqliteBusyTimeoutMs: number;
  /**
   * SITE_COUNTS=on, and the pages call the function on this server (no VITE_SUPABASE_URL): the
   * server counts each page view it serves. With the function elsewhere the pages count their own
   * views (app/config.ts), so counting here too would count them twice.
   */
  countViews: boolean;
  contact: ContactConfig;
  /** The owner's links, alerts, reminders and digest (functions/send-contact-email/owner/). */
  owner: OwnerConfig;
  /**
   * No public address is configured (no FUNCTION_URL, and the site URL is unset or the fictional
   * default): the owner's links point at this server's own address once it listens, rather than
   * at a domain that opens nothing.
   */
  ownerLinksToServer: boolean;
};

function port(env: Env, fallback: number): number {
  const raw = env.PORT?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new ConfigError(`PORT must be a port number from 0 to 65535, got "${raw}".`);
  }
  return value;
}

function busyTimeout(env: Env): number {
  const raw = env.SQLITE_BUSY_TIMEOUT_MS?.trim();
  if (!raw) return 5000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 60_000) {
    throw new ConfigError(`SQLITE_BUSY_TIMEOUT_MS must be 0 to 60000, got "${raw}".`);
  }
  return value;
}

function smtpUrl(env: Env): string | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  if (!/^smtps?:\/\//i.test(raw)) {
    throw new ConfigError(
      "SMTP_URL must start with smtp:// or smtps://, e.g. smtps://user:password@smtp.example.com:465",
    );
  }
  return raw;
}

/** DATABASE_URL, checked for its scheme; undefined when unset (SQLite). */
export function databaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return undefined;
  if (!/^postgres(ql)?:\/\/./i.test(raw)) {
    throw new ConfigError(
      "DATABASE_URL must start with postgres:// or postgresql://, e.g. postgres://app:password@db.internal:5432/website",
    );
  }
  return raw;
}

export function readServerSettings(
  env: Env,
  {
    defaultPort = 3000,
    cwd = process.cwd(),
    keepLinkSecret = false,
  }: {
    defaultPort?: number;
    cwd?: string;
    /** Without OWNER_LINK_SECRET, keep a made one in the data folder (npm start, npm run dev). */
    keepLinkSecret?: boolean;
  } = {},
): ServerSettings {
  const staticDir = env.STATIC_DIR?.trim();
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || "data");
  const database = databaseUrl(env);
  const siteOrigin = new URL(
    env.SITE_URL?.trim() || env.VITE_SITE_URL?.trim() || deploymentDefaults.siteUrl,
  ).origin;
  return {
    port: port(env, defaultPort),
    host: env.HOST?.trim() || "127.0.0.1",
    dataDir,
    staticDir: staticDir ? resolve(cwd, staticDir) : join(projectRoot, "build", "client"),
    staticDirIsDefault: !staticDir,
    smtpUrl: smtpUrl(env),
    databaseUrl: database,
    sqliteBusyTimeoutMs: busyTimeout(env),
    countViews: siteCounts(env) && !env.VITE_SUPABASE_URL?.trim(),
    contact: parseContactConfig(env),
    owner: parseOwnerConfig(env, {
      // NODE_ENV=production: links must survive restarts, so a secret must be configured.
      production: env.NODE_ENV?.trim() === "production",
      secretRequiredBecause: database
        ? "with DATABASE_URL several servers share the requests, and must sign their links alike"
        : undefined,
      keptSecret: keepLinkSecret ? () => keptLinkSecret(dataDir) : undefined,
      defaultFunctionUrl: `${siteOrigin}${deploymentDefaults.functionPath}`,
    }),
    ownerLinksToServer:
      !env.FUNCTION_URL?.trim() && siteOrigin === new URL(deploymentDefaults.siteUrl).origin,
  };
}

function siteCounts(env: NodeJS.ProcessEnv): boolean {
  try {
    return siteCountsOn(env.SITE_COUNTS);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** The data folder's files, in one place for the server and `npm run leads`. */
export function dataPaths(dataDir: string) {
  return {
    database: join(dataDir, "contact-requests.db"),
    outbox: join(dataDir, "outbox"),
  };
}
