/**
 * A request's booked visit as one calendar event, wherever it goes: the invitation mailed to the
 * visitor (visitor-emails.ts adds who invites whom and the request's link) and the file the
 * visitor's page offers (visit-changes.ts). Its UID is the one the owner's feed uses too
 * (calendar-feed.ts), so a calendar that holds the event replaces it instead of adding another.
 */
import { serviceLabel } from "../../../shared/contact-fields.ts";
import { domainOf } from "../mail/email.ts";
import type { StoredContactRequest } from "../store/store.ts";
import type { IcsEvent } from "./ics.ts";

/** The one UID of a request's visit, in every version of its event and in the owner's feed. */
export function visitUid(requestId: string, from: string): string {
  return `visit-${requestId}@${domainOf(from)}`;
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
    summary: `${serviceLabel(request.service)}: ${business.name}`,
    ...(request.serviceAddress ? { location: request.serviceAddress } : {}),
    status: "CONFIRMED",
  };
}
