/**
 * What every store of quote requests offers, whichever database holds them (contact-api.md,
 * "Storing, then e-mailing": 200 only after the commit, plus the outbox's bookkeeping).
 * One implementation, database/sql-store.ts (decision 0026), opened on SQLite (Node host, one
 * machine: database/sqlite-store.ts) or Postgres (Node host with DATABASE_URL, and the Supabase
 * host: database/postgres-store.ts); unit tests use the SQLite one in memory
 * (tests/support/stores.ts). Their rows: store-row.ts; their schemas: supabase/migrations and
 * supabase/sqlite-migrations, newer changes made from one source, supabase/schema/
 * (migrations.ts applies them).
 */

import type { Plan } from "../../../shared/booking/plans.ts";
import type { ContactRequest } from "../../../shared/contact-schema.ts";
import type { PriceRange } from "../../../shared/quote/estimate.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";
import type { LeadStatus } from "../base/lead-status.ts";
import type { Visit } from "../base/visit.ts";
import type { QueueStore } from "./queue-table.ts";

/**
 * The owner's view of a lead (lead-status.ts); `spam` is also what the spam filter stores (never
 * e-mailed): `statusSetAt` tells the owner's from the filter's.
 */
export type { LeadStatus } from "../base/lead-status.ts";

/**
 * The e-mail's state, separate from the lead's: `failed` is final (the mail server refused this
 * message for good, or kept refusing it); the request stays in the store and in `npm run leads`.
 */
export type DeliveryStatus = "pending" | "sent" | "failed";

export type NewContactRequest = {
  /** Chosen by the handler (crypto.randomUUID) so every store answers with the same kind of id. */
  id: string;
  data: ContactRequest;
  /** The optional quote details as the function resolved them (absent ones left out). */
  details?: StoredQuoteDetails;
  /** Where the visit came from (shared/visit-source.ts), when the page noted it. */
  source?: VisitSource;
  /** See fingerprint.ts: equal for repeats of the same request. */
  fingerprint: string;
  receivedAt: Date;
  /**
   * Repeats with the same fingerprint received within this many ms return the first id, unless
   * that one is spam: a repeat of a spam request is judged and stored afresh.
   */
  dedupeWindowMs: number;
  /** "spam" when the spam filter caught it: stored, never claimed for delivery. Default "new". */
  status?: "new" | "spam";
  /** Why the filter judged it spam, in plain words (spam-filter.ts); kept with spam only. */
  spamReason?: string;
};

export type SubmitResult = { id: string; duplicate: boolean };

export type StoredContactRequest = ContactRequest &
  StoredQuoteDetails & {
    id: string;
    /** ISO-8601 UTC */
    createdAt: string;
    status: LeadStatus;
    deliveryStatus: DeliveryStatus;
    /** Delivery attempts started so far (a claim counts as an attempt). */
    attempts: number;
    lastError: string | null;
    /** ISO-8601 UTC: when the outbox may try (again). */
    nextAttemptAt: string;
    sentAt: string | null;
    /** Where the e-mail went, e.g. "smtp:hello@example.com" or "file:data/outbox/x.eml". */
    deliveredTo: string | null;
    /**
     * Recipients that have accepted this e-mail although others refused it: a retry goes only to
     * the rest. Empty until a partial delivery.
     */
    deliveredRecipients: string[];
    /**
     * When the owner first answered (status contacted, won or lost; owner/owner-store.ts). Stores
     * without the owner's side leave it out.
     */
    contactedAt?: string | null;
    /**
     * When the owner last set the status with a button; null while it is the status the request
     * was stored with (`new`, or `spam` from the spam filter). Stores without the owner's side
     * leave it out. Follow-ups count from it.
     */
    statusSetAt?: string | null;
    /** Where the visit came from; absent when the request carried none. */
    source?: VisitSource;
    /** The booked visit, in the business's time zone; absent when none is booked. */
    visit?: Visit;
    /**
     * A recurring plan booked online: its visits (shared/booking/plans.ts) replace `visit`, which
     * stays the plan's first one as booked. Absent for a one-time visit.
     */
    plan?: StoredPlan;
    /**
     * The visit (or plan) a customer picked online, held until the owner confirms it (the Online
     * booking setting): it takes its crew like any other. Absent once confirmed, or when booked at once.
     */
    visitHeld?: true;
    /** The visit's iCalendar SEQUENCE: 0 never booked, + 1 at each booking, change or cancel. */
    visitSequence: number;
    /** ISO-8601 UTC: when the visit was last booked, changed or cancelled. */
    visitChangedAt: string | null;
    /** Where to clean, when the visitor gave it on their page. */
    serviceAddress?: string;
    /** Why the spam filter judged it spam; absent for the rest and for what the owner marked. */
    spamReason?: string;
  };

/** A recurring plan as stored: the series and its changes, and each later visit's price. */
export type StoredPlan = Plan & {
  /** The price of every visit after the first, from the price list when booked or changed; null without an estimate. */
  laterPrice: PriceRange | null;
  /**
   * The series this plan ran before its frequency changed, each ended (`cancelledFrom`): their
   * visits stay the customer's and the owner's record, and their calendar events keep their own UIDs.
   */
  earlier?: Plan[];
};

/**
 * The store the function keeps its requests in; every queue of it, the requests' e-mails (spam
 * never claimed) among them, is `queue(name)` (queue-table.ts).
 */
export type ContactStore = QueueStore & {
  /** Commits the request durably, or returns the id of an equal one inside the window. */
  submit(request: NewContactRequest): Promise<SubmitResult>;
  /** Newest first. */
  list(): Promise<StoredContactRequest[]>;
  close(): Promise<void>;
};

/** Thrown by stores when the database cannot be reached or refuses a write; the handler answers 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}
