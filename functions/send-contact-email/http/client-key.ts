/**
 * Which rate-limit bucket a client address counts against. IPv4: the address. IPv6: its /64
 * network, because one subscriber line or server gets a whole /64 and can rotate through its
 * addresses at will. IPv4-mapped IPv6 (::ffff:1.2.3.4, what a dual-stack socket reports) counts
 * as the IPv4 address. Only the key is computed here; where the counts live is the limiter's job.
 */
export function rateLimitKey(address: string): string {
  const trimmed = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  const withoutZone = trimmed.split("%")[0] ?? trimmed;
  if (!withoutZone.includes(":")) return withoutZone;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(
    withoutZone.replace(/^::/, "0:"),
  );
  if (mapped?.[1]) return mapped[1];
  const groups = expandIpv6(withoutZone);
  if (!groups) return withoutZone;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros, or null if malformed. */
function expandIpv6(address: string): string[] | null {
  let text = address;
  // A trailing dotted IPv4 part (::1.2.3.4) becomes two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
