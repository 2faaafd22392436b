/**
 * What the owner's page, alerts, reminders and digest know about one request: the stored fields,
 * its status, and the optional quote details (ZIP, town, estimate, offer, preferred times), shown
 * in the same plain words the owner's e-mail uses.
 */
import type { ContactRequest } from "../../../shared/contact-schema.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";
import type { LeadStatus } from "./lead-status.ts";

// The statuses and their words have one home (lead-status.ts); re-exported for the owner's side.
export {
  isOwnerAction,
  type LeadStatus,
  leadStatuses,
  type OwnerAction,
  ownerActions,
  statusLabels,
} from "./lead-status.ts";

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
