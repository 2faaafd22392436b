/**
 * How the function and the host that serves the pages keep to the live content version: the
 * contract between the owner's editor (which stores a version) and whatever makes it live. On
 * `npm start` the server renders the pages again and switches them with the function's own
 * content (server/); on Supabase the function switches its own content and the static host
 * rebuilds the pages when its deploy hook is called.
 */
import type { SiteContent } from "../../../shared/content/site-content.ts";

export type SiteStatus = {
  /** The published version this server shows (null: the repository's). */
  serving: number | null;
  /** A version being made live now, if any. */
  building: number | null;
  /** The last version that could not be made live, and why in plain words. */
  failed: { version: number; reason: string; at: string } | null;
};

export type SitePublishing = {
  /**
   * Looks at the store's live version now instead of at the next periodic check, and resolves
   * once this server shows it or has failed to (see status()).
   */
  checkNow(): Promise<void>;
  status(): SiteStatus;
  /**
   * One page of the site as it would look with `document`, as a whole HTML document without
   * scripts, for the editor's preview. Absent where this host cannot render pages (Supabase).
   */
  preview?(document: SiteContent, path: string): Promise<string>;
};
