/**
 * A request's follow-ups as its page lists them (owner/request-page.ts): what was sent, what waits
 * and why, what was stopped and why, and what the rules will send if nothing changes. A queued
 * follow-up speaks for its key; the plan fills in those not queued yet.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { statusLabels } from "../base/lead-view.ts";
import type { FollowUpKind, StoredFollowUp } from "../store/follow-up-store.ts";
import { type FollowUpLead, type FollowUpSettings, plannedFollowUps } from "./follow-up-rules.ts";

export type FollowUpLine = { key: string; text: string };

const names: Record<FollowUpKind, string> = {
  review: "Review request",
  "follow-up": "Follow-up of the quote",
};

const when = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const at = (iso: string | Date) => when.format(new Date(iso)).replace(",", "");

function queuedLine(item: StoredFollowUp): string {
  const name = names[item.kind];
  switch (item.state) {
    case "sent":
      return `${name}: e-mailed ${at(item.sentAt ?? item.nextAttemptAt)}.`;
    case "stopped":
      return `${name}: not sent, ${item.lastError ?? "stopped"}.`;
    case "failed":
      return `${name}: not sent, the mail server refused it (${item.lastError ?? "no reason given"}).`;
    default:
      return item.lastError
        ? `${name}: to be e-mailed ${at(item.nextAttemptAt)} (${item.lastError}).`
        : `${name}: to be e-mailed ${at(item.nextAttemptAt)}.`;
  }
}

export function followUpLines(
  lead: FollowUpLead,
  queued: readonly StoredFollowUp[],
  settings: FollowUpSettings,
): FollowUpLine[] {
  const lines = queued.map((item) => ({ key: item.key, text: queuedLine(item) }));
  for (const plan of plannedFollowUps(lead, settings)) {
    if (queued.some((item) => item.key === plan.key)) continue;
    const status = statusLabels[lead.status as keyof typeof statusLabels] ?? lead.status;
    lines.push({
      key: plan.key,
      text: `${names[plan.kind]}: will be e-mailed ${at(plan.dueAt)} if the status is still ${status}.`,
    });
  }
  return lines;
}
