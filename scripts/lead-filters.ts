/**
 * `npm run leads` filters: `--status won,lost`, `--since 2026-11-01` (or `7d`), `--town "King of
 * Prussia"` (or `outside` for ZIPs outside the service area). Spam is left out unless `--all` or
 * `--status spam` asks for it.
 */
import type { Lead } from "./lead-formats.ts";

const statuses = ["new", "contacted", "won", "lost", "spam"];

export type LeadFilter = {
  statuses: string[] | null;
  since: Date | null;
  town: string | null;
  all: boolean;
};

export function parseLeadFilter(
  options: { status?: string; since?: string; town?: string; all?: boolean },
  now: Date,
): LeadFilter {
  let wanted: string[] | null = null;
  if (options.status) {
    wanted = options.status
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
    const unknown = wanted.filter((item) => !statuses.includes(item));
    if (unknown.length > 0) {
      throw new Error(`--status takes ${statuses.join(", ")}; not ${unknown.join(", ")}.`);
    }
  }
  return {
    statuses: wanted,
    since: options.since ? parseSince(options.since, now) : null,
    town: options.town?.trim() || null,
    all: Boolean(options.all),
  };
}

/** "2026-11-01" (from 00:00 UTC that day), or "7d" for the last 7 days. */
export function parseSince(value: string, now: Date): Date {
  const days = /^(\d{1,4})d$/.exec(value.trim());
  if (days) return new Date(now.getTime() - Number(days[1]) * 86_400_000);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    const date = new Date(`${value.trim()}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Error(
    `--since takes a date like 2026-11-01 or a number of days like 30d; not "${value}".`,
  );
}

export function filterLeads(leads: Lead[], filter: LeadFilter): Lead[] {
  return leads.filter((lead) => {
    if (filter.statuses) {
      if (!filter.statuses.includes(lead.status)) return false;
    } else if (!filter.all && lead.status === "spam") {
      return false;
    }
    if (filter.since && Date.parse(lead.receivedAt) < filter.since.getTime()) return false;
    if (filter.town) {
      const wanted = filter.town.toLowerCase();
      if (wanted === "outside") return lead.zip !== undefined && !lead.inServiceArea;
      if ((lead.town ?? "").toLowerCase() !== wanted) return false;
    }
    return true;
  });
}
