/**
 * What booking and the visitor's side need from a store, beside the ContactStore and OwnerStore
 * contracts (the store implements it in database/booking.ts; the contract is
 * tests/contracts/booking-store-contract.ts):
 *
 * - `changeRequest`: one change to a request (book, rebook or cancel its visit, new preferred
 *   times, the service address, a status), recorded as an event, with the e-mail to the visitor
 *   and the owner's notices it causes queued in the same transaction: a change the page reported
 *   saved always has its e-mails on the way. A stale page (another change came first) changes
 *   nothing.
 * - a durable queue of e-mails to visitors (visitor_emails), claimed like every other queue
 *   (queue-table.ts), with a per-address cap decided in the same transaction as the insert;
 * - the visits in a period, for reminders and the owner's calendar.
 */
import type { PreferredWindow } from "../../../shared/quote/preferred-windows.ts";
import type { LeadStatus } from "../base/lead-status.ts";
import type { NewNotice } from "./owner-store.ts";
import type { StoredContactRequest, StoredPlan } from "./store.ts";
import type { VisitorEmailKind } from "./visitor-email-kinds.ts";

export type EventActor = "owner" | "visitor";

/** What happened to a request, in the words of request-events.ts. */
export type RequestEventKind =
  | "booked"
  | "rebooked"
  | "visit-cancelled"
  | "asked-for-times"
  | "added-address"
  | "cancelled-request"
  /** A plan's changes (shared/booking/plan-changes.ts), by the customer or the owner. */
  | "plan-skipped"
  | "plan-unskipped"
  | "plan-moved"
  | "plan-paused"
  | "plan-resumed"
  | "plan-every"
  | "plan-cancelled";

export type RequestEvent = {
  id: string;
  requestId: string;
  /** ISO-8601 UTC */
  at: string;
  actor: EventActor;
  kind: RequestEventKind;
  details: Record<string, unknown>;
};

export type NewVisitorEmail = {
  /** e.g. `acknowledgement:<id>`, `visit:<id>:<sequence>`, `reminder:<id>:<sequence>` */
  key: string;
  kind: VisitorEmailKind;
  requestId: string;
  /** The visitor's address, lower-cased: the per-address cap counts by it. */
  recipient: string;
  /** What the e-mail must say that the request may no longer say when it is sent. */
  payload: Record<string, unknown>;
  createdAt: Date;
};

export type StoredVisitorEmail = NewVisitorEmail & {
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

export type RequestChange = {
  /** The visit's sequence the page showed: if the request's differs, nothing changes. */
  expectedSequence?: number;
  status?: LeadStatus;
  /** A new time for the visit (its sequence + 1), or null to cancel it (sequence + 1). */
  visit?: { start: Date; end: Date } | null;
  /** The request's plan as changed (its sequence + 1: one calendar series), or null for none. */
  plan?: StoredPlan | null;
  /**
   * The visit is held for the owner's confirmation (true) or confirmed (false). Left out: a visit
   * the owner books or moves is confirmed by it; a cancelled one holds nothing; else unchanged.
   */
  visitHeld?: boolean;
  preferredWindows?: PreferredWindow[];
  serviceAddress?: string;
  /** Its id may be chosen first, when notices name it. */
  event: {
    id?: string;
    actor: EventActor;
    kind: RequestEventKind;
    details?: Record<string, unknown>;
  };
  /** The e-mails to the visitor this change causes (usually one), from the request as changed. */
  visitorEmail?: (changed: StoredContactRequest) => NewVisitorEmail | NewVisitorEmail[] | null;
  notices?: NewNotice[];
  /**
   * A bound on one actor's changes to this request, decided in the change's own transaction so
   * that concurrent posts cannot pass it together: at most `max` in `windowMs`, `total` ever.
   */
  limit?: ChangeLimit;
  /**
   * Whether the new visit still fits beside every other visit booked, decided inside the change's
   * own transaction under one lock that every server takes to book (the database holds the rule,
   * never a process's memory): given the other requests whose one visit overlaps [from, to) and
   * every other request with a plan (booking/booked-visits.ts makes their visits), it says yes or
   * no. No: nothing changes and the answer is `taken`.
   */
  capacity?: { from: Date; to: Date; fits: (others: readonly StoredContactRequest[]) => boolean };
};

/** A visit already booked, as the capacity rule reads it. */
export type BookedVisit = { start: Date; end: Date };

export type ChangeLimit = { actor: EventActor; windowMs: number; max: number; total: number };

export type ChangeResult =
  | { ok: true; request: StoredContactRequest; event: RequestEvent }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "conflict"; request: StoredContactRequest }
  /** The visit's time is no longer open: every crew was booked meanwhile. */
  | { ok: false; reason: "taken" }
  /** Over the limit: `retryAt` when the window frees a change, null when the total is reached. */
  | { ok: false; reason: "limited"; retryAt: Date | null };

/** Queued; already queued under that key (nothing changed); or over the cap (kept as failed). */
export type EnqueueOutcome = "queued" | "exists" | "capped";

export type VisitorEmailCap = {
  max: number;
  windowMs: number;
  reason: string;
  /** Also at most `max` of this kind to anyone in the hour before (all recipients together). */
  perHour?: { max: number; reason: string };
};

export type BookingStore = {
  changeRequest(id: string, change: RequestChange, at: Date): Promise<ChangeResult>;
  /**
   * Queues an e-mail to a visitor once per key. With a cap: when `max` e-mails of the same kind
   * to the same recipient were queued (and not given up) in the `windowMs` before, it is kept as
   * `failed` with the cap's reason instead, so that asking again decides the same; likewise past
   * `perHour` of that kind to anyone.
   */
  enqueueVisitorEmail(email: NewVisitorEmail, cap?: VisitorEmailCap): Promise<EnqueueOutcome>;
  /** Oldest first; one request's, or all. */
  listVisitorEmails(requestId?: string): Promise<StoredVisitorEmail[]>;
  /** One request's events, oldest first. */
  listEvents(requestId: string): Promise<RequestEvent[]>;
  /** Requests with a visit starting in [from, to), earliest first (a plan's first visit among them). */
  listVisits(from: Date, to: Date): Promise<StoredContactRequest[]>;
  /** Requests with a plan, cancelled or not, oldest first: their visits are worked out from it. */
  listPlans(): Promise<StoredContactRequest[]>;
};

/** The statuses that count as the owner's first answer (contactedAt; `npm run leads -- --stats`). */
const answers = new Set<LeadStatus>(["contacted", "booked", "won", "lost"]);

/** The columns a change writes, worked out the same way for every store. */
export type ChangedColumns = {
  status: LeadStatus;
  contactedAt: Date | null;
  visitStart: Date | null;
  visitEnd: Date | null;
  visitSequence: number;
  visitChangedAt: Date | null;
  plan: StoredPlan | null;
  visitHeld: boolean;
  serviceAddress: string | null;
  /** The quote details with the new preferred times, or undefined when they do not change. */
  quoteDetails: Record<string, unknown> | undefined;
};

export function changedColumns(
  request: StoredContactRequest,
  change: RequestChange,
  at: Date,
): ChangedColumns {
  const status = change.status ?? request.status;
  const visitChanges = change.visit !== undefined || change.plan !== undefined;
  const { visit } = request;
  let quoteDetails: Record<string, unknown> | undefined;
  if (change.preferredWindows) {
    const { zip, inServiceArea, town, nearby, estimate, offer, contentVersion } = request;
    quoteDetails = Object.fromEntries(
      Object.entries({ zip, inServiceArea, town, nearby, estimate, offer, contentVersion }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    quoteDetails.preferredWindows = change.preferredWindows;
  }
  return {
    status,
    contactedAt: request.contactedAt
      ? new Date(request.contactedAt)
      : change.status && answers.has(change.status)
        ? at
        : null,
    visitStart:
      change.visit !== undefined
        ? (change.visit?.start ?? null)
        : visit
          ? new Date(visit.start)
          : null,
    visitEnd:
      change.visit !== undefined ? (change.visit?.end ?? null) : visit ? new Date(visit.end) : null,
    visitSequence: request.visitSequence + (visitChanges ? 1 : 0),
    visitChangedAt: visitChanges
      ? at
      : request.visitChangedAt
        ? new Date(request.visitChangedAt)
        : null,
    plan: change.plan !== undefined ? change.plan : (request.plan ?? null),
    visitHeld:
      change.visitHeld ??
      (change.visit === null || (change.visit && change.event.actor === "owner")
        ? false
        : Boolean(request.visitHeld)),
    serviceAddress: change.serviceAddress ?? request.serviceAddress ?? null,
    quoteDetails,
  };
}

/** Why a change may not be made: the request is missing, or the page was out of date. */
export function refusal(
  request: StoredContactRequest | null,
  change: RequestChange,
): Exclude<ChangeResult, { ok: true }> | null {
  if (!request) return { ok: false, reason: "missing" };
  if (change.expectedSequence !== undefined && request.visitSequence !== change.expectedSequence)
    return { ok: false, reason: "conflict", request };
  return null;
}

export function newEvent(requestId: string, change: RequestChange, at: Date): RequestEvent {
  return {
    id: change.event.id ?? crypto.randomUUID(),
    requestId,
    at: at.toISOString(),
    actor: change.event.actor,
    kind: change.event.kind,
    details: change.event.details ?? {},
  };
}

/** What a store counted of the limit's actor's events: all, in the window, the oldest of those. */
export function overLimit(
  limit: ChangeLimit,
  counted: { total: number; recent: number; oldestRecent: Date | null },
  at: Date,
): Extract<ChangeResult, { reason: "limited" }> | null {
  if (counted.total >= limit.total) return { ok: false, reason: "limited", retryAt: null };
  if (counted.recent < limit.max) return null;
  const oldest = counted.oldestRecent?.getTime() ?? at.getTime();
  return { ok: false, reason: "limited", retryAt: new Date(oldest + limit.windowMs) };
}

/** The start of a limit's window. */
export const limitSince = (limit: ChangeLimit, at: Date) => new Date(at.getTime() - limit.windowMs);
