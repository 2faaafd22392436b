/**
 * CORS for the browser's call (contact-api.md, "Request"). The page calls the function through
 * @supabase/supabase-js, which sends `apikey`, `x-client-info`, `content-type` and, with a session
 * or a legacy JWT key, `authorization`; with tracing on also `traceparent`, `tracestate` and
 * `baggage` (the list supabase-js itself publishes in @supabase/supabase-js/cors).
 */
const allowedRequestHeaders = [
  "authorization",
  "x-client-info",
  "apikey",
  "content-type",
  "x-retry-count",
  "x-region",
  "traceparent",
  "tracestate",
  "baggage",
];

const allowedMethods = "POST, OPTIONS";

export type CorsDecision = {
  /** False when the request names an Origin that may not call us. */
  allowed: boolean;
  /** Headers every response to this request carries. */
  headers: Record<string, string>;
};

/**
 * No Origin header (curl, server-to-server): nothing to decide. An Origin from the configured list
 * (the Node host adds the origins it listens on), or "*" in the list: allowed. Nothing is judged
 * from the request's own Host header, which the client writes.
 */
export function decideCors(origin: string | null, allowedOrigins: readonly string[]) {
  if (origin === null) return { allowed: true, headers: {} } satisfies CorsDecision;
  const headers = { Vary: "Origin" };
  const allowed = allowedOrigins.includes("*") || allowedOrigins.includes(origin);
  if (!allowed) return { allowed: false, headers } satisfies CorsDecision;
  return {
    allowed: true,
    headers: {
      ...headers,
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Expose-Headers": "Retry-After",
    },
  } satisfies CorsDecision;
}

/** The preflight answer: always the same fixed list, whatever the browser asks for. */
export function preflightHeaders(decision: CorsDecision) {
  return {
    ...decision.headers,
    "Access-Control-Allow-Methods": allowedMethods,
    "Access-Control-Allow-Headers": allowedRequestHeaders.join(", "),
    "Access-Control-Max-Age": "7200",
  };
}
