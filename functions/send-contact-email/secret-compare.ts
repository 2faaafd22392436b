/**
 * Compares a presented secret with the expected one in constant time (Web Crypto only, so both
 * hosts can use it). Both are hashed first: equal-length digests, so neither the position of the
 * first differing character nor the secret's length shows in the time taken.
 */
const encoder = new TextEncoder();

async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

export async function secretsEqual(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) {
    difference |= (a[index] as number) ^ (b[index] as number);
  }
  return difference === 0 && expected.length > 0;
}

/** The token of an `Authorization: Bearer <token>` header, or "" when there is none. */
export function bearerToken(authorization: string | null): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
}
