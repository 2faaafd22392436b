/**
 * The mailbox an address reaches, as the per-address cap of acknowledgements counts them
 * (visitor-email-kinds.ts): `victim+1@example.org` and `victim+2@example.org` land in one inbox, so
 * they are one address to the cap; so are `j.doe@gmail.com` and `jdoe@googlemail.com`, because
 * Gmail ignores dots in the name. Only for counting: e-mail still goes to the address as typed.
 */

/** Providers known to deliver `a.b@` and `ab@` to one mailbox. */
const dotsIgnored = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  // Sub-addressing (RFC 5233): everything from the first "+" is the tag, not the mailbox.
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const canonical = dotsIgnored.get(domain);
  if (canonical) return `${local.replaceAll(".", "")}@${canonical}`;
  return `${local}@${domain}`;
}
