/**
 * What booking, moving or cancelling a visit queues for the visitor, whoever made the change (the
 * owner's page, or the visitor cancelling on theirs): one `visit` e-mail keyed by the visit's new
 * SEQUENCE, whose payload fixes what it says. Also the visit as a calendar file of its own.
 */

import type { NewVisitorEmail } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { icsCalendar } from "./ics.ts";
import { visitEvent } from "./visit-event.ts";
import type { VisitPayload } from "./visitor-emails.ts";

export function visitEmail(
  action: VisitPayload["action"],
  before: StoredContactRequest,
): (changed: StoredContactRequest) => NewVisitorEmail | null {
  return (changed) => {
    const visit = action === "cancelled" ? before.visit : changed.visit;
    if (!visit) return null;
    const payload: VisitPayload = {
      action,
      start: new Date(visit.start).toISOString(),
      end: new Date(visit.end).toISOString(),
      sequence: changed.visitSequence,
    };
    return {
      key: `visit:${changed.id}:${changed.visitSequence}`,
      kind: "visit",
      requestId: changed.id,
      recipient: changed.email.toLowerCase(),
      payload,
      createdAt: changed.visitChangedAt ? new Date(changed.visitChangedAt) : new Date(),
    };
  };
}

/** The booked visit as a file to open in a calendar (the visitor's page offers it). */
export function visitCalendar(
  request: StoredContactRequest,
  mailFrom: string,
  businessName: string,
  now: Date,
): string {
  const visit = request.visit;
  if (!visit) throw new Error("no visit booked");
  return icsCalendar({
    events: [
      visitEvent(
        request,
        { start: new Date(visit.start), end: new Date(visit.end), sequence: request.visitSequence },
        { from: mailFrom, name: businessName },
        now,
      ),
    ],
  });
}

/**
 * What a plan's e-mail to the customer is about: booked, or one of its changes (plan-changes.ts).
 * Dates are series dates ("YYYY-MM-DD", the business's).
 */
export type PlanEmailAction =
  | { kind: "booked" }
  | { kind: "skipped" | "unskipped" | "moved"; occurrence: string }
  | { kind: "paused"; until: string }
  | { kind: "resumed" | "every" | "cancelled" };

/**
 * The e-mails a plan's booking or change queues for the customer, from the request as changed:
 * what changed in words, with the updated calendar series (`plan` e-mails, keyed by the new
 * SEQUENCE, visitor-emails.ts words them).
 */
export function planEmail(
  action: PlanEmailAction,
  _before: StoredContactRequest,
): (changed: StoredContactRequest) => NewVisitorEmail[] | null {
  return (changed) => {
    if (!changed.plan) return null;
    return [
      {
        key: `plan:${changed.id}:${changed.visitSequence}`,
        kind: "plan",
        requestId: changed.id,
        recipient: changed.email.toLowerCase(),
        payload: { action, sequence: changed.visitSequence },
        createdAt: changed.visitChangedAt ? new Date(changed.visitChangedAt) : new Date(),
      },
    ];
  };
}
