/**
 * The three ways `npm run leads` prints stored quote requests (contact-api.md, "Reading the
 * requests"): a readable list for the terminal, JSON lines, and CSV for a spreadsheet.
 * Visitor text is printed, never obeyed: terminal control characters are removed, JSON escapes
 * them, and CSV cells that a spreadsheet would run as a formula are defused.
 */

import { describeEvery } from "../../../shared/booking/plans.ts";
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { townText } from "../../../shared/quote/describe.ts";
import { formatDate } from "../../../shared/quote/preferred-windows.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import { sourceChannel } from "../../../shared/source-words.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";
import { spreadsheetTime, zonedIso } from "../base/clock.ts";
import { type Visit, visitWords } from "../base/visit.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";

export type Lead = StoredQuoteDetails & {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  serviceLabel: string;
  otherService: string;
  message: string;
  /** The owner's (functions/send-contact-email/base/lead-status.ts): new, contacted, booked, won... */
  status: string;
  /** When the owner first answered (contacted, won or lost), or null. */
  contactedAt: string | null;
  /**
   * When the owner last set the status with a button; null while it is the status the request
   * was stored with (new, or spam from the spam filter).
   */
  statusSetAt: string | null;
  /** pending, sent or failed. */
  deliveryStatus: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  deliveredTo: string | null;
  /** The booked visit, in the business's time zone (ISO 8601 with its offset), when there is one. */
  visit?: Visit;
  /** A plan's words, from its first visit ("every week on Tuesday"; "cancelled"), when it has one. */
  plan?: string;
  /** The visit waits for the owner's confirmation (Online booking: held until you confirm). */
  held?: true;
  /** The address the visitor gave on their page, when they did. */
  serviceAddress?: string;
  /** Where the visit came from (shared/visit-source.ts); absent when the request carried none. */
  source?: VisitSource;
  /** Why the spam filter judged it spam, when it did (`--all` lists spam). */
  spamReason?: string;
};

const quoteKeys = [
  "zip",
  "inServiceArea",
  "town",
  "nearby",
  "estimate",
  "offer",
  "preferredWindows",
  "contentVersion",
] as const;

/** "every week on Tuesday", or what became of the plan. */
function planWords(plan: StoredPlan): string {
  const every = describeEvery(plan.every, plan.first.day);
  return plan.cancelledFrom ? `${every}, no visits from ${formatDate(plan.cancelledFrom)}` : every;
}

/** How a request's visit is named: a one-time visit, a plan's first, held or not. */
export function visitLabel(lead: Pick<Lead, "plan" | "held">): string {
  const what = lead.plan ? `Plan (${lead.plan}), first visit` : "Visit";
  return lead.held ? `${what} held for you to confirm` : what;
}

export function toLead(row: StoredContactRequest & StoredQuoteDetails): Lead {
  // Quote details only when the request carried them (a request without them stays as before).
  const details: StoredQuoteDetails = {};
  for (const key of quoteKeys) {
    if (row[key] !== undefined) Object.assign(details, { [key]: row[key] });
  }
  return {
    id: row.id,
    receivedAt: row.createdAt,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    serviceLabel: serviceDescription(row),
    otherService: row.otherService,
    message: row.message,
    status: row.status,
    contactedAt: row.contactedAt ?? null,
    statusSetAt: row.statusSetAt ?? null,
    deliveryStatus: row.deliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt,
    deliveredTo: row.deliveredTo,
    ...details,
    ...(row.visit ? { visit: row.visit } : {}),
    ...(row.plan ? { plan: planWords(row.plan) } : {}),
    ...(row.visitHeld ? { held: true as const } : {}),
    ...(row.serviceAddress ? { serviceAddress: row.serviceAddress } : {}),
    ...(row.source ? { source: row.source } : {}),
    ...(row.spamReason ? { spamReason: row.spamReason } : {}),
  };
}

/**
 * One JSON object per line (a lead, a scheduled visit); C1 controls and line separators escaped
 * too (JSON leaves them).
 */
export function toJsonLine(value: object): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

type CsvColumn =
  | keyof Lead
  | "received"
  | "estimateLow"
  | "estimateHigh"
  | "recurringLow"
  | "recurringHigh"
  | "offerId"
  | "preferredTimes"
  | "visitStart"
  | "visitEnd"
  | "sourceChannel"
  | "landingPage"
  | "referrer"
  | "utmSource"
  | "utmMedium"
  | "utmCampaign";

const csvColumns: CsvColumn[] = [
  "received",
  "receivedAt",
  "name",
  "email",
  "phone",
  "serviceLabel",
  "message",
  "status",
  "statusSetAt",
  "contactedAt",
  "zip",
  "inServiceArea",
  "town",
  // true when the ZIP is one of the town's nearby ZIPs (19403 under Plymouth Meeting), not its own.
  "nearby",
  "estimateLow",
  "estimateHigh",
  "recurringLow",
  "recurringHigh",
  "offerId",
  "preferredTimes",
  "visitStart",
  "visitEnd",
  "serviceAddress",
  "sourceChannel",
  "landingPage",
  "referrer",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "deliveryStatus",
  "attempts",
  "lastError",
  "sentAt",
  "id",
];

/** A cell a spreadsheet shows as text: quoted, and never read as a formula (=, +, -, @). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * An instant of the CSV as ISO 8601 with the business's offset ("2026-11-26T21:04:00-05:00"):
 * the same moment a machine reads, and the same day as the file's name and `received` (in UTC a
 * request of 9 PM in New York would fall on the next day).
 */
const businessInstant = (iso: string | null | undefined) =>
  iso ? zonedIso(new Date(iso), businessTimeZone) : iso;

function csvValue(lead: Lead, column: CsvColumn): unknown {
  switch (column) {
    // The time people read, on the business's clock, in a form spreadsheets take as a date.
    case "received":
      return spreadsheetTime(new Date(lead.receivedAt), businessTimeZone);
    case "receivedAt":
    case "statusSetAt":
    case "contactedAt":
    case "sentAt":
      return businessInstant(lead[column]);
    case "estimateLow":
      return lead.estimate?.low;
    case "estimateHigh":
      return lead.estimate?.high;
    // Each later visit of a recurring plan; blank for a one-time cleaning.
    case "recurringLow":
      return lead.estimate?.recurring?.low;
    case "recurringHigh":
      return lead.estimate?.recurring?.high;
    case "offerId":
      return lead.offer?.id;
    case "visitStart":
      return lead.visit?.start;
    case "visitEnd":
      return lead.visit?.end;
    case "preferredTimes":
      return lead.preferredWindows?.map((item) => `${item.date} ${item.window}`).join("; ");
    // Where the visit came from: the name requests are counted by, then the facts.
    case "sourceChannel":
      return sourceChannel(lead.source);
    case "landingPage":
      return lead.source?.landingPage;
    case "referrer":
      return lead.source?.referrer;
    case "utmSource":
      return lead.source?.utm?.source;
    case "utmMedium":
      return lead.source?.utm?.medium;
    case "utmCampaign":
      return lead.source?.utm?.campaign;
    default:
      return lead[column];
  }
}

/** RFC 4180 with a UTF-8 byte order mark, which spreadsheet programs need to read accents. */
export function toCsv(leads: Lead[]): string {
  const lines = [
    csvColumns.map((column) => csvCell(column)).join(","),
    ...leads.map((lead) => csvColumns.map((column) => csvCell(csvValue(lead, column))).join(",")),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing terminal control characters is the point
const terminalUnsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** Safe to print to a terminal, on one line. */
export function terminalText(value: string): string {
  return value.replace(terminalUnsafe, " ").replace(/\s+/g, " ").trim();
}

const whenFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

/** Spam is the filter's only when nobody set it: the owner's Spam says so, with its date. */
function spamText(lead: Lead): string {
  if (!lead.statusSetAt)
    return lead.spamReason
      ? `SPAM (caught by the spam filter: ${lead.spamReason}; not e-mailed)`
      : "SPAM (caught by the spam filter, not e-mailed)";
  const marked = `SPAM (marked by you ${whenFormat.format(new Date(lead.statusSetAt))}`;
  return lead.deliveryStatus === "sent"
    ? `${marked}, e-mailed before)`
    : `${marked}, not e-mailed)`;
}

function status(lead: Lead): string {
  if (lead.status === "spam") return spamText(lead);
  if (lead.deliveryStatus === "sent") return `e-mailed (${terminalText(lead.deliveredTo ?? "")})`;
  const tries = lead.attempts === 1 ? "1 attempt" : `${lead.attempts} attempts`;
  if (lead.deliveryStatus === "failed")
    return `E-MAIL REFUSED by the mail server after ${tries}: ${terminalText(lead.lastError ?? "")}`;
  return lead.lastError
    ? `NOT YET E-MAILED, ${tries}, last error: ${terminalText(lead.lastError)}`
    : "waiting to be e-mailed";
}

export function toText(leads: Lead[]): string {
  if (leads.length === 0) return "No quote requests yet.\n";
  const blocks = leads.map((lead) => {
    const message = terminalText(lead.message);
    // "Plymouth Meeting", or "19403, near Plymouth Meeting" for a nearby ZIP.
    const town = townText(lead);
    return [
      `${whenFormat.format(new Date(lead.receivedAt))}  ${terminalText(lead.name)}  ${terminalText(lead.phone)}  ${terminalText(lead.email)}`,
      `  ${terminalText(lead.serviceLabel)} · ${lead.status === "spam" ? "" : `${lead.status.toUpperCase()} · `}${status(lead)}${town ? ` · ${terminalText(town)}` : ""} · from ${terminalText(sourceChannel(lead.source))}`,
      ...(lead.visit ? [`  ${visitLabel(lead)}: ${visitWords(lead.visit)}`] : []),
      `  ${message.length > 300 ? `${message.slice(0, 299)}…` : message}`,
    ].join("\n");
  });
  const real = leads.filter((lead) => lead.status !== "spam");
  const waiting = real.filter((lead) => lead.deliveryStatus === "pending").length;
  const refused = real.filter((lead) => lead.deliveryStatus === "failed").length;
  const spam = leads.length - real.length;
  const summary = `${real.length} request${real.length === 1 ? "" : "s"}, ${waiting} not yet e-mailed${refused ? `, ${refused} refused by the mail server` : ""}${spam ? `, ${spam} spam` : ""}.`;
  return `${blocks.join("\n\n")}\n\n${summary}\n`;
}
