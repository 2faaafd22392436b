/**
 * Defaults for settings that both the static site (at build time) and the contact function's
 * hosts (at run time) must agree on. Each can be overridden by the environment variable named
 * beside it; .env.example documents them all.
 */
export const deploymentDefaults = {
  /** VITE_SITE_URL: the public origin used for canonical links, sitemap and structured data. */
  siteUrl: "https://www.keystone-shine.example",
  /**
   * VITE_SUPABASE_ANON_KEY (browser) and CONTACT_PUBLIC_KEY (server): the public anonymous key
   * sent with every contact request (contact-api.md, Request). Public by design; not a secret.
   */
  publicKey: "sb_publishable_keystone-shine-local-demo-key",
  /** The function's name and path; the same on the embedded server and on Supabase. */
  functionName: "send-contact-email",
  functionPath: "/functions/v1/send-contact-email",
} as const;
