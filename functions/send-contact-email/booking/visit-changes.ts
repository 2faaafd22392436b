/**
 * What booking, moving or cancelling a visit queues for the visitor, whoever made the change (the
 * owner's page, or the visitor cancelling on theirs): one `visit` e-mail keyed by the visit's new
 * SEQUENCE, whose payload fixes what it says; for a plan, its `plan` e-mails. Also the visit, or
 * the plan's series, as a calendar file of its own.
 */

import type { BookingFacts } from "../leads/booked-visits.ts";
import type { NewVisitorEmail } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { icsCalendar } from "./ics.ts";
import { planUid, requestSeries, seriesRulesOf } from "./plan-event.ts";
import { visitEvent, visitSummary } from "./visit-event.ts";
import type { VisitPayload } from "./visitor-emails.ts";

export function visitEmail(
  action: VisitPayload["action"],
  before: StoredContactRequest,
): (changed: StoredContactRequest) => NewVisitorEmail | null {
  return (changed) => {
    const visit = action === "cancelled" || action === "declined" ? before.visit : changed.visit;
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

/** How far ahead a plan's file and invitations list the closed dates it leaves out. */
export const planFileDays = 365;

/**
 * The booked visit, or every series of the plan, as a file to open in a calendar (the visitor's
 * page offers it); null when there is nothing to add (no visit, a plan cancelled before its first).
 */
export function visitCalendar(
  request: StoredContactRequest,
  mailFrom: string,
  businessName: string,
  now: Date,
  facts: BookingFacts,
): string | null {
  const business = { from: mailFrom, name: businessName };
  const visit = request.visit;
  if (request.plan) {
    const series = requestSeries(
      request.plan,
      (plan) => ({
        uid: planUid(request.id, plan, mailFrom),
        sequence: request.visitSequence,
        stamp: now,
        summary: visitSummary(request, businessName),
        ...(request.serviceAddress ? { location: request.serviceAddress } : {}),
      }),
      seriesRulesOf(facts, now, planFileDays),
    );
    return series.length ? icsCalendar({ events: [], series }) : null;
  }
  if (!visit) return null;
  return icsCalendar({
    events: [
      visitEvent(
        request,
        { start: new Date(visit.start), end: new Date(visit.end), sequence: request.visitSequence },
        business,
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

/** What a plan e-mail says: the change, and the SEQUENCE of the series it carries. */
export type PlanPayload = {
  action: PlanEmailAction;
  sequence: number;
  /**
   * Only in the e-mail that ends a series after a change of how often: that series' first day
   * (it is in `plan.earlier`). An ended series never changes again, so this e-mail is never stale.
   */
  ended?: string;
};

/**
 * The e-mails a plan's booking or change queues for the customer, from the request as changed:
 * what changed in words, with the updated calendar series (`plan` e-mails, keyed by the new
 * SEQUENCE, plan-emails.ts words them).
 *
 * A change of how often queues two: the new series' invitation, and the ended series' update (its
 * UNTIL) under that series' own UID. Two e-mails, not two events in one: an invitation is one
 * event (one UID) to Google, Apple and Outlook alike, and Outlook reads only the first of several
 * events in an invitation (MS-STANOICAL 2.2.175), while a series' own overrides, which share its
 * UID, it takes as that series' exceptions (MS-OXCICAL 2.1.3.1.1.20.20).
 */
export function planEmail(
  action: PlanEmailAction,
  _before: StoredContactRequest,
): (changed: StoredContactRequest) => NewVisitorEmail[] | null {
  return (changed) => {
    const plan = changed.plan;
    if (!plan) return null;
    const email = (key: string, payload: PlanPayload): NewVisitorEmail => ({
      key,
      kind: "plan",
      requestId: changed.id,
      recipient: changed.email.toLowerCase(),
      payload,
      createdAt: changed.visitChangedAt ? new Date(changed.visitChangedAt) : new Date(),
    });
    const key = `plan:${changed.id}:${changed.visitSequence}`;
    const emails = [email(key, { action, sequence: changed.visitSequence })];
    const ended = action.kind === "every" ? plan.earlier?.at(-1) : undefined;
    // A series replaced before its first visit has the new one's UID: the new invitation replaces it.
    if (ended && ended.first.day !== plan.first.day)
      emails.push(
        email(`${key}:ended`, { action, sequence: changed.visitSequence, ended: ended.first.day }),
      );
    return emails;
  };
}
