/**
 * The invisible spam filter (no CAPTCHA): a filled honeypot, or a form sent sooner after the page
 * loaded than a person can fill it, marks a request as spam. It is stored with status `spam`, answered
 * 200 like any other (a bot learns nothing), never e-mailed, and listed by `npm run leads -- --all`.
 * A request without the signals (an API client, a test) is judged by the other rules only.
 */
import type { SpamSignals } from "../../shared/contact-schema.ts";

/** Why the request is spam, or null when it is not. */
export function spamReason(signals: SpamSignals, minFillMs: number): string | null {
  if (signals.website !== undefined && signals.website.trim() !== "") return "honeypot filled";
  if (signals.elapsedMs !== undefined && signals.elapsedMs < minFillMs)
    return `sent ${signals.elapsedMs} ms after the page loaded`;
  return null;
}
