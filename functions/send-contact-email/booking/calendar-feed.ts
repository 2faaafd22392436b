/**
 * The owner's calendar of booked visits, an iCalendar feed that Google, Apple and Outlook
 * calendars subscribe to (contract: docs/contact-api.md, "The owner's calendar"):
 *   GET …/send-contact-email/calendar/visits.ics?token=…
 * The token is the `calendar` scope's (links/, 10 years by default): secret, and revoked for every
 * subscriber at once by changing CALENDAR_LINK_SECRET. A bad token gets 403 and an empty body
 * (`calendarFeedLink`, checked by the router).
 *
 * Each visit from 90 days ago to two years ahead is one event (its UID the same as in the
 * visitor's invitation): the customer's name and phone, the service, the address when given, the
 * estimate, and the link to the owner's page of the request. Cancelled visits drop out; calendars
 * remove an event that is no longer in the feed.
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { phoneDisplay } from "../../../shared/phone.ts";
import { estimateText } from "../../../shared/quote/describe.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { LinkRule } from "../http/link-check.ts";
import { leadPageUrl } from "../links/page-urls.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { BookingStore } from "../store/booking-store.ts";
import { feedName } from "./calendar-links.ts";
import { icsCalendar } from "./ics.ts";
import { visitUid } from "./visit-event.ts";

export type CalendarFeedDeps = {
  store: BookingStore;
  /**
   * Each event links to the owner's page of its request, read-only (`owner-read`): calendar apps
   * and whoever the calendar is shared with may read, never act.
   */
  ownerSigner: LinkSigner;
  functionUrl: string;
  mailFrom: string;
  /** Each request's content version (its stamp), for its estimate's words. */
  content: Pick<ContentSource, "live" | "ofEach">;
  now?: () => Date;
  log?: Logger;
};

const day = 86_400_000;

const headers = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
};

/** The `calendar` scope, for the one feed there is. */
export const calendarFeedLink: LinkRule = {
  accepts: ({ name = "" }) => (name === feedName ? [{ scope: "calendar", subject: name }] : []),
  refused: async () => new Response(null, { status: 403, headers }),
};

/** GET and HEAD with `calendarFeedLink` (routes.ts). */
export async function handleCalendarFeed(
  request: Request,
  deps: CalendarFeedDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  try {
    const visits = await deps.store.listVisits(
      new Date(now.getTime() - 90 * day),
      new Date(now.getTime() + 731 * day),
    );
    const events = [];
    const wordsOf = await deps.content.ofEach(visits);
    for (const lead of visits) {
      const visit = lead.visit;
      if (!visit || lead.status === "spam" || lead.status === "lost") continue;
      const ownerPage = leadPageUrl(
        deps.functionUrl,
        lead.id,
        await deps.ownerSigner.sign(lead.id, now),
      );
      const estimate = estimateText(lead, wordsOf(lead));
      events.push({
        uid: visitUid(lead.id, deps.mailFrom),
        sequence: lead.visitSequence,
        stamp: lead.visitChangedAt ? new Date(lead.visitChangedAt) : now,
        start: new Date(visit.start),
        end: new Date(visit.end),
        summary: `${lead.name}: ${serviceDescription(lead)}`,
        description: [
          `${lead.name}, ${phoneDisplay(lead.phone)}`,
          serviceDescription(lead),
          ...(lead.serviceAddress ? [`Address: ${lead.serviceAddress}`] : []),
          ...(estimate ? [`Estimate: ${estimate}`] : []),
          `The request: ${ownerPage}`,
        ].join("\n"),
        ...(lead.serviceAddress ? { location: lead.serviceAddress } : {}),
        url: ownerPage,
        status: "CONFIRMED" as const,
      });
    }
    const body = icsCalendar({
      name: `${deps.content.live().facts.business.shortName}: booked visits`,
      refreshMinutes: 60,
      timeZone: businessTimeZone,
      events,
    });
    return new Response(request.method === "HEAD" ? null : body, {
      status: 200,
      headers: {
        ...headers,
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `inline; filename="${feedName}.ics"`,
      },
    });
  } catch (error) {
    log.error("calendar feed failed", { error: errorMessage(error) });
    return new Response(null, { status: 503, headers: { ...headers, "Retry-After": "60" } });
  }
}
