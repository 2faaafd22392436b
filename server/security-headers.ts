/**
 * Headers every response carries (X-Content-Type-Options, Referrer-Policy,
 * Permissions-Policy, frame-ancestors). Pages add their own Content-Security-Policy (csp.ts);
 * everything else gets a policy that allows nothing, which matters for files a browser could
 * render on their own (SVG, JSON).
 */
export const lockedDownPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function securityHeaders({ secure = false } = {}): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), " +
      "magnetometer=(), microphone=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Only over HTTPS (behind a TLS proxy with TRUST_PROXY): on plain http it would be ignored.
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}
