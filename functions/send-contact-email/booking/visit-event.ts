/**
 * A request's booked visit as one calendar event, wherever it goes: the invitation mailed to the
 * visitor (visitor-emails.ts adds who invites whom and the request's link) and the file the
 * visitor's page offers (visit-changes.ts). Its UID is the one the owner's feed uses too
 * (calendar-feed.ts), so a calendar that holds the event replaces it instead of adding another.
 */
import { serviceLabel } from "../../../shared/contact-fields.ts";
import { domainOf } from "../mail/email.ts";
import { looksLikeName } from "../mail/greeting.ts";
import type { StoredContactRequest } from "../store/store.ts";
import type { IcsEvent, IcsPerson } from "./ics.ts";

/** The one UID of a request's visit, in every version of its event and in the owner's feed. */
export function visitUid(requestId: string, from: string): string {
  return `visit-${requestId}@${domainOf(from)}`;
}

/** What the customer's calendar calls a visit: "Home cleaning: Keystone Shine Cleaning". */
export function visitSummary(request: StoredContactRequest, businessName: string): string {
  return `${serviceLabel(request.service)}: ${businessName}`;
}

/**
 * The visit as the business books it. The service by its label only: "Other" never repeats what
 * was typed after it, since the event reaches the visitor.
 */
export function visitEvent(
  request: StoredContactRequest,
  visit: { start: Date; end: Date; sequence: number },
  business: { from: string; name: string },
  now: Date,
): IcsEvent {
  return {
    uid: visitUid(request.id, business.from),
    sequence: visit.sequence,
    stamp: now,
    start: visit.start,
    end: visit.end,
    summary: visitSummary(request, business.name),
    ...(request.serviceAddress ? { location: request.serviceAddress } : {}),
    status: "CONFIRMED",
  };
}

/**
 * Who invites whom in an invitation (iTIP needs both): the business (MAIL_FROM's address, else
 * where replies go), and the visitor by their name when it looks like one.
 */
export function inviteParties(
  request: StoredContactRequest,
  business: { from: string; replyTo: string; businessName: string },
): { organizer: IcsPerson; attendee: IcsPerson } {
  const organizer = /<([^>]+)>\s*$/.exec(business.from)?.[1] ?? business.replyTo;
  const name = looksLikeName(request.name) ? request.name.trim() : request.email;
  return {
    organizer: { name: business.businessName, email: organizer },
    attendee: { name, email: request.email },
  };
}
