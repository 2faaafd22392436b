/**
 * `npm run leads` filters: `--status won,lost`, `--service residential,carpet`, `--since
 * 2026-11-01` (or `7d`), `--town "King of Prussia"` (or `outside` for ZIPs outside the service
 * area, `none` for requests without a ZIP), `--search dana` (a name, an e-mail, a phone number, a
 * town, a service, the message, a ZIP, or where the visit came from: "google", a campaign).
 * Spam is left out unless `--all` or `--status spam` asks for it, except, in `npm run leads`, a
 * request the owner marked Spam before it was ever e-mailed: the list was the only place to read
 * it. The owner's inbox filters with the same rules (inbox/inbox-query.ts) in the store's query
 * (store/inbox-store.ts), the search with `matchesSearch`; it lists no spam unless asked: it
 * offers it one tap away.
 */
import { serviceOptions } from "../../../shared/contact-fields.ts";
import { sourceChannel, sourceText } from "../../../shared/source-words.ts";
import { leadStatuses } from "../base/lead-status.ts";
import type { Lead } from "./lead-formats.ts";

const statuses: string[] = [...leadStatuses];
const services: string[] = serviceOptions.map((option) => option.value);

export type LeadFilter = {
  statuses: string[] | null;
  services: string[] | null;
  since: Date | null;
  town: string | null;
  /**
   * Part of a name, an e-mail address, the town, the service, the message, the ZIP or the source,
   * or of a phone number's digits (3 or more).
   */
  search: string | null;
  all: boolean;
};

/** "won, Lost" → ["won", "lost"], refusing anything not in `allowed`; null when not given. */
function listOption(name: string, value: string | undefined, allowed: string[]): string[] | null {
  if (!value) return null;
  const wanted = value
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const unknown = wanted.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new Error(`--${name} takes ${allowed.join(", ")}; not ${unknown.join(", ")}.`);
  }
  return wanted;
}

export function parseLeadFilter(
  options: {
    status?: string;
    service?: string;
    since?: string;
    town?: string;
    search?: string;
    all?: boolean;
  },
  now: Date,
): LeadFilter {
  return {
    statuses: listOption("status", options.status, statuses),
    services: listOption("service", options.service, services),
    since: options.since ? parseSince(options.since, now) : null,
    town: options.town?.trim() || null,
    search: options.search?.trim() || null,
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

/**
 * Marked Spam from a link (the owner's, or one that reached someone else) while it still waited
 * to be e-mailed (past the hourly cap, a mail outage): never e-mailed, so it stays listed.
 */
function ownerSpamNeverMailed(lead: Lead): boolean {
  return lead.status === "spam" && lead.statusSetAt !== null && lead.deliveryStatus !== "sent";
}

export function filterLeads(leads: Lead[], filter: LeadFilter): Lead[] {
  return leads.filter((lead) => {
    if (filter.statuses) {
      if (!filter.statuses.includes(lead.status)) return false;
    } else if (!filter.all && lead.status === "spam" && !ownerSpamNeverMailed(lead)) {
      return false;
    }
    if (filter.services && !filter.services.includes(lead.service)) return false;
    if (filter.since && Date.parse(lead.receivedAt) < filter.since.getTime()) return false;
    if (filter.town && !inTown(lead, filter.town.toLowerCase())) return false;
    if (filter.search && !matchesSearch(lead, filter.search)) return false;
    return true;
  });
}

/** A town of the area by name; "outside" the area (a ZIP outside it); "none" (no ZIP given). */
function inTown(lead: Lead, wanted: string): boolean {
  if (wanted === "outside") return lead.zip !== undefined && !lead.inServiceArea;
  if (wanted === "none") return lead.zip === undefined;
  return (lead.town ?? "").toLowerCase() === wanted;
}

/**
 * What the owner may remember of a request, as one text to search: the name, the e-mail, the
 * town, the service as labelled, the message, the ZIP, and where the visit came from in the
 * words the inbox shows ("Google ads", "found us on Google") and as tagged (campaign, referrer).
 * Done on the listed requests, the same on SQLite and Postgres.
 */
function searchText(lead: Lead): string {
  const source = lead.source;
  return [
    lead.name,
    lead.email,
    lead.town,
    lead.zip,
    lead.serviceLabel,
    lead.message,
    source ? sourceChannel(source) : "",
    source ? sourceText(source) : "",
    source?.referrer,
    source?.utm?.source,
    source?.utm?.medium,
    source?.utm?.campaign,
  ]
    .filter((part) => typeof part === "string" && part !== "")
    .join("\n")
    .toLowerCase();
}

/**
 * A request whose text (searchText) contains what was typed, or, when what was typed is written
 * like a phone number (digits, spaces, `+().-`), a phone containing its digits: "Apt 0142" is
 * not a number.
 */
export function matchesSearch(lead: Lead, search: string): boolean {
  const wanted = search.toLowerCase();
  if (searchText(lead).includes(wanted)) return true;
  if (!/^[\d\s+().-]+$/.test(search)) return false;
  const digits = search.replace(/\D/g, "");
  return digits.length >= 3 && lead.phone.replace(/\D/g, "").includes(digits);
}
