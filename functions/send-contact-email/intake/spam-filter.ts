/**
 * The invisible spam filter (no CAPTCHA). A request is spam when the hidden field (the honeypot) is
 * filled, or when it was sent sooner after the page loaded than a person can fill the form AND it
 * carries a link. Speed alone never makes a request spam: a person whose browser fills in the
 * contact fields and who writes two words can send the form in under 3 seconds, and would have
 * been thanked while nobody ever heard of them.
 *
 * Spam is stored with status `spam` and a short reason in plain words (shown in the owner's inbox
 * and by `npm run leads -- --all`), answered 200 like any other (a bot learns nothing), and never
 * e-mailed. A request without the signals (an API client, a test) is judged by the other rules.
 */
import type { SpamSignals } from "../../../shared/contact-schema.ts";

/** The free text a visitor typed, where a bot puts its links. */
export type SpamText = { name: string; message: string; otherService?: string };

// A web address as bots write them: a scheme, www., link markup, or a bare domain with a path.
const link = /https?:\/\/|\bwww\.|\[url|<a\s|\b[a-z0-9-]+\.[a-z]{2,}\/\S/i;

function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? "second" : "seconds"}`;
}

/** Why the request is spam, in words for the owner, or null when it is not. */
export function spamReason(
  signals: SpamSignals,
  minFillMs: number,
  text: SpamText = { name: "", message: "" },
): string | null {
  if (signals.website !== undefined && signals.website.trim() !== "")
    return "the hidden field that only robots fill in was filled";
  const fast = signals.elapsedMs !== undefined && signals.elapsedMs < minFillMs;
  const withLink = [text.name, text.message, text.otherService ?? ""].some((value) =>
    link.test(value),
  );
  if (fast && withLink)
    return `sent ${seconds(signals.elapsedMs ?? 0)} after the page opened, with a web link in it`;
  return null;
}
