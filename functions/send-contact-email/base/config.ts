/**
 * The contact function's settings, read from environment variables (documented in .env.example).
 * Shared by both hosts: the Node server passes process.env, the Deno entry Deno.env.toObject().
 * Invalid values stop the host at start with a message naming the variable, never at request time.
 */
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { deploymentDefaults } from "../../../shared/deployment-defaults.ts";

export type Env = Record<string, string | undefined>;

export type ContactConfig = {
  /** Accepted public keys (`apikey` header or `Authorization: Bearer`). */
  publicKeys: string[];
  /**
   * Origins whose pages may call the function; "*" allows any. The host's own origin always may
   * (the Node host adds the origins it listens on; on Supabase, SUPABASE_URL's).
   */
  allowedOrigins: string[];
  /**
   * The site's origin (SITE_URL, else VITE_SITE_URL): where a browser that posted the plain form
   * is sent back to when its own page's origin is not a configured one.
   */
  siteUrl: string;
  mailTo: string[];
  mailFrom: string;
  rateLimit: { disabled: boolean; max: number; windowMs: number; maxClients: number };
  /** The pages' beacons (counts/count-route.ts), limited apart from quote requests. */
  countRateLimit: { max: number; windowMs: number };
  /** The public reads of the live content and of the owner's pictures, per client address. */
  publicReadRateLimit: { max: number; windowMs: number };
  /**
   * The visitor's request page: posts per client, changes per request, the owner's notice hold,
   * and the owner's notices of visitors' changes from all requests together (past it they wait
   * and join, per request, until the window frees).
   */
  visitorLimits: {
    client: { max: number; windowMs: number };
    changes: { max: number; windowMs: number; total: number };
    noticeHoldMs: number;
    notices: { max: number; windowMs: number };
  };
  /** A repeat of the same request within this window gets the first id and no second e-mail. */
  dedupeWindowMs: number;
  /** How many proxies in front of us append to X-Forwarded-For; 0: use the socket address. */
  trustProxy: number;
  outbox: {
    retryBaseMs: number;
    retryMaxMs: number;
    leaseMs: number;
    concurrency: number;
    /** E-mails per clock hour before the rest wait for one digest; 0: no cap. */
    hourlyCap: number;
  };
  /**
   * A form filled faster than this (ms since the page loaded) is stored as spam when it also
   * carries a link (spam-filter.ts); speed alone never is.
   */
  spamMinFillMs: number;
  /** Acknowledgements to visitors per hour, all addresses together; 0: no bound. */
  acknowledgementHourlyCap: number;
  /** The secret of POST …/drain (OUTBOX_DRAIN_SECRET); null: the route is off. */
  drainSecret: string | null;
  /** How often the store is asked whether a newer content version was published (site/). */
  contentCheckMs: number;
  /**
   * The static host's build hook (DEPLOY_HOOK_URL), POSTed after each publish of the site's
   * content (site/deploy-hook.ts); null: none. A secret: log its host only.
   */
  deployHookUrl: string | null;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const minute = 60_000;

export const contactDefaults = {
  rateLimitMax: 5,
  rateLimitWindowMs: 10 * minute,
  dedupeWindowMs: 10 * minute,
  retryBaseMs: 15_000,
  retryMaxMs: 30 * minute,
  leaseMs: 2 * minute,
  concurrency: 4,
  hourlyCap: 20,
  spamMinFillMs: 3000,
  // Far above what the business receives in an hour, far below what a relay would want.
  acknowledgementHourlyCap: 30,
  // A visitor reading ten pages and tapping a phone link sends a dozen; a script, thousands.
  countRateLimitMax: 120,
  countRateLimitWindowMs: 10 * minute,
  // A static host's build reads the content once and each picture's nine files; a script, all day.
  publicReadRateLimitMax: 600,
  publicReadRateLimitWindowMs: 10 * minute,
  // A visitor fixing a typo twice and trying two sets of times posts four times; a script, 500.
  visitorRateLimitMax: 30,
  visitorRateLimitWindowMs: 10 * minute,
  visitorChangesPerHour: 10,
  visitorChangesMax: 50,
  visitorNoticeHoldSeconds: 120,
  // A busy day brings a few visitors' changes an hour; past this many, one notice per request.
  visitorNoticesPerHour: 10,
  // The schedule drains once a minute; anything beyond a few a minute is someone else.
  drainsPerMinute: 12,
  // One small query per server: a published change reaches every server within seconds.
  contentCheckMs: 10_000,
  // The owner's publishes and restores of the site (site-editor/): a busy afternoon of edits.
  sitePublishesPer10Minutes: 10,
  // Each preview renders a page: a morning of looking before publishing, not a loop.
  sitePreviewsPer10Minutes: 60,
} as const;

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function boolean(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (["true", "1", "yes"].includes(raw)) return true;
  if (["false", "0", "no"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function origin(name: string, value: string): string {
  if (value === "*") return value;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
    return url.origin;
  } catch {
    throw new ConfigError(
      `${name} must list origins like https://www.example.com, got "${value}".`,
    );
  }
}

const plainAddress = /^[^\s@<>",]+@[^\s@<>",]+$/;
const namedAddress = /^[^\r\n<>]*<[^\s@<>",]+@[^\s@<>",]+>$/;

function address(name: string, value: string, allowDisplayName: boolean): string {
  const ok = plainAddress.test(value) || (allowDisplayName && namedAddress.test(value));
  if (!ok) throw new ConfigError(`${name} is not a valid e-mail address: "${value}".`);
  return value;
}

/** TRUST_PROXY: "false"/"0" (default), "true" (one proxy) or the number of proxies. */
function trustProxy(env: Env): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (!raw || raw === "false" || raw === "no") return 0;
  if (raw === "true" || raw === "yes") return 1;
  return integer(env, "TRUST_PROXY", 0, 0, 10);
}

/**
 * OUTBOX_DRAIN_SECRET guards a route on the public internet (Supabase's schedule calls it): long
 * enough that guessing it is hopeless, as the link secrets.
 */
function drainSecret(env: Env): string | null {
  const secret = env.OUTBOX_DRAIN_SECRET?.trim();
  if (!secret) return null;
  if (secret.length < 32)
    throw new ConfigError(
      "OUTBOX_DRAIN_SECRET must be at least 32 characters; make one with: openssl rand -hex 32",
    );
  return secret;
}

/**
 * DEPLOY_HOOK_URL: https, because the URL is the hook's only key; plain http only on this machine,
 * for a local stand-in of the host. An error names the host alone: the rest is the secret.
 */
function deployHookUrl(env: Env): string | null {
  const raw = env.DEPLOY_HOOK_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      "DEPLOY_HOOK_URL must be the whole https:// address your host gave for its build hook.",
    );
  }
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol === "https:" || (url.protocol === "http:" && local)) return url.href;
  throw new ConfigError(
    `DEPLOY_HOOK_URL must start with https:// (http:// only for 127.0.0.1 or localhost), got ${url.protocol}//${url.host}/…`,
  );
}

export function parseContactConfig(env: Env): ContactConfig {
  const publicKeys = list(env.CONTACT_PUBLIC_KEY);
  const siteUrl = env.SITE_URL?.trim() || env.VITE_SITE_URL?.trim() || deploymentDefaults.siteUrl;
  const allowedOrigins = list(env.ALLOWED_ORIGINS).map((value) => origin("ALLOWED_ORIGINS", value));
  const mailTo = list(env.MAIL_TO).map((value) => address("MAIL_TO", value, false));
  // Settings, read once at start: the name and address the repository's content gives.
  const { business } = repositoryFacts();
  const mailFrom = env.MAIL_FROM?.trim() || `${business.name} Website <${business.email}>`;

  return {
    publicKeys: publicKeys.length > 0 ? publicKeys : [deploymentDefaults.publicKey],
    allowedOrigins: [
      ...(allowedOrigins.length > 0 ? allowedOrigins : [origin("SITE_URL", siteUrl)]),
      // The function's own origin on Supabase (set by the platform): the page that shows a plain
      // form post back to the visitor (form-page.ts) posts it again from there.
      ...(env.SUPABASE_URL?.trim() ? [origin("SUPABASE_URL", env.SUPABASE_URL.trim())] : []),
    ],
    siteUrl: origin("SITE_URL", siteUrl),
    mailTo: mailTo.length > 0 ? mailTo : [business.email],
    mailFrom: address("MAIL_FROM", mailFrom, true),
    rateLimit: {
      disabled: boolean(env, "RATE_LIMIT_DISABLED"),
      max: integer(env, "RATE_LIMIT_MAX", contactDefaults.rateLimitMax, 1, 1_000_000),
      windowMs: integer(
        env,
        "RATE_LIMIT_WINDOW_MS",
        contactDefaults.rateLimitWindowMs,
        1000,
        86_400_000,
      ),
      maxClients: 10_000,
    },
    countRateLimit: {
      max: integer(env, "COUNT_RATE_LIMIT_MAX", contactDefaults.countRateLimitMax, 1, 1_000_000),
      windowMs: contactDefaults.countRateLimitWindowMs,
    },
    publicReadRateLimit: {
      max: integer(
        env,
        "PUBLIC_READ_RATE_LIMIT_MAX",
        contactDefaults.publicReadRateLimitMax,
        1,
        1_000_000,
      ),
      windowMs: contactDefaults.publicReadRateLimitWindowMs,
    },
    visitorLimits: {
      client: {
        max: integer(
          env,
          "VISITOR_RATE_LIMIT_MAX",
          contactDefaults.visitorRateLimitMax,
          1,
          100_000,
        ),
        windowMs: contactDefaults.visitorRateLimitWindowMs,
      },
      changes: {
        max: integer(
          env,
          "VISITOR_CHANGES_PER_HOUR",
          contactDefaults.visitorChangesPerHour,
          1,
          1000,
        ),
        windowMs: 60 * minute,
        total: integer(env, "VISITOR_CHANGES_MAX", contactDefaults.visitorChangesMax, 1, 10_000),
      },
      noticeHoldMs:
        integer(
          env,
          "VISITOR_NOTICE_HOLD_SECONDS",
          contactDefaults.visitorNoticeHoldSeconds,
          0,
          3600,
        ) * 1000,
      notices: {
        max: integer(
          env,
          "VISITOR_NOTICES_PER_HOUR",
          contactDefaults.visitorNoticesPerHour,
          1,
          1000,
        ),
        windowMs: 60 * minute,
      },
    },
    dedupeWindowMs: integer(env, "DEDUPE_WINDOW_MS", contactDefaults.dedupeWindowMs, 0, 86_400_000),
    trustProxy: trustProxy(env),
    outbox: {
      retryBaseMs: integer(env, "OUTBOX_RETRY_BASE_MS", contactDefaults.retryBaseMs, 10, 3_600_000),
      retryMaxMs: integer(env, "OUTBOX_RETRY_MAX_MS", contactDefaults.retryMaxMs, 10, 86_400_000),
      leaseMs: integer(env, "OUTBOX_LEASE_MS", contactDefaults.leaseMs, 1000, 3_600_000),
      concurrency: contactDefaults.concurrency,
      hourlyCap: integer(env, "MAIL_HOURLY_CAP", contactDefaults.hourlyCap, 0, 100_000),
    },
    spamMinFillMs: integer(env, "SPAM_MIN_FILL_MS", contactDefaults.spamMinFillMs, 0, 600_000),
    acknowledgementHourlyCap: integer(
      env,
      "ACKNOWLEDGEMENT_HOURLY_CAP",
      contactDefaults.acknowledgementHourlyCap,
      0,
      100_000,
    ),
    drainSecret: drainSecret(env),
    contentCheckMs: integer(env, "CONTENT_CHECK_MS", contactDefaults.contentCheckMs, 100, 600_000),
    deployHookUrl: deployHookUrl(env),
  };
}
