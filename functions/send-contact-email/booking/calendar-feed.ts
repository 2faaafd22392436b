/**
 * The owner's calendar of booked visits, an iCalendar feed that Google, Apple and Outlook
 * calendars subscribe to (contract: docs/contact-api.md, "The owner's calendar"):
 *   GET …/send-contact-email/calendar/visits.ics?token=…
 * The token is the `calendar` scope's (links/, 10 years by default): secret, and revoked for every
 * subscriber at once by changing CALENDAR_LINK_SECRET. A bad token gets 403 and an empty body
 * (`calendarFeedLink`, checked by the router).
 *
 * Each one-time visit from 90 days ago to two years ahead is one event, and each plan is its
 * series (plan-event.ts: the rule, the dates left out through two years ahead, the moved visits),
 * each with the UID of the customer's invitation: the customer's name and phone, the service, how
 * often, the address when given, the estimate, and the link to the owner's page of the request.
 * Cancelled visits, and series that ended more than 90 days ago, drop out; calendars remove an
 * event that is no longer in the feed.
 */

import { timeLabel } from "../../../shared/booking/open-times.ts";
import { describeEvery } from "../../../shared/booking/plans.ts";
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { phoneDisplay } from "../../../shared/phone.ts";
import { estimateText } from "../../../shared/quote/describe.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { LinkRule } from "../http/link-check.ts";
import { visitIsOn } from "../leads/booked-visits.ts";
import { leadPageUrl } from "../links/page-urls.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { feedName } from "./calendar-links.ts";
import { type IcsSeries, icsCalendar } from "./ics.ts";
import { planUid, requestSeries, seriesRulesOf } from "./plan-event.ts";
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
/** How far ahead the feed lists visits, and the dates a plan leaves out. */
const feedDays = 731;

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
    const from = new Date(now.getTime() - 90 * day);
    const [oneTime, plans] = await Promise.all([
      deps.store.listVisits(from, new Date(now.getTime() + feedDays * day)),
      deps.store.listPlans(),
    ]);
    // A request with a plan is its series, not the first visit its `visit` keeps.
    const visits = oneTime.filter((lead) => !lead.plan && visitIsOn(lead.status));
    const planned = plans.filter((lead) => lead.plan && visitIsOn(lead.status));
    const wordsOf = await deps.content.ofEach([...visits, ...planned]);
    const ownerPageOf = async (lead: StoredContactRequest) =>
      leadPageUrl(deps.functionUrl, lead.id, await deps.ownerSigner.sign(lead.id, now));
    const descriptionOf = (lead: StoredContactRequest, ownerPage: string, every: string[]) => {
      const estimate = estimateText(lead, wordsOf(lead));
      return [
        `${lead.name}, ${phoneDisplay(lead.phone)}`,
        serviceDescription(lead),
        ...every,
        ...(lead.serviceAddress ? [`Address: ${lead.serviceAddress}`] : []),
        ...(estimate ? [`Estimate: ${estimate}`] : []),
        `The request: ${ownerPage}`,
      ].join("\n");
    };
    const events = [];
    for (const lead of visits) {
      const visit = lead.visit;
      if (!visit) continue;
      const ownerPage = await ownerPageOf(lead);
      events.push({
        uid: visitUid(lead.id, deps.mailFrom),
        sequence: lead.visitSequence,
        stamp: lead.visitChangedAt ? new Date(lead.visitChangedAt) : now,
        start: new Date(visit.start),
        end: new Date(visit.end),
        summary: `${lead.name}: ${serviceDescription(lead)}`,
        description: descriptionOf(lead, ownerPage, []),
        ...(lead.serviceAddress ? { location: lead.serviceAddress } : {}),
        url: ownerPage,
        status: "CONFIRMED" as const,
      });
    }
    const rules = seriesRulesOf(deps.content.live().facts, now, feedDays);
    const series: IcsSeries[] = [];
    for (const lead of planned) {
      if (!lead.plan) continue;
      const ownerPage = await ownerPageOf(lead);
      const of = requestSeries(
        lead.plan,
        (plan) => ({
          uid: planUid(lead.id, plan, deps.mailFrom),
          sequence: lead.visitSequence,
          stamp: lead.visitChangedAt ? new Date(lead.visitChangedAt) : now,
          summary: `${lead.name}: ${serviceDescription(lead)}`,
          description: descriptionOf(lead, ownerPage, [
            `Cleaning plan: ${describeEvery(plan.every, plan.first.day)} at ${timeLabel(plan.first.time)}`,
          ]),
          ...(lead.serviceAddress ? { location: lead.serviceAddress } : {}),
          url: ownerPage,
        }),
        rules,
      );
      series.push(...of.filter((item) => !item.rule.until || item.rule.until >= from));
    }
    const body = icsCalendar({
      name: `${deps.content.live().facts.business.shortName}: booked visits`,
      refreshMinutes: 60,
      timeZone: businessTimeZone,
      events,
      series,
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
