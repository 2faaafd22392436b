/**
 * CORS for the browser's call (contact-api.md, "Request"). The page calls the function through
 * @supabase/supabase-js, which sends `apikey`, `x-client-info`, `content-type` and, with a session
 * or a legacy JWT key, `authorization`; with tracing on also `traceparent`, `tracestate` and
 * `baggage` (the list supabase-js itself publishes in @supabase/supabase-js/cors).
 */
export const allowedRequestHeaders = [
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

export const allowedMethods = "POST, OPTIONS";

export type CorsDecision = {
  /** False when the request names an Origin that may not call us. */
  allowed: boolean;
  /** Headers every response to this request carries. */
  headers: Record<string, string>;
};

/**
 * No Origin header (curl, server-to-server): nothing to decide. An Origin from the configured list,
 * "*" in the list, or the host's own origin (same host as the request URL): allowed.
 */
export function decideCors(origin: string | null, requestUrl: string, allowedOrigins: string[]) {
  if (origin === null) return { allowed: true, headers: {} } satisfies CorsDecision;
  const headers = { Vary: "Origin" };
  let sameHost = false;
  try {
    sameHost = origin !== "null" && new URL(origin).host === new URL(requestUrl).host;
  } catch {
    sameHost = false;
  }
  const allowed = sameHost || allowedOrigins.includes("*") || allowedOrigins.includes(origin);
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

const headerToken = /^[a-z0-9-]{1,64}$/;

/** The preflight answer: our list, plus any other plain header names the browser asks for. */
export function preflightHeaders(decision: CorsDecision, requested: string | null) {
  const extra = (requested ?? "")
    .toLowerCase()
    .split(",")
    .map((name) => name.trim())
    .filter((name) => headerToken.test(name) && !allowedRequestHeaders.includes(name))
    .slice(0, 20);
  return {
    ...decision.headers,
    "Access-Control-Allow-Methods": allowedMethods,
    "Access-Control-Allow-Headers": [...allowedRequestHeaders, ...extra].join(", "),
    "Access-Control-Max-Age": "7200",
  };
}
