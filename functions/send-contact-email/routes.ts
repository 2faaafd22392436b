/**
 * The function's routes, after `…/send-contact-email` (router.ts matches them): method, path,
 * the link a route needs (its feature's rule: links/link-check.ts) and whether it needs the store;
 * then its handler, given what it uses. The contract: docs/contact-api.md.
 */
import { business } from "../../shared/business.ts";
import { type ContactConfig, contactDefaults } from "./base/config.ts";
import type { Logger } from "./base/log.ts";
import { bearerMatches } from "./base/secrets.ts";
import { calendarFeedLink, handleCalendarFeed } from "./booking/calendar-feed.ts";
import { calendarFeedUrl, feedName } from "./booking/calendar-links.ts";
import { renderCalendarSubscribe } from "./booking/calendar-subscribe.ts";
import { renderBookingSection } from "./booking/owner-booking-section.ts";
import { handleOwnerVisit, ownerVisitLink } from "./booking/owner-visit-routes.ts";
import { handleVisitorPage, limitVisitorPosts, visitorPageLink } from "./booking/visitor-routes.ts";
import { handleCount } from "./counts/count-routes.ts";
import { followUpLines } from "./follow-ups/follow-up-lines.ts";
import { handleOptOut, optOutLink } from "./follow-ups/opt-out-routes.ts";
import type { FunctionStore } from "./function-store.ts";
import { clientAddress } from "./http/client-address.ts";
import { createRateLimiter, type RateLimiter } from "./http/rate-limiter.ts";
import { handleInbox, inboxLink } from "./inbox/inbox-routes.ts";
import { handleContactRequest, messagesForVisitors } from "./intake/contact-routes.ts";
import type { LinkSigners } from "./links/signed-links.ts";
import type { OwnerConfig } from "./owner/owner-config.ts";
import { handleOwnerPage, ownerPageLinks } from "./owner/request-routes.ts";
import type { Queues } from "./queues.ts";
import type { Route } from "./router.ts";
import type { StoredContactRequest } from "./store/store.ts";

export type RouteDeps = {
  config: ContactConfig;
  /** Read at each request: its functionUrl may change once the host listens (linkTo). */
  owner: OwnerConfig;
  links: LinkSigners;
  /** The open store, or null; the router answers 503 for the routes that need it. */
  store: () => FunctionStore | null;
  /** Until the store is tried again. */
  retryAfterSeconds: () => number;
  /** The limits in force: in this process until the store opens, then maybe in its database. */
  limiters: () => { contact: RateLimiter; count: RateLimiter; visitor: RateLimiter };
  queues: Queues;
  /** The key the count route hashes addresses with. */
  countKey: Promise<string>;
  /** A fresh link to the owner's inbox that acts, for the e-mail about a visitor's change. */
  inboxLink: () => Promise<string>;
  log: Logger;
};

export function contactRoutes(deps: RouteDeps): Route[] {
  const { config, owner, links, queues, log } = deps;
  const address = (request: Request, peer: string) =>
    clientAddress(request.headers, peer, config.trustProxy);
  const pages = { answers: "page", privatePage: true, needsStore: true } as const;
  const ownerPage = (store: FunctionStore) => ({
    store,
    businessName: business.name,
    onStatusChanged: (id: string) => queues.changed(id),
    followUps: async (lead: StoredContactRequest) =>
      followUpLines(lead, await store.listFollowUps(lead.id), owner.followUps),
    bookingSection: (lead: StoredContactRequest, token: string, query: URLSearchParams) =>
      bookingSection(store, lead, token, query),
    log,
  });
  const visitorPage = (store: FunctionStore) => ({
    store,
    ownerSigner: links.owner,
    ownerReadSigner: links["owner-read"],
    functionUrl: owner.functionUrl,
    channels: owner.push ? (["email", "push"] as const) : (["email"] as const),
    mailFrom: config.mailFrom,
    businessName: business.name,
    linkDays: Math.round(owner.links.visitor.ttlMs / 86_400_000),
    limits: config.visitorLimits,
    inboxLink: deps.inboxLink,
    onChanged: queues.changed,
    log,
  });
  const inbox = (store: FunctionStore) => ({
    store,
    links,
    calendar: async () =>
      renderCalendarSubscribe(
        calendarFeedUrl(owner.functionUrl, await links.calendar.sign(feedName, new Date())),
      ),
    log,
  });
  const intake = (request: Request, store: FunctionStore | null, peer: string) =>
    handleContactRequest(request, {
      store,
      config,
      rateLimiter: deps.limiters().contact,
      retryAfterSeconds: deps.retryAfterSeconds,
      clientAddress: address(request, peer),
      onStored: queues.stored,
      log,
    });

  return [
    // The form's post checks the store last, so that a form without script gets its words back.
    {
      method: "POST OPTIONS",
      path: "",
      answers: "json",
      wrongMethod: messagesForVisitors.method,
      handle: (request, { peer }) => intake(request, deps.store(), peer),
    },
    ...(config.drainSecret ? [drainRoute(config.drainSecret, queues, deps.store)] : []),
    {
      method: "POST",
      path: "/count",
      answers: "json",
      needsStore: true,
      handle: async (request, { store, peer }) =>
        handleCount(request, {
          store,
          allowedOrigins: config.allowedOrigins,
          rateLimiter: deps.limiters().count,
          clientAddress: address(request, peer),
          hashKey: await deps.countKey,
          timeZone: business.timeZone,
          log,
        }),
    },
    {
      method: "GET HEAD",
      path: "/inbox",
      ...pages,
      link: inboxLink,
      handle: (request, { grant, store }) => handleInbox(request, "page", grant, inbox(store)),
    },
    {
      method: "GET HEAD",
      path: "/inbox.csv",
      ...pages,
      link: inboxLink,
      handle: (request, { grant, store }) => handleInbox(request, "csv", grant, inbox(store)),
    },
    {
      method: "GET HEAD",
      path: "/lead/:id",
      ...pages,
      link: ownerPageLinks.read,
      handle: (request, { grant, store }) => handleOwnerPage(request, grant, ownerPage(store)),
    },
    {
      method: "POST",
      path: "/lead/:id",
      ...pages,
      link: ownerPageLinks.act,
      handle: (request, { grant, store }) => handleOwnerPage(request, grant, ownerPage(store)),
    },
    {
      method: "POST",
      path: "/lead/:id/visit",
      ...pages,
      link: ownerVisitLink,
      handle: (request, { grant, store }) =>
        handleOwnerVisit(request, grant, { store, onChanged: queues.changed, log }),
    },
    {
      method: "GET HEAD",
      path: "/request/:id",
      ...pages,
      link: visitorPageLink,
      handle: (request, { grant, store }) =>
        handleVisitorPage(request, grant, visitorPage(store), "page"),
    },
    {
      method: "POST",
      path: "/request/:id",
      ...pages,
      limit: (request, peer) => limitVisitorPosts(deps.limiters().visitor, address(request, peer)),
      link: visitorPageLink,
      handle: (request, { grant, store }) =>
        handleVisitorPage(request, grant, visitorPage(store), "page"),
    },
    {
      method: "GET HEAD",
      path: "/request/:id/visit.ics",
      ...pages,
      link: visitorPageLink,
      handle: (request, { grant, store }) =>
        handleVisitorPage(request, grant, visitorPage(store), "calendar"),
    },
    {
      method: "GET HEAD POST",
      path: "/opt-out/:hash",
      ...pages,
      link: optOutLink,
      handle: (request, { params, grant, store }) =>
        handleOptOut(request, params.hash ?? "", grant, { store, log }),
    },
    {
      method: "GET HEAD",
      path: "/calendar/:name.ics",
      answers: "file",
      needsStore: true,
      link: calendarFeedLink,
      handle: (request, { store }) =>
        handleCalendarFeed(request, {
          store,
          ownerSigner: links["owner-read"],
          functionUrl: owner.functionUrl,
          mailFrom: config.mailFrom,
          log,
        }),
    },
  ];
}

/** One pass of every queue, for a schedule; only when OUTBOX_DRAIN_SECRET is set. */
function drainRoute(secret: string, queues: Queues, store: () => FunctionStore | null): Route {
  // Every call counts, refused or not: a drain is a pass over every queue, and guessing the
  // secret must be slow too.
  const limiter = createRateLimiter({
    max: contactDefaults.drainsPerMinute,
    windowMs: 60_000,
    maxClients: 1,
  });
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
  return {
    method: "POST",
    path: "/drain",
    answers: "json",
    async handle(request) {
      const decision = limiter.consume("drain");
      if (!decision.allowed)
        return json(
          429,
          { error: "Too many drains: try again later." },
          { "Retry-After": String(decision.retryAfterSeconds) },
        );
      if (!(await bearerMatches(request.headers.get("authorization"), secret)))
        return json(401, { error: "Unauthorized." });
      // The queues exist once the store is open; asked only behind the secret.
      if (!store()) return json(503, { error: "The store is not open." });
      return json(200, await queues.drain());
    },
  };
}

/** The booking part of the owner's page: the visit, the history, the visitor's e-mails. */
async function bookingSection(
  store: FunctionStore,
  lead: StoredContactRequest,
  token: string,
  query: URLSearchParams,
): Promise<string> {
  const now = new Date();
  return renderBookingSection({
    request: lead,
    events: await store.listEvents(lead.id),
    emails: await store.listVisitorEmails(lead.id),
    token,
    now,
    outcome: query.get("visit"),
    problem: query.get("visit") === "problem" ? query.get("why") : null,
  });
}
