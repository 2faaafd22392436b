/**
 * POST …/send-contact-email/count: one event from a page's beacon (app/islands/beacon.ts), added
 * to the day's total of that page (docs/contact-api.md, "Counting visits").
 *
 * - Only a page of the site may send it: a browser's `Origin` must be an allowed one (a beacon
 *   always carries it), and a request without one is refused.
 * - Only known events and pages are counted (shared/site-counts.ts); anything else is a 400.
 * - Rate-limited per client address, apart from quote requests. The limiter is keyed by a keyed
 *   hash of the address, so neither memory nor the database (Postgres) ever holds the address
 *   itself; the counts hold nothing but totals.
 * - 204 once counted. Nothing is sent back: the page never waits for it (sendBeacon).
 */
import { calendarDay } from "../../../shared/calendar-day.ts";
import { readBeacon } from "../../../shared/site-counts.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { rateLimitKey } from "../http/client-key.ts";
import { decideCors } from "../http/cors.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import { isFormContentType, readFormBody } from "../http/request-body.ts";
import type { CountStore } from "../store/count-store.ts";

/** `e=form-start&p=/post-construction` is 32 bytes; a beacon never needs more than this. */
const maxBeaconBytes = 512;

export type CountRouteDeps = {
  store: CountStore;
  allowedOrigins: readonly string[];
  rateLimiter: RateLimiter;
  /** The visitor's address as the host sees it; only its keyed hash is counted. */
  clientAddress: string;
  /** Keys the hash of the address (a server secret), so it cannot be reversed by trying all. */
  hashKey: string;
  timeZone: string;
  now?: () => Date;
  log?: Logger;
};

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const init = { status, headers: { "Cache-Control": "no-store", ...headers } };
  return body === undefined ? new Response(null, init) : Response.json(body, init);
}

/** HMAC-SHA256 of the rate limit's key for the address, hex, under `count:`. */
export async function countLimitKey(address: string, hashKey: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(hashKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(rateLimitKey(address))),
  );
  return `count:${Array.from(mac.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export async function handleCount(request: Request, deps: CountRouteDeps): Promise<Response> {
  const log = deps.log ?? silentLogger;
  if (request.method !== "POST") return answer(405, { error: "Use POST." }, { Allow: "POST" });
  const origin = request.headers.get("origin");
  const cors = decideCors(origin, deps.allowedOrigins);
  if (origin === null || !cors.allowed)
    return answer(403, { error: "Only the site's pages may count." }, cors.headers);
  if (!isFormContentType(request.headers.get("content-type")))
    return answer(415, { error: "Send the event form-encoded." }, cors.headers);
  try {
    const decision = await deps.rateLimiter.consume(
      await countLimitKey(deps.clientAddress, deps.hashKey),
    );
    if (!decision.allowed)
      return answer(
        429,
        { error: "Too many events." },
        { ...cors.headers, "Retry-After": String(decision.retryAfterSeconds) },
      );
    const body = await readFormBody(request, maxBeaconBytes);
    if (!body.ok) return answer(body.status, { error: body.error }, cors.headers);
    const beacon = readBeacon(body.value);
    if (!beacon) return answer(400, { error: "Not an event the site counts." }, cors.headers);
    const day = calendarDay(deps.now?.() ?? new Date(), deps.timeZone);
    await deps.store.addCount(day, beacon.path, beacon.event);
    return answer(204, undefined, cors.headers);
  } catch (error) {
    // The database cannot count (or rate-limit) right now: the event is lost, nothing else.
    log.warn("event not counted", { error: errorMessage(error) });
    return answer(503, { error: "Not counted." }, cors.headers);
  }
}
