/**
 * Headers every response of the site carries, whoever serves it: `npm start` (server/) adds them
 * to each answer, and the build writes them into build/client/_headers for static hosts
 * (site-build/ship-site.ts). Pages add their own Content-Security-Policy (site-build/csp.ts);
 * everything else gets a policy that allows nothing, which matters for files a browser could
 * render on their own (SVG, JSON).
 *
 * No Cross-Origin-Opener-Policy here: on a public page it protects nothing (no secret in the page,
 * no window worth isolating) and costs a phone a second JavaScript context after the first paint
 * (docs/decisions/0010-the-build-decides-what-is-served.md). The contact function sends it on its
 * private pages only.
 */
export const lockedDownPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Over HTTPS only (a TLS proxy with TRUST_PROXY, or a static host): on plain http it is ignored. */
export const strictTransportSecurity = { "Strict-Transport-Security": "max-age=31536000" };

export function securityHeaders({ secure = false } = {}): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), " +
      "magnetometer=(), microphone=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    ...(secure ? strictTransportSecurity : {}),
  };
}
