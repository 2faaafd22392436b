/**
 * SITE_COUNTS, the owner's one switch for counting (docs/counting.md). Off unless
 * set to `on`: by default no page makes a call but the quote form's send and the browser keeps
 * nothing but the popup's `hasVisitedBefore`, as the product promises. The build reads it for the
 * pages (vite.config.ts exposes it as import.meta.env.SITE_COUNTS), `npm start` for the views it
 * counts as it serves them. No imports: vite.config.ts loads it before any alias exists.
 */
export const siteCountsSetting = "SITE_COUNTS";

/** True for `on`; false when empty or `off`; anything else is a mistake worth stopping for. */
export function siteCountsOn(value: string | undefined): boolean {
  const setting = (value ?? "").trim().toLowerCase();
  if (setting === "" || setting === "off") return false;
  if (setting === "on") return true;
  throw new Error(`${siteCountsSetting} must be "on" or "off", not "${value}"`);
}
