/**
 * A repeat of the same request (double click, retry after a flaky network) must not become a
 * second lead or a second e-mail (contact-api.md, "Abuse"). Two requests are "the same" when their
 * validated fields are equal; the address is compared case-insensitively.
 */
import type { ContactRequest } from "../../../shared/contact-schema.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";

/** Quote details count too: the same message with another estimate or ZIP is a new request. */
export async function fingerprintContact(
  request: ContactRequest,
  details: StoredQuoteDetails = {},
): Promise<string> {
  const canonical = JSON.stringify([
    request.name,
    request.email.toLowerCase(),
    request.phone,
    request.service,
    request.otherService,
    request.message,
    ...(Object.keys(details).length ? [details] : []),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
