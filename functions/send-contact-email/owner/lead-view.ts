/**
 * What the owner's page, alerts, reminders and digest know about one request: the stored fields,
 * its status, and the optional quote details (ZIP, town, estimate, offer, preferred times), shown
 * in the same plain words the owner's e-mail uses.
 */
import type { ContactRequest } from "../../../shared/contact-schema.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { formatWindow } from "../../../shared/quote/preferred-windows.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";

export const leadStatuses = ["new", "contacted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** The statuses the owner sets with a button (everything but `new`). */
export const ownerActions = ["contacted", "won", "lost", "spam"] as const;
export type OwnerAction = (typeof ownerActions)[number];

export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export function isOwnerAction(value: unknown): value is OwnerAction {
  return typeof value === "string" && (ownerActions as readonly string[]).includes(value);
}

export type LeadView = ContactRequest &
  StoredQuoteDetails & {
    id: string;
    /** ISO-8601 UTC */
    createdAt: string;
    status: LeadStatus;
  };

export type DetailLine = { label: string; value: string };

/** "$150–$185 a visit, 20% welcome offer applied", or null without an estimate. */
export function estimateText(lead: StoredQuoteDetails): string | null {
  if (!lead.estimate) return null;
  const offer = lead.offer ? `, ${lead.offer.percentOff}% welcome offer applied` : "";
  return `${formatRange(lead.estimate)} a visit${offer}`;
}

/** "King of Prussia", "19401 (outside the service area)", or null without a ZIP. */
export function placeText(lead: StoredQuoteDetails): string | null {
  if (lead.zip === undefined) return null;
  if (lead.inServiceArea && lead.town) return lead.town;
  return `${lead.zip} (outside the service area)`;
}

/** The quote details a request carried, one line each; none for a request without them. */
export function quoteDetailLines(lead: StoredQuoteDetails): DetailLine[] {
  const lines: DetailLine[] = [];
  if (lead.zip !== undefined) {
    const area = lead.inServiceArea ? `in area: ${lead.town}` : "outside the service area";
    lines.push({ label: "ZIP", value: `${lead.zip} (${area})` });
  }
  const estimate = estimateText(lead);
  if (estimate) lines.push({ label: "Estimate", value: estimate });
  if (lead.offer)
    lines.push({ label: "Offer", value: `${lead.offer.percentOff}% off (${lead.offer.id})` });
  if (lead.preferredWindows?.length) {
    lines.push({
      label: "Preferred times",
      value: lead.preferredWindows.map(formatWindow).join("; "),
    });
  }
  return lines;
}
