/**
 * The function's routes, after `…/send-contact-email` (router.ts matches them): method, path,
 * the link a route needs (its feature's rule: links/link-check.ts) and whether it needs the store;
 * then its handler, given what it uses. The contract: docs/contact-api.md.
 */

import { businessTimeZone } from "../../shared/business-reach.ts";
import type { QuoteWords } from "../../shared/quote/describe.ts";
import { type ContactConfig, contactDefaults } from "./base/config.ts";
import type { ContentSource } from "./base/content-source.ts";
import type { Logger } from "./base/log.ts";
import { bearerMatches } from "./base/secrets.ts";
import type { SitePublishing } from "./base/site-publishing.ts";
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
import type { LinkRule } from "./http/link-check.ts";
import type { NewLinkKind } from "./http/new-link-offer.ts";
import { createRateLimiter, type RateLimiter } from "./http/rate-limiter.ts";
import { handleInbox, inboxPageLink } from "./inbox/inbox-routes.ts";
import { handleContactRequest, messagesForVisitors } from "./intake/contact-routes.ts";
import type { BookingFacts } from "./leads/booked-visits.ts";
import { sitePageUrl, visitorPageUrl } from "./links/page-urls.ts";
import type { LinkSigners } from "./links/signed-links.ts";
import { handleNewLink, newLinkLimits as newLinkAsks } from "./owner/new-link-routes.ts";
import type { OwnerConfig } from "./owner/owner-config.ts";
import { handleOwnerPage, ownerPageLinks } from "./owner/request-routes.ts";
import type { Queues } from "./queues.ts";
import type { Route } from "./router.ts";
import { handleContent } from "./site/content-route.ts";
import { handleHistoryStep } from "./site-editor/history-routes.ts";
import {
  handleEditorHome,
  handleGroupForm,
  handlePreview,
  handlePublish,
  type SiteEditorDeps,
  siteEditorLink,
  siteSubject,
} from "./site-editor/site-editor-routes.ts";
import { publicSiteAddress } from "./site-editor/site-links.ts";
import type { ProcessPicture } from "./site-pictures/picture-processing.ts";
import {
  createUploadLimiter,
  handlePictureFile,
  handlePicturesPage,
  sitePicturesLink,
} from "./site-pictures/picture-routes.ts";
import type { StoredContactRequest } from "./store/store.ts";
import type { ReactNode } from "./views/react.ts";

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
  limiters: () => {
    contact: RateLimiter;
    count: RateLimiter;
    visitor: RateLimiter;
    publicReads: RateLimiter;
    sitePublishes: RateLimiter;
    visitorNotices: RateLimiter;
  };
  queues: Queues;
  /** The key the count route hashes addresses with. */
  countKey: Promise<string>;
  /** A fresh link to the owner's inbox that acts, for the e-mail that carries it on request. */
  inboxLink: () => Promise<string>;
  /** The live content version, and the one each stored request was made with. */
  content: ContentSource;
  /** Makes a published content version live here, and says how that went (the site editor). */
  publishing: SitePublishing;
  /** The Node host's picture maker (server/pictures/); absent on Supabase. */
  processPicture?: ProcessPicture;
  log: Logger;
};

type Handler = Route["handle"];

/** A private page: isolated, needs the store, opened by its link. */
const page = (method: string, path: string, link: LinkRule, handle: Handler): Route => ({
  method,
  path,
  link,
  handle,
  answers: "page",
  privatePage: true,
  needsStore: true,
});

/** A private page anyone may open and post, without a link: the owner asks for a fresh one. */
const ownerAsk = (path: string, handle: Handler): Route => ({
  method: "GET HEAD POST",
  path,
  handle,
  answers: "page",
  privatePage: true,
  needsStore: true,
});

/** An answer for scripts (JSON), the router's own answers too. */
const api = (method: string, path: string, handle: Handler, more: Partial<Route> = {}): Route => ({
  method,
  path,
  handle,
  answers: "json",
  ...more,
});

const file = { answers: "file", privatePage: false } as const;

export function contactRoutes(deps: RouteDeps): Route[] {
  const { config, owner, links, queues, log } = deps;
  const address = (request: Request, peer: string) =>
    clientAddress(request.headers, peer, config.trustProxy);

  // The form's post checks the store last, so that a form without script gets its words back.
  const intake: Handler = (request, { peer }) =>
    handleContactRequest(request, {
      store: deps.store(),
      config,
      rateLimiter: deps.limiters().contact,
      retryAfterSeconds: deps.retryAfterSeconds,
      clientAddress: address(request, peer),
      onStored: queues.stored,
      content: deps.content,
      visitorPage: async (id) =>
        visitorPageUrl(owner.functionUrl, id, await links.visitor.sign(id, new Date())),
      log,
    });
  const count: Handler = async (request, { store, peer }) =>
    handleCount(request, {
      store,
      allowedOrigins: config.allowedOrigins,
      rateLimiter: deps.limiters().count,
      clientAddress: address(request, peer),
      hashKey: await deps.countKey,
      timeZone: businessTimeZone,
      log,
    });
  const inbox =
    (format: "page" | "csv"): Handler =>
    (request, { grant, store }) =>
      handleInbox(request, format, grant, {
        store,
        links,
        content: deps.content,
        calendar: async () =>
          renderCalendarSubscribe(
            calendarFeedUrl(owner.functionUrl, await links.calendar.sign(feedName, new Date())),
          ),
        // Relative to …/inbox, like the rows' links, whatever prefix a proxy or Supabase strips.
        siteLink: async () => sitePageUrl(".", await links.site.sign(siteSubject, new Date())),
        log,
      });
  const ownerPage: Handler = (request, { grant, store }) =>
    handleOwnerPage(request, grant, {
      store,
      businessName: deps.content.live().facts.business.name,
      wordsOf: (lead) => deps.content.of(lead.contentVersion),
      onStatusChanged: (id) => queues.changed(id),
      followUps: async (lead) =>
        followUpLines(lead, await store.listFollowUps(lead.id), owner.followUps),
      bookingSection: async (lead, token, query) =>
        bookingSection(
          store,
          lead,
          token,
          query,
          deps.content.live().facts,
          await deps.content.of(lead.contentVersion),
        ),
      log,
    });
  const ownerVisit: Handler = (request, { grant, store }) =>
    handleOwnerVisit(request, grant, {
      store,
      booking: () => deps.content.live().facts,
      wordsOf: (stamp) => deps.content.of(stamp),
      onChanged: queues.changed,
      log,
    });
  const visitorPage =
    (part: "page" | "calendar"): Handler =>
    (request, { grant, store }) =>
      handleVisitorPage(
        request,
        grant,
        {
          store,
          ownerSigner: links.owner,
          ownerReadSigner: links["owner-read"],
          functionUrl: owner.functionUrl,
          channels: owner.push ? ["email", "push"] : ["email"],
          mailFrom: config.mailFrom,
          businessName: deps.content.live().facts.business.name,
          content: deps.content,
          linkDays: Math.round(owner.links.visitor.ttlMs / 86_400_000),
          limits: config.visitorLimits,
          noticeCap: deps.limiters().visitorNotices,
          onChanged: queues.changed,
          log,
        },
        part,
      );
  const visitorPosts = (request: Request, peer: string) =>
    limitVisitorPosts(
      deps.limiters().visitor,
      address(request, peer),
      deps.content.live().facts.business.phone.display,
    );
  // Anyone may read the live content and the pictures, but each read reaches the store.
  const publicReads = async (request: Request, peer: string) => {
    const decision = await deps.limiters().publicReads.consume(address(request, peer));
    return decision.allowed ? null : tooManyReads(decision.retryAfterSeconds);
  };
  const content: Handler = (request, { store }) => handleContent(request, { store, log });
  // Previews are made by the server that is asked (publishes count in limiters().sitePublishes).
  const previewLimit = createRateLimiter({
    max: contactDefaults.sitePreviewsPer10Minutes,
    windowMs: 600_000,
    maxClients: 1,
  });
  const editor = (store: FunctionStore): SiteEditorDeps => ({
    store,
    publishing: deps.publishing,
    deployHookUrl: deps.config.deployHookUrl,
    publishLimit: deps.limiters().sitePublishes,
    previewLimit,
    // Read at each request: the function's address may change once the host listens (linkTo).
    siteAddress: publicSiteAddress(config.siteUrl, owner.functionUrl),
    log,
  });
  const editorHome: Handler = (request, { grant, store }) =>
    handleEditorHome(request, grant, editor(store));
  const groupForm: Handler = (request, { params, grant, store }) =>
    handleGroupForm(request, params.name ?? "", grant, editor(store));
  const publish: Handler = (request, { params, grant, store }) =>
    handlePublish(request, params.name ?? "", grant, editor(store));
  const preview: Handler = (request, { params, grant, store }) =>
    handlePreview(request, params.name ?? "", grant, editor(store));
  const pageForm: Handler = (request, { params, grant, store }) =>
    handleGroupForm(request, `pages/${params.page ?? ""}`, grant, editor(store));
  const pagePublish: Handler = (request, { params, grant, store }) =>
    handlePublish(request, `pages/${params.page ?? ""}`, grant, editor(store));
  const pagePreview: Handler = (request, { params, grant, store }) =>
    handlePreview(request, `pages/${params.page ?? ""}`, grant, editor(store));
  // The history's undo and go back: GET asks (changes nothing), POST publishes.
  const historyStep =
    (kind: "undo" | "back", which?: "first"): Handler =>
    (request, { params, grant, store }) =>
      handleHistoryStep(request, kind, which ?? params.version ?? "", grant, editor(store));
  const optOut: Handler = (request, { params, grant, store }) =>
    handleOptOut(request, params.hash ?? "", grant, {
      store,
      business: deps.content.live().facts.business,
      log,
    });
  const calendarFeed: Handler = (request, { store }) =>
    handleCalendarFeed(request, {
      store,
      ownerSigner: links["owner-read"],
      functionUrl: owner.functionUrl,
      mailFrom: config.mailFrom,
      content: deps.content,
      log,
    });

  const uploads = createUploadLimiter();
  const picturesPage: Handler = (request, { grant, store }) =>
    handlePicturesPage(request, grant, {
      store,
      processPicture: deps.processPicture,
      publishing: deps.publishing,
      deployHookUrl: deps.config.deployHookUrl,
      publishLimit: deps.limiters().sitePublishes,
      limiter: uploads,
      previewLimit,
      siteAddress: publicSiteAddress(config.siteUrl, owner.functionUrl),
      log,
    });
  const pictureFile: Handler = (_request, { params, store }) =>
    handlePictureFile(params.file ?? "", store);

  // A fresh editor or inbox link, e-mailed to the business alone (owner/new-link-routes.ts).
  const newLinkLimits = {
    client: createRateLimiter({ max: newLinkAsks.perClient, windowMs: newLinkAsks.windowMs }),
    overall: createRateLimiter({
      max: newLinkAsks.overall,
      windowMs: newLinkAsks.windowMs,
      maxClients: 1,
    }),
  };
  const freshLinks: Record<NewLinkKind, () => Promise<string>> = {
    site: async () =>
      sitePageUrl(owner.functionUrl, await links.site.sign(siteSubject, new Date())),
    inbox: deps.inboxLink,
  };
  const newLink =
    (kind: NewLinkKind): Handler =>
    (request, { peer, store }) =>
      handleNewLink(request, kind, {
        store,
        link: freshLinks[kind],
        linkDays: Math.round(owner.links[kind].ttlMs / 86_400_000),
        businessName: deps.content.live().facts.business.name,
        limits: newLinkLimits,
        clientAddress: address(request, peer),
        onQueued: () => queues.changed(),
        log,
      });

  return [
    api("POST OPTIONS", "", intake, { wrongMethod: messagesForVisitors.method }),
    ...(config.drainSecret ? [drainRoute(config.drainSecret, queues, deps.store)] : []),
    api("POST", "/count", count, { needsStore: true }),
    api("GET HEAD", "/content", content, { needsStore: true, limit: publicReads }),
    page("GET HEAD", "/inbox", inboxPageLink, inbox("page")),
    ownerAsk("/inbox/new-link", newLink("inbox")),
    page("GET HEAD", "/inbox.csv", inboxPageLink, inbox("csv")),
    page("GET HEAD", "/lead/:id", ownerPageLinks.read, ownerPage),
    page("POST", "/lead/:id", ownerPageLinks.act, ownerPage),
    page("POST", "/lead/:id/visit", ownerVisitLink, ownerVisit),
    page("GET HEAD", "/request/:id", visitorPageLink, visitorPage("page")),
    { ...page("POST", "/request/:id", visitorPageLink, visitorPage("page")), limit: visitorPosts },
    page("GET HEAD", "/request/:id/visit.ics", visitorPageLink, visitorPage("calendar")),
    page(
      "GET HEAD POST",
      "/opt-out/:hash",
      optOutLink(() => deps.content.live().facts.business),
      optOut,
    ),
    page("GET HEAD POST", "/site/pictures", sitePicturesLink, picturesPage),
    // Public: the pages' pictures, for a static host's build and the editor's previews.
    api("GET HEAD", "/pictures/:file", pictureFile, {
      needsStore: true,
      limit: publicReads,
      ...file,
    }),
    page("GET HEAD", "/site", siteEditorLink, editorHome),
    ownerAsk("/site/new-link", newLink("site")),
    page("GET HEAD POST", "/site/restore/first", siteEditorLink, historyStep("back", "first")),
    page("GET HEAD POST", "/site/restore/:version", siteEditorLink, historyStep("back")),
    page("GET HEAD POST", "/site/undo/:version", siteEditorLink, historyStep("undo")),
    page("GET HEAD", "/site/pages/:page", siteEditorLink, pageForm),
    page("POST", "/site/pages/:page", siteEditorLink, pagePublish),
    page("POST", "/site/pages/:page/preview", siteEditorLink, pagePreview),
    page("GET HEAD", "/site/:name", siteEditorLink, groupForm),
    page("POST", "/site/:name", siteEditorLink, publish),
    page("POST", "/site/:name/preview", siteEditorLink, preview),
    // A calendar app's file, not a page: no window to isolate.
    { ...page("GET HEAD", "/calendar/:name.ics", calendarFeedLink, calendarFeed), ...file },
  ];
}

function tooManyReads(retryAfterSeconds: number): Response {
  return Response.json(
    { error: "Too many requests from your network. Please try again in a few minutes." },
    {
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) },
    },
  );
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
  facts: BookingFacts,
  words: QuoteWords,
): Promise<ReactNode> {
  const now = new Date();
  return renderBookingSection({
    request: lead,
    events: await store.listEvents(lead.id),
    emails: await store.listVisitorEmails(lead.id),
    token,
    now,
    facts,
    words,
    outcome: query.get("visit"),
    day: query.get("day"),
    problem: query.get("visit") === "problem" ? query.get("why") : null,
  });
}
