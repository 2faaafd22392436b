/**
 * What the owner's page, alerts, reminders and digest know about one request: the stored fields,
 * its status, and the optional quote details (ZIP, town, estimate, offer, preferred times), shown
 * in the same plain words the owner's e-mail uses.
 */
import type { ContactRequest } from "../../../shared/contact-schema.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";

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
    source?: VisitSource;
    /** When the owner set the status; null or absent: the status it was stored with. */
    statusSetAt?: string | null;
  };

// One wording for quote details wherever the owner reads them: the e-mail, this page, the alerts.
export {
  type DetailLine,
  describeQuoteDetails as quoteDetailLines,
  estimateText,
  placeText,
} from "../../../shared/quote/describe.ts";
