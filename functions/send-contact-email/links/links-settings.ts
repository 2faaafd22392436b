/**
 * The secret and lifetime of each scope of link (signed-links.ts), from the environment
 * (.env.example, "The owner's side"). The owner's secret (OWNER_LINK_SECRET, parsed by
 * owner-config.ts) gives every scope that has no secret of its own a key of its own (derived:
 * signed-links.ts); setting one of the others
 * revokes the links of that scope alone (a forwarded inbox link, a calendar URL shared too widely).
 */
import { ConfigError, type Env } from "../base/config.ts";
import {
  createLinkSigner,
  defaultLinkTtlDays,
  type LinkScope,
  type LinkSigners,
  linkScopes,
} from "./signed-links.ts";

/** `derived`: no secret of its own, so the scope signs with its key derived from the owner's. */
export type ScopeSettings = { secret: string; ttlMs: number; derived: boolean };
export type LinkSettings = Record<LinkScope, ScopeSettings>;

const dayMs = 86_400_000;

/** Where each scope's own secret and lifetime come from, and the lifetime without a setting. */
const scopeVariables: Record<
  LinkScope,
  { secret?: string; ttlDays?: string; defaultTtlDays: number; maxTtlDays: number }
> = {
  owner: { ttlDays: "OWNER_LINK_TTL_DAYS", defaultTtlDays: defaultLinkTtlDays, maxTtlDays: 366 },
  "owner-read": {
    ttlDays: "OWNER_LINK_TTL_DAYS",
    defaultTtlDays: defaultLinkTtlDays,
    maxTtlDays: 366,
  },
  visitor: {
    secret: "VISITOR_LINK_SECRET",
    ttlDays: "VISITOR_LINK_TTL_DAYS",
    defaultTtlDays: 60,
    maxTtlDays: 366,
  },
  inbox: {
    secret: "INBOX_LINK_SECRET",
    ttlDays: "INBOX_LINK_TTL_DAYS",
    defaultTtlDays: 90,
    maxTtlDays: 366,
  },
  // Calendar apps keep a subscription for years: it lasts until its secret is rotated.
  calendar: { secret: "CALENDAR_LINK_SECRET", defaultTtlDays: 3650, maxTtlDays: 3650 },
  // The owner's site editor (and its Pictures page): revoked alone by setting a new secret.
  site: {
    secret: "SITE_LINK_SECRET",
    ttlDays: "SITE_LINK_TTL_DAYS",
    defaultTtlDays: 90,
    maxTtlDays: 366,
  },
};

function days(env: Env, name: string | undefined, fallback: number, max: number): number {
  const raw = name ? env[name]?.trim() : undefined;
  if (!raw || !name) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new ConfigError(`${name} must be a number of days from 1 to ${max}, got "${raw}".`);
  }
  return value;
}

function ownSecret(env: Env, name: string | undefined): string | undefined {
  const secret = name ? env[name]?.trim() : undefined;
  if (!secret || !name) return undefined;
  if (secret.length < 32) {
    throw new ConfigError(
      `${name} must be at least 32 characters; make one with: openssl rand -hex 32`,
    );
  }
  return secret;
}

/** Each scope's secret (its own, else `ownerSecret`) and lifetime. */
export function parseLinkSettings(env: Env, ownerSecret: string): LinkSettings {
  return Object.fromEntries(
    linkScopes.map((scope) => {
      const variables = scopeVariables[scope];
      const own = ownSecret(env, variables.secret);
      return [
        scope,
        {
          secret: own ?? ownerSecret,
          derived: own === undefined,
          ttlMs:
            days(env, variables.ttlDays, variables.defaultTtlDays, variables.maxTtlDays) * dayMs,
        },
      ];
    }),
  ) as LinkSettings;
}

export function createLinkSigners(settings: LinkSettings): LinkSigners {
  return Object.fromEntries(
    linkScopes.map((scope) => [
      scope,
      createLinkSigner(settings[scope].secret, {
        ttlMs: settings[scope].ttlMs,
        scope,
        derived: settings[scope].derived,
      }),
    ]),
  ) as LinkSigners;
}
