/**
 * Deployment settings the browser bundle needs, read from VITE_* variables at build time
 * (.env.example). Business facts are not here: they live in shared/business.ts.
 */
import { deploymentDefaults } from "../shared/deployment-defaults";
import { siteCountsOn } from "../shared/site-counts-setting";

function setting(value: string | undefined, fallback: string): string {
  return value && value.trim() !== "" ? value.trim() : fallback;
}

export const siteConfig = {
  /** The public origin for canonical links, the sitemap and structured data. No trailing slash. */
  siteUrl: setting(import.meta.env.VITE_SITE_URL, deploymentDefaults.siteUrl).replace(/\/+$/, ""),
  /**
   * The backend's project URL. Empty means "this site's own origin", where the embedded server
   * answers /functions/v1/send-contact-email.
   */
  supabaseUrl: setting(import.meta.env.VITE_SUPABASE_URL, ""),
  publicKey: setting(import.meta.env.VITE_SUPABASE_ANON_KEY, deploymentDefaults.publicKey),
  functionName: deploymentDefaults.functionName,
  /** SITE_COUNTS (shared/site-counts-setting.ts): off, the pages hold no beacon at all. */
  siteCounts: siteCountsOn(import.meta.env.SITE_COUNTS),
} as const;

/**
 * Whether a page must send its own view. `npm start` counts the pages it serves (server/start.ts)
 * when the function is on the site's own origin; pages whose function lives elsewhere (a static
 * host with Supabase) are served by a host that counts nothing, so only the page can.
 */
export const pageCountsItsView = siteConfig.siteCounts && siteConfig.supabaseUrl !== "";

/** The contact function: the quote form's JSON call and plain post, and the beacon when counting. */
export const functionUrl = `${siteConfig.supabaseUrl}/functions/v1/${siteConfig.functionName}`;

export function absoluteUrl(path: string): string {
  return `${siteConfig.siteUrl}${path === "/" ? "/" : path}`;
}
