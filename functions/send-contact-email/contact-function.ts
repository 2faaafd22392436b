/**
 * send-contact-email, assembled once for both hosts (docs/decisions/0011-one-function-one-schema.md):
 * its routes, its queues (the e-mail of each request, the owner's notices), the link signer and the
 * rate limiter, from the settings and a store. A host adds only what is its own: the Node server
 * (server/contact-service.ts) the data folder's lock and Node's HTTP, the Supabase entry
 * (supabase/functions/send-contact-email/index.ts) `Deno.serve`.
 *
 * Routes, after `…/send-contact-email` (Supabase strips /functions/v1; both forms are accepted):
 *   POST|OPTIONS ""             a quote request (docs/contact-api.md)
 *   POST         /drain         one pass of every queue, for a schedule; needs OUTBOX_DRAIN_SECRET
 *   GET|POST     /lead/<id>     the owner's page for one request (signed link)
 *   POST         /lead/<id>/visit            the owner books, moves or cancels the visit
 *   GET|POST     /request/<id>               the visitor's page for their request (booking/)
 *   GET          /request/<id>/visit.ics     the visitor's booked visit, for a calendar
 *   GET          /calendar/visits.ics        the owner's calendar feed of booked visits
 *   POST         /count                      one event of a page's beacon (counts/count-route.ts)
 *   GET          /inbox                      the owner's inbox: every request, filters, search
 *   GET          /inbox.csv                  the inbox's selection as CSV (inbox/inbox-route.ts)
 *   GET|POST     /opt-out/<hash>             a customer's "no more e-mails like this"
 *                                            (follow-ups/opt-out.ts)
 * A route that is a private HTML page (the owner's, the visitor's) is isolated from other
 * windows with Cross-Origin-Opener-Policy; public pages are not (shared/security-headers.ts).
 *
 * Queues: each is started, stopped, drained and told of a new request in the same way; a new kind
 * of queued e-mail is one more entry in `queues` (and its table: queue-table.ts). Today: the
 * owner's e-mail of each request, the owner's notices, the e-mails to visitors, and the
 * follow-ups to customers.
 */
import { business } from "../../shared/business.ts";
import type { BookingStore } from "./booking/booking-store.ts";
import { handleCalendarFeed } from "./booking/calendar-feed.ts";
import { calendarFeedUrl, feedName } from "./booking/calendar-links.ts";
import { renderCalendarSubscribe } from "./booking/calendar-subscribe.ts";
import { renderBookingSection } from "./booking/owner-booking-section.ts";
import { handleOwnerVisit } from "./booking/owner-visit-routes.ts";
import { createVisitorOutbox } from "./booking/visitor-outbox.ts";
import { handleVisitorPage } from "./booking/visitor-routes.ts";
import { clientAddress, untrustedLocalProxy } from "./client-address.ts";
import { type ContactConfig, contactDefaults } from "./config.ts";
import { handleCount } from "./counts/count-route.ts";
import type { CountStore } from "./counts/count-store.ts";
import { composeContactEmail, composeDigestEmail, composeFailureNotice } from "./email.ts";
import { createFollowUpJob } from "./follow-ups/follow-up-job.ts";
import { followUpLines } from "./follow-ups/follow-up-lines.ts";
import type { FollowUpStore } from "./follow-ups/follow-up-store.ts";
import { handleOptOut } from "./follow-ups/opt-out.ts";
import { handleContactRequest } from "./handler.ts";
import { handleInbox, type InboxAccess, inboxSubjects } from "./inbox/inbox-route.ts";
import { createLinkSigners } from "./links/links-settings.ts";
import { errorMessage, type Logger } from "./log.ts";
import type { MailCount } from "./mail-count.ts";
import type { Mailer } from "./mailer.ts";
import { createOutbox } from "./outbox.ts";
import { createNotifier } from "./owner/notifier.ts";
import { inboxPageUrl, leadPageUrl, type OwnerConfig } from "./owner/owner-config.ts";
import type { OwnerStore } from "./owner/owner-store.ts";
import { handleOwnerPage } from "./owner/routes.ts";
import { createRateLimiter, type RateLimiter, unlimited } from "./rate-limiter.ts";
import { bearerMatches, purposeSecret } from "./secrets.ts";
import { type ContactStore, type StoredContactRequest, StoreUnavailableError } from "./store.ts";
import type { ReactNode } from "./views/react.ts";

/**
 * Everything the function keeps: requests and their e-mail, the owner's side, visits and the
 * visitor's side, the site's counts, the follow-ups to customers.
 */
export type FunctionStore = ContactStore & OwnerStore & BookingStore & CountStore & FollowUpStore;

/** What opening the store gives: the store, and counts its database shares between instances. */
export type OpenedStore = {
  store: FunctionStore;
  /** A rate limit counted in the database (Postgres); absent: counted in this process. */
  rateLimiter?: (options: { max: number; windowMs: number }) => RateLimiter;
  /** The hourly e-mail cap counted in the database (Postgres); absent: in this process. */
  mailCount?: MailCount;
};

export type ContactFunctionOptions = {
  config: ContactConfig;
  owner: OwnerConfig;
  /** Opens the store; when it fails, requests are answered 503 and it is tried again later. */
  openStore: () => Promise<OpenedStore>;
  mailer: Mailer;
  log: Logger;
  /** Keeps work after the response alive (Supabase's EdgeRuntime.waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** How a failure to open the store is logged (the host knows what it means for it). */
  whyUnavailable?: (error: unknown) => string;
  /** The first retry after a failed open; later ones wait longer, up to a minute. */
  reopenDelayMs?: number;
};

export type ContactFunction = {
  /** Answers every route; `peer` is the connection's remote address as the host sees it. */
  fetch(request: Request, connection: { peer: string }): Promise<Response>;
  /** Opens the store and starts the queues; on failure, retries in the background. */
  start(): Promise<void>;
  /** One pass of every queue, with counts (the /drain route, tests). */
  drain(): Promise<Record<string, Record<string, number>>>;
  /** Stops the queues (waiting for e-mail in flight), then closes the store and the mailer. */
  stop(): Promise<void>;
  /** Origins whose pages may call the function besides the configured ones (the Node host's own). */
  allowOrigins(origins: string[]): void;
  /**
   * Where the owner's links point from now on, when no public address is configured: the Node
   * host's own, known once it listens (before the queues start).
   */
  linkTo(functionUrl: string): void;
  /** Null until the store is open. */
  readonly store: FunctionStore | null;
};

/** A queue of the function, as the assembly drives it. */
type Queue = {
  name: string;
  start(): void;
  /** A request was stored: its work is due now. */
  onStored(id: string): Promise<void>;
  /**
   * A request was changed (its status set by the owner, a visit booked, a visitor's action): what
   * it queued is due now, what it stops is stopped. `id` names the request when the caller has it.
   */
  onChanged(id?: string): Promise<void>;
  drain(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

type Route = {
  /** Matched against the path after `…/send-contact-email`. */
  path: RegExp;
  /** A private HTML page: isolated from other windows (Cross-Origin-Opener-Policy). */
  privatePage?: boolean;
  handle(request: Request, match: RegExpExecArray, peer: string): Promise<Response>;
};

const functionName = /\/send-contact-email(\/.*)?$/;
const isolation = { "Cross-Origin-Opener-Policy": "same-origin" };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Until the store opens, every call fails as unavailable: the handlers answer 503. */
const notOpen = async (): Promise<never> => {
  throw new StoreUnavailableError("the store is not open");
};
const unavailableStore: FunctionStore = {
  submit: notOpen,
  claimDue: notOpen,
  markSent: notOpen,
  markRetry: notOpen,
  markFailed: notOpen,
  nextDueAt: notOpen,
  list: notOpen,
  get: notOpen,
  setStatus: notOpen,
  listSince: notOpen,
  enqueueNotice: notOpen,
  claimDueNotices: notOpen,
  markNoticeSent: notOpen,
  markNoticeRetry: notOpen,
  markNoticeFailed: notOpen,
  nextNoticeDueAt: notOpen,
  listNotices: notOpen,
  addCount: notOpen,
  countsBetween: notOpen,
  enqueueFollowUp: notOpen,
  claimDueFollowUps: notOpen,
  markFollowUpSent: notOpen,
  markFollowUpRetry: notOpen,
  markFollowUpFailed: notOpen,
  stopFollowUp: notOpen,
  nextFollowUpDueAt: notOpen,
  followUpsSentTo: notOpen,
  listFollowUps: notOpen,
  optOut: notOpen,
  isOptedOut: notOpen,
  listTouchedSince: notOpen,
  changeRequest: notOpen,
  enqueueVisitorEmail: notOpen,
  claimDueVisitorEmails: notOpen,
  markVisitorEmailSent: notOpen,
  markVisitorEmailRetry: notOpen,
  markVisitorEmailFailed: notOpen,
  nextVisitorEmailDueAt: notOpen,
  listVisitorEmails: notOpen,
  listEvents: notOpen,
  listVisits: notOpen,
  close: async () => {},
};

export function createContactFunction(options: ContactFunctionOptions): ContactFunction {
  const { mailer, log } = options;
  // A copy: its functionUrl may still change once the host listens (linkTo).
  const owner = { ...options.owner };
  const config = { ...options.config, allowedOrigins: [...options.config.allowedOrigins] };
  const { rateLimit, outbox: outboxSettings } = config;
  // Every private link, one signer per scope (links/signed-links.ts): the owner's e-mail carries
  // an `owner` link (acts), pushes an `owner-read` one (reads).
  const links = createLinkSigners(owner.links);
  if (owner.linkSecretGenerated)
    log.warn(
      "OWNER_LINK_SECRET is not set: the links in the owner's e-mails work until this process stops",
    );
  else if (owner.linkSecretKeptIn)
    log.info("OWNER_LINK_SECRET is not set: the owner's links are signed with a kept secret", {
      file: owner.linkSecretKeptIn,
    });
  if (rateLimit.disabled) log.warn("RATE_LIMIT_DISABLED=true: no limit per client address");
  if (owner.push) log.info("new requests are also pushed", { format: owner.push.format });

  const letters = { from: config.mailFrom, to: config.mailTo, businessName: business.name };
  /**
   * A fresh link to the inbox for every e-mail, alert and digest to the owner: its rows act from
   * an e-mail, only show from a push (inbox/inbox-route.ts).
   */
  const inboxLink = async (access: InboxAccess = "act") =>
    inboxPageUrl(owner.functionUrl, await links.inbox.sign(inboxSubjects[access], new Date()));
  const retry = { baseMs: outboxSettings.retryBaseMs, maxMs: outboxSettings.retryMaxMs };
  // The counting beacons' limiter hashes addresses with a key of its own, not the link secret.
  const countKey = purposeSecret(owner.linkSecret, "count-limit");
  let store: FunctionStore | null = null;
  const visitorLetters = {
    from: config.mailFrom,
    replyTo: config.mailTo[0] ?? business.email,
    businessName: business.name,
    siteUrl: config.siteUrl,
  };
  const channels = owner.push ? (["email", "push"] as const) : (["email"] as const);
  let queues: Queue[] = [];
  // In this process until the store is open; then in its database when it counts there. The
  // pages' beacons have a limiter of their own, so counting never uses up a visitor's requests.
  const inProcess = (limits: { max: number; windowMs: number }): RateLimiter =>
    rateLimit.disabled
      ? unlimited
      : createRateLimiter({ ...limits, maxClients: rateLimit.maxClients });
  let rateLimiter = inProcess(rateLimit);
  let countLimiter = inProcess(config.countRateLimit);
  let visitorLimiter = inProcess(config.visitorLimits.client);
  // Every call counts, refused or not: a drain is a pass over every queue, and guessing the
  // secret must be slow too.
  const drainLimiter = createRateLimiter({
    max: contactDefaults.drainsPerMinute,
    windowMs: 60_000,
    maxClients: 1,
  });

  /** The function's queues over an open store: the one place a new queued e-mail is added. */
  function queuesOf(opened: OpenedStore): Queue[] {
    const outbox = createOutbox({
      store: opened.store,
      mailer,
      compose: async (request) =>
        composeContactEmail(request, letters, {
          requestPage: leadPageUrl(
            owner.functionUrl,
            request.id,
            await links.owner.sign(request.id, new Date()),
          ),
          inbox: await inboxLink(),
        }),
      composeDigest: async (requests) =>
        composeDigestEmail(requests, {
          ...letters,
          hourlyCap: outboxSettings.hourlyCap,
          inbox: await inboxLink(),
        }),
      composeFailureNotice: async (failed) =>
        composeFailureNotice(failed, { ...letters, inbox: await inboxLink() }),
      hourlyCap: outboxSettings.hourlyCap,
      mailCount: opened.mailCount,
      retry,
      leaseMs: outboxSettings.leaseMs,
      concurrency: outboxSettings.concurrency,
      log,
    });
    const notifier = createNotifier({
      store: opened.store,
      mailer,
      mail: letters,
      config: owner,
      signers: links,
      inboxLink,
      retry,
      leaseMs: outboxSettings.leaseMs,
      log,
    });
    const followUps = createFollowUpJob({
      store: opened.store,
      mailer,
      letters: visitorLetters,
      settings: owner.followUps,
      functionUrl: owner.functionUrl,
      signer: links.visitor,
      retry,
      leaseMs: outboxSettings.leaseMs,
      log,
    });
    const visitorOutbox = createVisitorOutbox({
      store: opened.store,
      mailer,
      letters: visitorLetters,
      functionUrl: owner.functionUrl,
      signer: links.visitor,
      reminders: { time: owner.visitReminderTime, timeZone: business.timeZone },
      retry,
      leaseMs: outboxSettings.leaseMs,
      acknowledgementHourlyCap: config.acknowledgementHourlyCap,
      log,
    });
    return [
      {
        name: "mail",
        start: () => outbox.start(),
        onStored: () => outbox.notify(),
        onChanged: async () => {},
        drain: async () => {
          const { sent, failed } = await outbox.drain();
          return { sent, failed };
        },
        stop: () => outbox.stop(),
      },
      {
        name: "notices",
        start: () => notifier.start(),
        onStored: (id) => notifier.onStored(id),
        onChanged: () => notifier.onChanged(),
        drain: () => notifier.tick(),
        stop: () => notifier.stop(),
      },
      {
        name: "visitors",
        start: () => visitorOutbox.start(),
        onStored: (id) => visitorOutbox.onStored(id),
        onChanged: () => visitorOutbox.notify(),
        drain: () => visitorOutbox.tick(),
        stop: () => visitorOutbox.stop(),
      },
      {
        name: "followUps",
        start: () => followUps.start(),
        // A new request has nothing due; the job finds quiet quotes and won jobs by itself.
        onStored: async () => {},
        onChanged: (id) => followUps.changed(id),
        drain: () => followUps.tick(),
        stop: () => followUps.stop(),
      },
    ];
  }

  /** Work after the response: never fails the request, kept alive where the host needs that. */
  function inBackground(work: Promise<unknown>) {
    const guarded = work.catch((error) =>
      log.error("background work failed", { error: errorMessage(error) }),
    );
    options.waitUntil?.(guarded);
  }

  /** A change queued e-mails or notices: every queue looks now, after the answer. */
  function changed(id?: string) {
    for (const queue of queues) inBackground(queue.onChanged(id));
  }

  async function drain() {
    const counts: Record<string, Record<string, number>> = {};
    for (const queue of queues) counts[queue.name] = await queue.drain();
    return counts;
  }

  const routes: Route[] = [
    {
      path: /^$/,
      handle: (request, _match, peer) =>
        handleContactRequest(request, {
          store: store ?? unavailableStore,
          config,
          rateLimiter,
          clientAddress: clientAddress(request.headers, peer, config.trustProxy),
          onStored: (id) => {
            for (const queue of queues) inBackground(queue.onStored(id));
          },
          log,
        }),
    },
    {
      path: /^\/drain$/,
      async handle(request) {
        const secret = config.drainSecret;
        if (!secret) return json(404, { error: "No such function." });
        if (request.method !== "POST") return json(405, { error: "Use POST." });
        const decision = drainLimiter.consume("drain");
        if (!decision.allowed)
          return json(
            429,
            { error: "Too many drains: try again later." },
            { "Retry-After": String(decision.retryAfterSeconds) },
          );
        if (!(await bearerMatches(request.headers.get("authorization"), secret)))
          return json(401, { error: "Unauthorized." });
        if (!store) return json(503, { error: "The store is not open." });
        return json(200, await drain());
      },
    },
    {
      path: /^\/count$/,
      handle: async (request, _match, peer) =>
        handleCount(request, {
          store: store ?? unavailableStore,
          allowedOrigins: config.allowedOrigins,
          rateLimiter: countLimiter,
          clientAddress: clientAddress(request.headers, peer, config.trustProxy),
          hashKey: await countKey,
          timeZone: business.timeZone,
          log,
        }),
    },
    {
      path: /^\/inbox(\.csv)?$/,
      privatePage: true,
      handle: (request, match) =>
        handleInbox(request, match[1] ? "csv" : "page", {
          store: store ?? unavailableStore,
          links,
          calendar: async () =>
            renderCalendarSubscribe(
              calendarFeedUrl(owner.functionUrl, await links.calendar.sign(feedName, new Date())),
            ),
          log,
        }),
    },
    {
      path: /^\/lead\/([0-9a-fA-F-]{1,64})$/,
      privatePage: true,
      handle: (request, match) =>
        handleOwnerPage(request, match[1] as string, {
          store: store ?? unavailableStore,
          signers: links,
          businessName: business.name,
          onStatusChanged: (id) => changed(id),
          followUps: async (lead) =>
            followUpLines(
              lead,
              await (store ?? unavailableStore).listFollowUps(lead.id),
              owner.followUps,
            ),
          bookingSection: bookingSection,
          log,
        }),
    },
    {
      path: /^\/opt-out\/([0-9a-f]{64})$/,
      privatePage: true,
      handle: (request, match) =>
        handleOptOut(request, match[1] as string, {
          store: store ?? unavailableStore,
          signer: links.visitor,
          log,
        }),
    },
    {
      path: /^\/lead\/([0-9a-fA-F-]{1,64})\/visit$/,
      privatePage: true,
      handle: (request, match) =>
        handleOwnerVisit(request, match[1] as string, {
          store: store ?? unavailableStore,
          signer: links.owner,
          onChanged: changed,
          log,
        }),
    },
    {
      path: /^\/request\/([0-9a-fA-F-]{1,64})(\/visit\.ics)?$/,
      privatePage: true,
      handle: (request, match, peer) =>
        handleVisitorPage(
          request,
          match[1] as string,
          {
            store: store ?? unavailableStore,
            visitorSigner: links.visitor,
            ownerSigner: links.owner,
            ownerReadSigner: links["owner-read"],
            functionUrl: owner.functionUrl,
            channels,
            mailFrom: config.mailFrom,
            businessName: business.name,
            linkDays: Math.round(owner.links.visitor.ttlMs / 86_400_000),
            limits: config.visitorLimits,
            clientLimiter: visitorLimiter,
            clientAddress: clientAddress(request.headers, peer, config.trustProxy),
            inboxLink: () => inboxLink("act"),
            onChanged: changed,
            log,
          },
          match[2] ? "calendar" : "page",
        ),
    },
    {
      path: /^\/calendar\/([a-z]{1,20})\.ics$/,
      handle: (request, match) =>
        handleCalendarFeed(request, match[1] as string, {
          store: store ?? unavailableStore,
          calendarSigner: links.calendar,
          ownerSigner: links["owner-read"],
          functionUrl: owner.functionUrl,
          mailFrom: config.mailFrom,
          log,
        }),
    },
  ];

  /** The booking part of the owner's page: the visit, the history, the visitor's e-mails. */
  async function bookingSection(
    lead: StoredContactRequest,
    token: string,
    query: URLSearchParams,
  ): Promise<ReactNode> {
    const open = store ?? unavailableStore;
    const now = new Date();
    return renderBookingSection({
      request: lead,
      events: await open.listEvents(lead.id),
      emails: await open.listVisitorEmails(lead.id),
      token,
      now,
      outcome: query.get("visit"),
      problem: query.get("visit") === "problem" ? query.get("why") : null,
    });
  }

  let warnedOfLocalProxy = false;
  /** Once per process: behind a local proxy without TRUST_PROXY, all visitors share one bucket. */
  function checkProxy(request: Request, peer: string) {
    if (warnedOfLocalProxy || !untrustedLocalProxy(request.headers, peer, config.trustProxy))
      return;
    warnedOfLocalProxy = true;
    log.warn(
      "X-Forwarded-For came from a proxy on this machine, but TRUST_PROXY is off: every visitor " +
        "counts as the proxy's one address, so a few bad requests rate-limit everyone; set " +
        "TRUST_PROXY=1 (the number of proxies in front of the server)",
      { peer },
    );
  }

  let stopped = false;
  let failures = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let opening: Promise<void> | null = null;

  function start(): Promise<void> {
    if (stopped || store) return Promise.resolve();
    opening ??= openOnce().finally(() => {
      opening = null;
    });
    return opening;
  }

  async function openOnce(): Promise<void> {
    let opened: OpenedStore;
    try {
      opened = await options.openStore();
    } catch (error) {
      failures += 1;
      const delay = Math.min((options.reopenDelayMs ?? 5000) * failures, 60_000);
      log.error(
        options.whyUnavailable?.(error) ?? "the store cannot be used: requests are answered 503",
        {
          error: errorMessage(error),
          retryInMs: delay,
        },
      );
      clearTimeout(reopenTimer);
      reopenTimer = setTimeout(() => void start(), delay);
      (reopenTimer as { unref?: () => void }).unref?.();
      return;
    }
    if (stopped) {
      await opened.store.close();
      return;
    }
    if (failures > 0) log.info("the store is usable again");
    failures = 0;
    if (opened.rateLimiter && !rateLimit.disabled) {
      rateLimiter = opened.rateLimiter({ max: rateLimit.max, windowMs: rateLimit.windowMs });
      countLimiter = opened.rateLimiter(config.countRateLimit);
      visitorLimiter = opened.rateLimiter(config.visitorLimits.client);
    }
    queues = queuesOf(opened);
    store = opened.store;
    for (const queue of queues) queue.start();
  }

  return {
    get store() {
      return store;
    },
    async fetch(request, { peer }) {
      checkProxy(request, peer);
      const named = functionName.exec(new URL(request.url).pathname);
      for (const route of named ? routes : []) {
        const match = route.path.exec(named?.[1] ?? "");
        if (!match) continue;
        const response = await route.handle(request, match, peer);
        if (route.privatePage)
          for (const [name, value] of Object.entries(isolation)) response.headers.set(name, value);
        return response;
      }
      return json(404, { error: "No such function." });
    },
    start,
    drain,
    async stop() {
      stopped = true;
      clearTimeout(reopenTimer);
      await opening;
      for (const queue of queues) await queue.stop();
      await mailer.close();
      await store?.close();
    },
    allowOrigins(origins) {
      for (const origin of origins)
        if (!config.allowedOrigins.includes(origin)) config.allowedOrigins.push(origin);
    },
    linkTo(functionUrl) {
      owner.functionUrl = functionUrl;
    },
  };
}
