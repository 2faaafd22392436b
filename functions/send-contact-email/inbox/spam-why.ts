/**
 * Why the spam filter set a request aside, on its row in the inbox, so that the owner can tell a
 * robot from a person caught by mistake without opening each one. Spam the owner marked has no
 * reason (the owner knows why) and shows nothing here.
 */

import type { Lead } from "../leads/lead-formats.ts";
import { escapeHtml } from "../mail/email.ts";

export function spamWhy(lead: Pick<Lead, "status" | "spamReason">): string {
  if (lead.status !== "spam" || !lead.spamReason) return "";
  return `<p class="spam">Set aside by the spam filter: ${escapeHtml(lead.spamReason)}</p>\n`;
}
