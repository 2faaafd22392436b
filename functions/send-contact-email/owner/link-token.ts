/**
 * The token in the owner's link to one request: an HMAC-SHA256 (Web Crypto, so Node and Deno run
 * the same code) over the request id and an expiry, with a secret from configuration. Whoever holds
 * the link may see that one request and set its status until the expiry; nothing else.
 *
 * Format: `<expiry, unix seconds>.<signature, base64url>`; the id travels in the link's path, so a
 * token copied onto another request's path does not verify.
 */
import { constantTimeEqual } from "../secrets.ts";

export const defaultLinkTtlDays = 30;

const encoder = new TextEncoder();

export type LinkSigner = {
  /** A token for `id` that expires `ttlMs` after `now`. */
  sign(id: string, now: Date, ttlMs?: number): Promise<string>;
  /** True only for an unaltered, unexpired token made for exactly this id. */
  verify(id: string, token: string, now: Date): Promise<boolean>;
};

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function createLinkSigner(
  secret: string,
  { ttlMs = defaultLinkTtlDays * 86_400_000 }: { ttlMs?: number } = {},
): LinkSigner {
  if (secret.length < 16) throw new Error("The link secret must be at least 16 characters.");
  const key = crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );

  async function signature(id: string, expiry: number): Promise<Uint8Array> {
    // The separator cannot occur in an expiry, so no other (id, expiry) pair gives the same text.
    const text = `owner-link\n${expiry}\n${id}`;
    return new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(text)));
  }

  return {
    async sign(id, now, customTtlMs = ttlMs) {
      const expiry = Math.floor((now.getTime() + customTtlMs) / 1000);
      return `${expiry}.${base64url(await signature(id, expiry))}`;
    },
    async verify(id, token, now) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiry = Number(match[1]);
      // Compared as text, so that a second spelling of the same bytes (base64's unused low bits
      // in the last character) is an altered token too.
      const expected = encoder.encode(base64url(await signature(id, expiry)));
      // Check the signature first and always, then the expiry: both must hold.
      const valid = constantTimeEqual(encoder.encode(match[2] as string), expected);
      return valid && now.getTime() < expiry * 1000;
    },
  };
}

/** A fresh random secret (development only: links stop working when the process restarts). */
export function generateLinkSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}
