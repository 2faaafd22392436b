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
  const entry = forwarded[Math.max(0, forwarded.length - trustProxy)];
  return entry === undefined ? peer : withoutPort(entry);
}

/**
 * An X-Forwarded-For entry without the port some proxies append (`203.0.113.8:40001`,
 * `[2001:db8::1]:40001`): with it, every new source port of one visitor would be a new bucket of
 * the rate limit. A bare IPv6 address (colons, no brackets) has no port to strip.
 */
export function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed?.[1]) return bracketed[1];
  const ipv4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry);
  return ipv4?.[1] ?? entry;
}

/** This machine: 127.0.0.0/8, ::1, and IPv4 loopback as a dual-stack socket reports it. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * A request that came through a proxy on this machine that we do not trust: every visitor then
 * has the proxy's one address, and the rate limit counts them all together (five junk requests
 * would block everyone for ten minutes). The function warns once (contact-function.ts).
 */
export function untrustedLocalProxy(headers: Headers, peer: string, trustProxy: number): boolean {
  return trustProxy <= 0 && headers.has("x-forwarded-for") && isLoopbackAddress(peer);
}
