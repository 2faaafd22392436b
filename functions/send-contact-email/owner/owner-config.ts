/**
 * The owner's settings (documented in .env.example, "The owner's side"): the secret that signs the
 * links in the owner's e-mail, where those links point, the push channel, reminders and digest,
 * and the follow-ups to customers (review requests, quiet quotes).
 * Invalid values stop the host at start with a message naming the variable.
 */

import { type ClockSettings, clockDefaults, parseDigestTime } from "../base/clock.ts";
import { ConfigError, type Env } from "../base/config.ts";
import { type FollowUpSettings, followUpDefaults } from "../follow-ups/follow-up-rules.ts";
import { type LinkSettings, parseLinkSettings } from "../links/links-settings.ts";
import { generateLinkSecret } from "../links/signed-links.ts";
import { type PushFormat, type PushTarget, pushFormats } from "./push.ts";

export type OwnerConfig = {
  linkSecret: string;
  /** True when no secret was configured nor kept by the host: links die with the process. */
  linkSecretGenerated: boolean;
  /** Where the host keeps the secret it made when none was configured (the data folder). */
  linkSecretKeptIn: string | null;
  linkTtlMs: number;
  /** Every scope of link: its secret (its own, or the owner's) and lifetime (links-settings.ts). */
  links: LinkSettings;
  /** Public address of the function, e.g. https://www.example.com/functions/v1/send-contact-email. */
  functionUrl: string;
  push: PushTarget | null;
  clock: ClockSettings;
  /** Local "HH:MM" of a booked visit's reminder to the visitor the day before; null: none. */
  visitReminderTime: string | null;
  followUps: FollowUpSettings;
};

function positiveNumber(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new ConfigError(`${name} must be a number from 0 to ${max}, got "${raw}".`);
  }
  return value;
}

/** `secret`: the URL is itself a secret (a webhook's), never repeated in a message. */
function httpUrl(name: string, raw: string, { secret = false } = {}): string {
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:")
      return url.toString().replace(/\/$/, "");
  } catch {}
  throw new ConfigError(
    `${name} must be an http(s) URL${secret ? " (its value is not shown: it is a secret)" : `, got "${raw}"`}.`,
  );
}

/** A whole number from 1 to max; empty, 0 or "off": null. */
function optionalDays(env: Env, name: string, max: number): number | null {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || raw === "0" || raw === "off") return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ConfigError(
      `${name} must be a whole number of days from 1 to ${max}, or off; got "${raw}".`,
    );
  }
  return value;
}

function parseFollowUps(env: Env): FollowUpSettings {
  const reviewUrl = env.REVIEW_URL?.trim();
  const cap = env.FOLLOW_UPS_PER_ADDRESS_PER_DAY?.trim();
  const perAddressPerDay = cap ? Number(cap) : followUpDefaults.perAddressPerDay;
  if (!Number.isInteger(perAddressPerDay) || perAddressPerDay < 1 || perAddressPerDay > 10) {
    throw new ConfigError(
      `FOLLOW_UPS_PER_ADDRESS_PER_DAY must be a whole number from 1 to 10, got "${cap}".`,
    );
  }
  return {
    reviewUrl: reviewUrl ? httpUrl("REVIEW_URL", reviewUrl) : null,
    reviewAfterHours: positiveNumber(
      env,
      "REVIEW_AFTER_HOURS",
      followUpDefaults.reviewAfterHours,
      720,
    ),
    followUpAfterDays: optionalDays(env, "FOLLOW_UP_AFTER_DAYS", 90),
    perAddressPerDay,
  };
}

export type OwnerConfigOptions = {
  /** Production refuses to start without OWNER_LINK_SECRET; development generates one. */
  production: boolean;
  /**
   * Another reason OWNER_LINK_SECRET must be set (several servers on one database must sign
   * alike): refuses to start without it, saying why.
   */
  secretRequiredBecause?: string;
  /**
   * Without OWNER_LINK_SECRET, where allowed: a secret the host keeps for the next start (the Node
   * server's data folder), or null when it cannot (then a random one for this process).
   */
  keptSecret?: () => { secret: string; path: string } | null;
  /** The function's address when FUNCTION_URL is not set (the host knows its own). */
  defaultFunctionUrl: string;
};

export function parseOwnerConfig(env: Env, options: OwnerConfigOptions): OwnerConfig {
  const secret = env.OWNER_LINK_SECRET?.trim();
  if (secret !== undefined && secret !== "" && secret.length < 32) {
    throw new ConfigError(
      "OWNER_LINK_SECRET must be at least 32 characters; make one with: openssl rand -hex 32",
    );
  }
  if (!secret && (options.production || options.secretRequiredBecause)) {
    throw new ConfigError(
      `OWNER_LINK_SECRET is not set${options.secretRequiredBecause ? ` (${options.secretRequiredBecause})` : ""}. ` +
        "It signs the links in the owner's e-mails; set it to a long random value " +
        "(openssl rand -hex 32) and keep it: changing it invalidates sent links.",
    );
  }
  const format = (env.ALERT_FORMAT?.trim().toLowerCase() || "ntfy") as PushFormat;
  if (!pushFormats.includes(format)) {
    throw new ConfigError(
      `ALERT_FORMAT must be one of ${pushFormats.join(", ")}, got "${format}".`,
    );
  }
  const alertUrl = env.ALERT_URL?.trim();
  const digestRaw = env.DIGEST_TIME;
  const digestTime = parseDigestTime(digestRaw);
  if (digestTime === undefined && digestRaw?.trim()) {
    throw new ConfigError(
      `DIGEST_TIME must be a local time like 08:00, or off; got "${digestRaw}".`,
    );
  }
  const weeklyRaw = env.WEEKLY_REPORT_TIME;
  const weeklyReportTime = parseDigestTime(weeklyRaw);
  if (weeklyReportTime === undefined && weeklyRaw?.trim()) {
    throw new ConfigError(
      `WEEKLY_REPORT_TIME must be a local time like 07:00 (on Mondays), or off; got "${weeklyRaw}".`,
    );
  }
  const reminderRaw = env.VISIT_REMINDER_TIME;
  const visitReminderTime = parseDigestTime(reminderRaw);
  if (visitReminderTime === undefined && reminderRaw?.trim()) {
    throw new ConfigError(
      `VISIT_REMINDER_TIME must be a local time like 10:00, or off; got "${reminderRaw}".`,
    );
  }
  const timeZone = env.DIGEST_TIME_ZONE?.trim() || clockDefaults.timeZone;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw new ConfigError(
      `DIGEST_TIME_ZONE must be a time zone like America/New_York, got "${timeZone}".`,
    );
  }
  const functionUrl = env.FUNCTION_URL?.trim() || options.defaultFunctionUrl;
  const kept = secret ? null : (options.keptSecret?.() ?? null);
  const linkSecret = secret || kept?.secret || generateLinkSecret();
  const links = parseLinkSettings(env, linkSecret);
  return {
    linkSecret,
    linkSecretGenerated: !secret && !kept,
    linkSecretKeptIn: kept?.path ?? null,
    linkTtlMs: links.owner.ttlMs,
    links,
    functionUrl: httpUrl(env.FUNCTION_URL?.trim() ? "FUNCTION_URL" : "the site URL", functionUrl),
    push: alertUrl ? { url: httpUrl("ALERT_URL", alertUrl, { secret: true }), format } : null,
    clock: {
      reminderAfterHours: positiveNumber(
        env,
        "REMINDER_AFTER_HOURS",
        clockDefaults.reminderAfterHours,
        720,
      ),
      digestTime: digestTime === undefined ? clockDefaults.digestTime : digestTime,
      weeklyReportTime:
        weeklyReportTime === undefined ? clockDefaults.weeklyReportTime : weeklyReportTime,
      timeZone,
    },
    visitReminderTime: visitReminderTime === undefined ? "10:00" : visitReminderTime,
    followUps: parseFollowUps(env),
  };
}
