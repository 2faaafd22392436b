/**
 * Comparing secrets in time that does not depend on where they differ, so that response timing
 * cannot reveal a secret byte by byte. Web APIs only (both hosts).
 */

/** Every byte is compared whatever the first difference (and the lengths too). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A presented secret against the expected one: both hashed to 32 bytes, so lengths say nothing. */
export async function secretsEqual(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  return constantTimeEqual(a, b);
}

/** `Authorization: Bearer <secret>` matches `expected` (constant time). */
export async function bearerMatches(header: string | null, expected: string): Promise<boolean> {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  return secretsEqual(presented, expected);
}

/**
 * A key for one purpose from the one secret (HKDF-SHA256, Web Crypto on both hosts): knowing the
 * key of one purpose (a calendar's, a visitor page's) tells nothing of another's, nor of the
 * secret, so each may be used, logged or revoked on its own.
 */
export async function purposeKey(secret: string, purpose: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    await purposeBits(secret, purpose),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

/** The same derived key as text (hex), for an API that takes a secret string. */
export async function purposeSecret(secret: string, purpose: string): Promise<string> {
  const bytes = new Uint8Array(await purposeBits(secret, purpose));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function purposeBits(secret: string, purpose: string): Promise<ArrayBuffer> {
  const encoder = new TextEncoder();
  const root = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ]);
  return crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("send-contact-email"),
      info: encoder.encode(purpose),
    },
    root,
    256,
  );
}
