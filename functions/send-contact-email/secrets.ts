/**
 * Compares a presented secret with the expected one in time that does not depend on where they
 * differ, so that response timing cannot reveal a secret byte by byte. Web APIs only (both hosts):
 * both are hashed to 32 bytes first, then every byte is compared.
 */
async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

export async function secretsEqual(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/** `Authorization: Bearer <secret>` matches `expected` (constant time). */
export async function bearerMatches(header: string | null, expected: string): Promise<boolean> {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  return secretsEqual(presented, expected);
}
