/**
 * The security-header review, as a pure function over one response's headers, so the
 * benchmark and the tests apply the same rules:
 * - every response: X-Content-Type-Options nosniff; a strict Referrer-Policy; a Permissions-Policy
 *   that turns off at least camera, microphone and geolocation; a CSP with frame-ancestors 'none'
 *   or 'self' (clickjacking);
 * - pages (HTML): script-src (or default-src) with neither 'unsafe-inline' nor 'unsafe-eval' nor a
 *   wildcard, data: or plain-scheme source; object-src 'none'; base-uri 'self' or 'none';
 * - everything else: default-src 'none' (JSON, SVG and the rest must never run anything);
 * - the function: JSON and Cache-Control no-store (answers hold visitor data).
 */
export type ResponseKind = "page" | "asset" | "function";

const strictReferrer = new Set([
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
]);

export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

type HeaderSource = Headers | Record<string, string | undefined>;

function getter(headers: HeaderSource) {
  if (headers instanceof Headers) return (name: string) => headers.get(name) ?? "";
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value ?? ""]),
  );
  return (name: string) => lower[name.toLowerCase()] ?? "";
}

/** The problems with one response's headers; empty when it passes. */
export function reviewHeaders(kind: ResponseKind, headers: HeaderSource): string[] {
  const get = getter(headers);
  const problems: string[] = [];
  if (get("x-content-type-options").toLowerCase() !== "nosniff")
    problems.push("X-Content-Type-Options is not nosniff");
  if (!strictReferrer.has(get("referrer-policy").toLowerCase()))
    problems.push(`Referrer-Policy "${get("referrer-policy")}" is not strict`);
  const permissions = get("permissions-policy");
  for (const feature of ["camera", "microphone", "geolocation"])
    if (!new RegExp(`(^|[,\\s])${feature}=\\(\\)`).test(permissions))
      problems.push(`Permissions-Policy does not turn off ${feature}`);

  const cspHeader = get("content-security-policy");
  if (!cspHeader) {
    problems.push("no Content-Security-Policy");
    return problems;
  }
  const csp = parseCsp(cspHeader);
  const ancestors = csp.get("frame-ancestors") ?? [];
  if (!(ancestors.length === 1 && ["'none'", "'self'"].includes(ancestors[0] ?? "")))
    problems.push("CSP frame-ancestors is not 'none' or 'self'");

  if (kind === "page") {
    const scripts = csp.get("script-src") ?? csp.get("default-src");
    if (!scripts) problems.push("CSP has neither script-src nor default-src");
    for (const source of scripts ?? []) {
      const value = source.toLowerCase();
      if (
        value === "'unsafe-inline'" ||
        value === "'unsafe-eval'" ||
        value === "*" ||
        value === "data:" ||
        value === "http:" ||
        value === "https:" ||
        value === "blob:"
      )
        problems.push(`CSP script-src allows ${source}`);
    }
    if ((csp.get("object-src") ?? csp.get("default-src"))?.join(" ") !== "'none'")
      problems.push("CSP object-src is not 'none'");
    const base = csp.get("base-uri")?.join(" ");
    if (base !== "'self'" && base !== "'none'")
      problems.push("CSP base-uri is not 'self' or 'none'");
  } else if (csp.get("default-src")?.join(" ") !== "'none'") {
    problems.push("CSP default-src is not 'none'");
  }

  if (kind === "function") {
    if (!/^application\/json\b/i.test(get("content-type"))) problems.push("not JSON");
    if (!/\bno-store\b/i.test(get("cache-control"))) problems.push("Cache-Control is not no-store");
  }
  return problems;
}
