/**
 * The owner's inbox, served by the function on both hosts (its routes: routes.ts):
 *   GET …/send-contact-email/inbox?token=…[&filters]       the page (inbox-page.ts)
 *   GET …/send-contact-email/inbox.csv?token=…[&filters]   the same selection as CSV
 * The token is the `inbox` scope's (links/signed-links.ts: its own secret, INBOX_LINK_SECRET, and
 * lifetime; `inboxPageLink`, checked by the router); a missing, altered or expired one gets 403
 * and shows nothing. Reading changes nothing; each request's row links to its own page with a
 * token for that request alone. As with
 * the request links (decision 0012), an inbox link from an e-mail opens requests that act, and one
 * from a push (a channel others may read) opens them read-only: the two are signed for different
 * subjects, so the read-only one cannot be turned into the other.
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import { calendarDay } from "../../../shared/calendar-day.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { newLinkAction } from "../http/new-link-offer.ts";
import { planRulesOf } from "../leads/booked-visits.ts";
import { matchesSearch } from "../leads/lead-filters.ts";
import { toCsv, toLead } from "../leads/lead-formats.ts";
import { periodStats } from "../leads/lead-stats.ts";
import { type PlansValue, plansValue } from "../leads/plan-value.ts";
import { scheduledVisits } from "../leads/schedule.ts";
import { lastWeek, thisWeek, wholeWeek } from "../leads/stats-periods.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { CountStore } from "../store/count-store.ts";
import type { InboxStore, RequestSelection } from "../store/inbox-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";
import { inboxHeaders, renderInbox, renderInboxRefusal } from "./inbox-page.ts";
import { inboxFilter, inboxParams, readInboxQuery } from "./inbox-query.ts";
import { renderWeekNumbers } from "./week-numbers.ts";
import { renderWeekVisits } from "./week-visits.ts";

/** Whether the inbox's rows open requests with their buttons (`act`) or without (`read`). */
export type InboxAccess = "act" | "read";

/** What an inbox token is signed for: there is one inbox, opened with one of two accesses. */
export const inboxSubjects: Record<InboxAccess, string> = { act: "inbox", read: "inbox:read" };
export const inboxSubject = inboxSubjects.act;

/** Requests per page of the list: a phone scrolls them in a few flicks. */
export const inboxPageSize = 50;

export type InboxDeps = {
  store: InboxStore &
    Pick<OwnerStore, "listSince"> &
    Pick<CountStore, "countsBetween"> &
    Pick<BookingStore, "listVisits" | "listPlans">;
  /** The rows' links: the owner's acting ones, or read-only ones for an inbox opened to read. */
  links: { owner: LinkSigner; "owner-read": LinkSigner };
  /** Below the list of the inbox that acts only (booking/calendar-subscribe.ts). */
  calendar?: () => Promise<ReactNode>;
  /**
   * A fresh link to the owner's site editor, for the inbox that acts only: a push's inbox may be
   * read by others, and must never lead to publishing the site.
   */
  siteLink?: () => Promise<string>;
  /** Each request's content version (its stamp), for its estimate's words. */
  content: Pick<ContentSource, "live" | "ofEach">;
  now?: () => Date;
  log?: Logger;
};

async function page(status: number, html: string, extra: Record<string, string> = {}) {
  return new Response(html, { status, headers: { ...(await inboxHeaders()), ...extra } });
}

/** An `inbox` token, signed for the inbox that acts or for the one that reads. */
export const inboxPageLink: LinkRule = {
  accepts: () => [
    { scope: "inbox", subject: inboxSubjects.act },
    { scope: "inbox", subject: inboxSubjects.read },
  ],
  refused: (request) => page(403, renderInboxRefusal("denied", newLinkAction(request, "inbox"))),
};

/**
 * What the plans bring a month, as of today for this week and as of its last day for a week gone
 * by (a plan whose end is set counts then, not now); absent when no plan was ever booked.
 */
async function weekPlans(
  store: Pick<BookingStore, "listPlans">,
  week: { lastDay: string },
  now: Date,
): Promise<PlansValue | undefined> {
  const today = calendarDay(now, businessTimeZone);
  const past = week.lastDay < today;
  const value = plansValue(await store.listPlans(), {
    on: past ? week.lastDay : today,
    endingCounts: past,
    timeZone: businessTimeZone,
  });
  return value.plans + value.unpriced + value.paused > 0 ? value : undefined;
}

/** GET and HEAD of the page or its CSV, with `inboxPageLink` (routes.ts). */
export async function handleInbox(
  request: Request,
  format: "page" | "csv",
  grant: LinkGrant,
  deps: InboxDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const params = new URL(request.url).searchParams;
  const { token } = grant;
  const granted: InboxAccess = grant.subject === inboxSubjects.read ? "read" : "act";
  // A read-only link (a push's, before pushes stopped carrying the inbox) may have been read by
  // others: it never hands out every customer in one file.
  if (format === "csv" && granted === "read")
    return page(403, renderInboxRefusal("download", newLinkAction(request, "inbox")));
  try {
    const query = readInboxQuery(params);
    const { search, ...filter } = inboxFilter(query, now);
    // The filters and the page are the store's query; the search is the same as `npm run leads`.
    const selection: RequestSelection = {
      ...filter,
      matches: search ? (request) => matchesSearch(toLead(request), search) : undefined,
    };
    if (format === "csv") {
      const day = calendarDay(now, businessTimeZone);
      const everything = { offset: 0, limit: Number.MAX_SAFE_INTEGER };
      const matched = (await deps.store.selectRequests(selection, everything)).requests;
      return new Response(request.method === "HEAD" ? null : toCsv(matched.map(toLead)), {
        headers: {
          ...(await inboxHeaders()),
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="quote-requests-${day}.csv"`,
        },
      });
    }
    const pageOf = (number: number) => ({
      offset: (number - 1) * inboxPageSize,
      limit: inboxPageSize,
    });
    let selected = await deps.store.selectRequests(selection, pageOf(query.page));
    const pageCount = Math.max(1, Math.ceil(selected.total / inboxPageSize));
    const shown = { ...query, page: Math.min(query.page, pageCount) };
    // Past the last page (a bookmark from a longer list): the last page.
    if (shown.page !== query.page)
      selected = await deps.store.selectRequests(selection, pageOf(shown.page));
    const slice = selected.requests.map(toLead);
    // The owner's week: this week's visits and the next's, Monday to Sunday.
    const nextWeek = wholeWeek(now, businessTimeZone, 1, "Next week");
    // The week's numbers follow: this week so far, or the week before.
    const week = (query.week === "last" ? lastWeek : thisWeek)(now, businessTimeZone);
    const numbersWeek = wholeWeek(now, businessTimeZone, query.week === "last" ? -1 : 0, "");
    // One-time visits and the plans' (worked out with the live version's hours and closed days).
    const facts = deps.content.live().facts;
    const visits = await scheduledVisits(
      deps.store,
      numbersWeek.from,
      nextWeek.to,
      planRulesOf(facts),
    );
    const within = (period: { from: Date; to: Date }) =>
      visits.filter((visit) => {
        const start = Date.parse(visit.start);
        return start >= period.from.getTime() && start < period.to.getTime();
      });
    const visitWeeks = [wholeWeek(now, businessTimeZone, 0, "This week"), nextWeek].map(
      (period) => ({ week: period, visits: within(period) }),
    );
    // Each request shown, in the list or the week, links to its own page with a token for it.
    const links = new Map<string, string>();
    const rowSigner = granted === "act" ? deps.links.owner : deps.links["owner-read"];
    const shownIds = [
      ...slice.map((lead) => lead.id),
      ...visitWeeks.flatMap((shownWeek) => shownWeek.visits.map((visit) => visit.requestId)),
    ];
    for (const id of new Set(shownIds)) {
      const leadToken = await rowSigner.sign(id, now);
      // Relative to …/inbox: …/lead/<id>, whatever prefix a proxy or Supabase strips.
      links.set(id, `lead/${encodeURIComponent(id)}?token=${encodeURIComponent(leadToken)}`);
    }
    const counts = await deps.store.countsBetween(week.firstDay, week.lastDay);
    const ofTheWeek = (await deps.store.listSince(week.from)).map(toLead);
    const numbers = renderWeekNumbers(
      periodStats(ofTheWeek, counts, week),
      {
        href: `inbox?${inboxParams(token, { ...query, week: query.week === "last" ? "" : "last", page: 1 })}`,
        label: query.week === "last" ? "This week" : "Last week",
      },
      { visits: within(numbersWeek).length, plans: await weekPlans(deps.store, week, now) },
    );
    const weekVisits = renderWeekVisits({
      weeks: visitWeeks,
      today: calendarDay(now, businessTimeZone),
      requestHref: (id) => links.get(id) ?? "",
    });
    const none = { offset: 0, limit: 0 };
    const hiddenSpam =
      query.status === ""
        ? (await deps.store.selectRequests({ ...selection, statuses: ["spam"] }, none)).total
        : 0;
    const html = renderInbox({
      businessName: facts.business.name,
      token,
      query: shown,
      leads: slice,
      total: selected.total,
      pageCount,
      hiddenSpam,
      leadHref: (lead) => links.get(lead.id) ?? "",
      wordsOf: await deps.content.ofEach(slice),
      before: h(Fragment, null, weekVisits, numbers),
      readOnly: granted === "read",
      siteHref: granted === "act" ? await deps.siteLink?.() : undefined,
      after: granted === "act" ? await deps.calendar?.() : undefined,
    });
    return page(200, request.method === "HEAD" ? "" : html);
  } catch (error) {
    log.error("inbox failed", { error: errorMessage(error) });
    return page(503, renderInboxRefusal("unavailable"));
  }
}
