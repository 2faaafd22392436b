/**
 * Why the spam filter set a request aside, on its row in the inbox, so that the owner can tell a
 * robot from a person caught by mistake without opening each one. Spam the owner marked has no
 * reason (the owner knows why) and shows nothing here.
 */
import type { Lead } from "../leads/lead-formats.ts";
import { h } from "../views/react.ts";

export function SpamWhy({ lead }: { lead: Pick<Lead, "status" | "spamReason"> }) {
  if (lead.status !== "spam" || !lead.spamReason) return null;
  return h("p", { className: "spam" }, `Set aside by the spam filter: ${lead.spamReason}`);
}
