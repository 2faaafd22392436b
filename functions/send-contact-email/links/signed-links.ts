/**
 * Every private link the function hands out (the owner's link to a request, the read-only link in
 * a push, the visitor's own page, the owner's inbox, the calendar feed) carries a token: an
 * HMAC-SHA256 (Web Crypto, so Node and Deno run the same code) over the link's scope, its subject
 * (a request id, or the name of the one inbox or feed) and an expiry.
 *
 * - The scope is part of the signed text, so a token made for one scope never opens another, even
 *   where two scopes share a secret (an owner's link never opens the visitor's page, a push's
 *   read-only link never sets a status).
 * - Each scope may have a secret of its own (links-settings.ts): rotating it revokes only that kind
 *   of link. Without one, a scope signs with its own key derived from the owner's secret (HKDF,
 *   secrets.ts: purposeKey). Tokens signed before keys were derived (HMAC with the owner's secret
 *   itself) still verify until they expire: whoever could forge one knows the secret, and could
 *   derive every key anyway.
 * - Format: `<expiry, unix seconds>.<signature, base64url>`; the subject travels in the link's path,
 *   so a token copied onto another request's path does not verify.
 *
 * The `owner` scope signs the text links had before scopes existed, so links already sent keep
 * working until they expire.
 */
import { constantTimeEqual, purposeKey } from "../base/secrets.ts";

export const linkScopes = ["owner", "owner-read", "visitor", "inbox", "calendar", "site"] as const;
export type LinkScope = (typeof linkScopes)[number];

export const defaultLinkTtlDays = 30;

const encoder = new TextEncoder();

/** Signs and checks the links of one scope. */
export type LinkSigner = {
  readonly scope: LinkScope;
  /** A token for `subject` that expires `ttlMs` after `now` (the scope's TTL by default). */
  sign(subject: string, now: Date, ttlMs?: number): Promise<string>;
  /** True only for an unaltered, unexpired token of this scope made for exactly this subject. */
  verify(subject: string, token: string, now: Date): Promise<boolean>;
};

/** One signer per scope, each with its secret and TTL (links-settings.ts builds them). */
export type LinkSigners = Record<LinkScope, LinkSigner>;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The first text of the signed message: unique per scope, the owner's as before scopes. */
const scopeLabel = (scope: LinkScope) => (scope === "owner" ? "owner-link" : `link:${scope}`);

export function createLinkSigner(
  secret: string,
  {
    ttlMs = defaultLinkTtlDays * 86_400_000,
    scope = "owner",
    derived = false,
  }: {
    ttlMs?: number;
    scope?: LinkScope;
    /** The secret is the owner's, shared by scopes: sign with this scope's derived key. */
    derived?: boolean;
  } = {},
): LinkSigner {
  if (secret.length < 16) throw new Error("The link secret must be at least 16 characters.");
  const direct = crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const key = derived ? purposeKey(secret, scopeLabel(scope)) : direct;

  async function signature(subject: string, expiry: number, signingKey = key): Promise<Uint8Array> {
    // The separator cannot occur in a label or an expiry, so no other (scope, subject, expiry)
    // gives the same text.
    const text = `${scopeLabel(scope)}\n${expiry}\n${subject}`;
    return new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey, encoder.encode(text)));
  }

  return {
    scope,
    async sign(subject, now, customTtlMs = ttlMs) {
      const expiry = Math.floor((now.getTime() + customTtlMs) / 1000);
      return `${expiry}.${base64url(await signature(subject, expiry))}`;
    },
    async verify(subject, token, now) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiry = Number(match[1]);
      // Compared as text, so that a second spelling of the same bytes (base64's unused low bits
      // in the last character) is an altered token too.
      const presented = encoder.encode(match[2] as string);
      const expected = encoder.encode(base64url(await signature(subject, expiry)));
      // Check the signature first and always, then the expiry: both must hold.
      let valid = constantTimeEqual(presented, expected);
      if (!valid && derived) {
        const before = encoder.encode(base64url(await signature(subject, expiry, direct)));
        valid = constantTimeEqual(presented, before);
      }
      return valid && now.getTime() < expiry * 1000;
    },
  };
}

/** A fresh random secret (development only: links stop working when the process restarts). */
export function generateLinkSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}
