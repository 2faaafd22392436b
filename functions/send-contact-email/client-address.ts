/**
 * The visitor's address, as both hosts read it (contact-api.md, "Abuse"): the peer of the
 * connection, or, behind `trustProxy` proxies that each append to X-Forwarded-For, the entry that
 * many places from the end; anything further left could be forged by the visitor. What the rate
 * limit then counts it against is client-key.ts's.
 */
export function clientAddress(headers: Headers, peer: string, trustProxy: number): string {
  if (trustProxy <= 0) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return peer;
  return forwarded[Math.max(0, forwarded.length - trustProxy)] ?? peer;
}
