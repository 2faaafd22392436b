/**
 * send-contact-email, assembled once for both hosts (docs/decisions/0011-one-function-one-schema.md):
 * its routes (routes.ts, matched by router.ts), its queues (queues.ts), the link signers and the
 * rate limiters, from the settings and a store it opens, and opens again while it cannot. A host
 * adds only what is its own: the Node server (server/contact-service.ts) the data folder's lock
 * and Node's HTTP, the Supabase entry (supabase/functions/send-contact-email/index.ts)
 * `Deno.serve`.
 */
import { repositoryFacts } from "../../shared/content/facts.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { type ContactConfig, contactDefaults } from "./base/config.ts";
import { createContentSource, type LiveFacts } from "./base/content-source.ts";
import { errorMessage, type Logger } from "./base/log.ts";
import { purposeSecret } from "./base/secrets.ts";
import type { SitePublishing } from "./base/site-publishing.ts";
import type { FunctionStore, OpenedStore } from "./function-store.ts";
import { untrustedLocalProxy } from "./http/client-address.ts";
import { createRateLimiter, type RateLimiter, unlimited } from "./http/rate-limiter.ts";
import { type InboxAccess, inboxSubjects } from "./inbox/inbox-routes.ts";
import { createLinkSigners } from "./links/links-settings.ts";
import { inboxPageUrl } from "./links/page-urls.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OwnerConfig } from "./owner/owner-config.ts";
import { createQueues } from "./queues.ts";
import { createRouter } from "./router.ts";
import { contactRoutes } from "./routes.ts";
import {
  type ContentFollower,
  createContentFollower,
  type SiteHost,
} from "./site/content-follower.ts";
import type { ProcessPicture } from "./site-pictures/picture-processing.ts";
import { siteLinkSubject } from "./site-pictures/picture-routes.ts";

export type { FunctionStore, OpenedStore } from "./function-store.ts";

export type ContactFunctionOptions = SiteHost & {
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
  /**
   * Makes published versions live its own way instead of following the store (the editor's
   * tests and screenshots): this process's content is then never switched.
   */
  publishing?: SitePublishing;
  /**
   * Makes an owner's upload into the pages' picture files (the Node host's, with sharp:
   * server/pictures/). Absent (Supabase), the Pictures page says where photos are uploaded.
   */
  processPicture?: ProcessPicture;
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
  /** Null until the store is open, and once it is closed. */
  readonly store: FunctionStore | null;
  /** Keeps this process on the store's live content version (site/content-follower.ts). */
  readonly publishing: SitePublishing;
  /** The document of the version live here: the pages `npm run dev` makes on request show it. */
  liveDocument(): SiteContent;
  /**
   * Whether `token` opens the site editor now: a host asks before it holds an upload's body, so
   * only the owner's link takes one of its few places (server/contact-service.ts).
   */
  opensSiteEditor(token: string): Promise<boolean>;
};

export function createContactFunction(options: ContactFunctionOptions): ContactFunction {
  const { mailer, log } = options;
  // A copy: its functionUrl may still change once the host listens (linkTo).
  const owner = { ...options.owner };
  const config = { ...options.config, allowedOrigins: [...options.config.allowedOrigins] };
  const { rateLimit } = config;
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

  /**
   * A fresh link to the inbox for every e-mail, alert and digest to the owner: its rows act from
   * an e-mail, only show from a push (inbox/inbox-route.ts).
   */
  const inboxLink = async (access: InboxAccess = "act") =>
    inboxPageUrl(owner.functionUrl, await links.inbox.sign(inboxSubjects[access], new Date()));
  let store: FunctionStore | null = null;
  const repositoryLive: LiveFacts = { version: null, facts: repositoryFacts() };
  // Where the host makes pages (`build`, the Node host), they change first and the function's
  // content with them; elsewhere (Supabase) the function switches its own content alone.
  const publishing: ContentFollower = options.publishing
    ? {
        ...options.publishing,
        // Versions made live its own way: this process keeps the repository's.
        live: () => repositoryLive,
        start: async () => {},
        checkIfDue: () => null,
        stop() {},
      }
    : createContentFollower({
        store: () => store,
        build: options.build,
        preview: options.preview,
        log,
        everyMs: config.contentCheckMs,
      });

  // The live version is the follower's; each request's own is read from the store.
  const content = createContentSource({ live: () => publishing.live(), versions: () => store });
  const queues = createQueues({
    content,
    config,
    owner,
    links,
    inboxLink,
    mailer,
    log,
    waitUntil: options.waitUntil,
  });
  // In this process until the store is open; then in its database when it counts there. The
  // pages' beacons have a limiter of their own, so counting never uses up a visitor's requests.
  const inProcess = (limits: { max: number; windowMs: number }): RateLimiter =>
    rateLimit.disabled
      ? unlimited
      : createRateLimiter({ ...limits, maxClients: rateLimit.maxClients });
  const inThisServer = (limits: { max: number; windowMs: number }): RateLimiter =>
    createRateLimiter({ ...limits, maxClients: 1 });
  const sitePublishLimit = {
    max: contactDefaults.sitePublishesPer10Minutes,
    windowMs: 10 * 60_000,
  };
  let limiters = {
    contact: inProcess(rateLimit),
    count: inProcess(config.countRateLimit),
    visitor: inProcess(config.visitorLimits.client),
    // Always here, never in the database: counting a read there would cost a write per read,
    // which is what this limit spares the store.
    publicReads: inProcess(config.publicReadRateLimit),
    // The owner's publishes and restores: every server makes each version, so where servers
    // share a database they share this count too.
    sitePublishes: inThisServer(sitePublishLimit),
    // The owner's notices of visitors' changes, all requests together: a cap, never disabled.
    visitorNotices: inThisServer(config.visitorLimits.notices),
  };

  const reopenDelayMs = options.reopenDelayMs ?? 5000;
  let stopped = false;
  let failures = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenAt = 0;
  let opening: Promise<void> | null = null;
  /** Until the next try to open the store; while the first is under way, its usual delay. */
  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil((reopenAt > Date.now() ? reopenAt - Date.now() : reopenDelayMs) / 1000));

  const route = createRouter({
    routes: contactRoutes({
      config,
      owner,
      links,
      store: () => store,
      retryAfterSeconds,
      limiters: () => limiters,
      queues,
      // The counting beacons' limiter hashes addresses with a key of its own, not the link secret.
      countKey: purposeSecret(owner.linkSecret, "count-limit"),
      inboxLink: () => inboxLink("act"),
      content,
      publishing,
      processPicture: options.processPicture,
      log,
    }),
    signers: links,
    store: () => store,
    retryAfterSeconds,
    allowedOrigins: config.allowedOrigins,
  });

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
      const delay = Math.min(reopenDelayMs * failures, 60_000);
      log.error(
        options.whyUnavailable?.(error) ?? "the store cannot be used: requests are answered 503",
        {
          error: errorMessage(error),
          retryInMs: delay,
        },
      );
      clearTimeout(reopenTimer);
      reopenAt = Date.now() + delay;
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
    if (opened.rateLimiter && !rateLimit.disabled)
      limiters = {
        contact: opened.rateLimiter({ max: rateLimit.max, windowMs: rateLimit.windowMs }),
        count: opened.rateLimiter(config.countRateLimit),
        visitor: opened.rateLimiter(config.visitorLimits.client),
        publicReads: limiters.publicReads,
        sitePublishes: opened.rateLimiter(sitePublishLimit),
        visitorNotices: opened.rateLimiter(config.visitorLimits.notices),
      };
    queues.start(opened);
    store = opened.store;
    // At once, so that a server started again comes back to the live version. Without pages to
    // make, it is waited for: a Supabase instance's first answer already has the live prices.
    // Making the pages takes longer: the previous ones are served meanwhile.
    const firstCheck = publishing.start();
    if (!options.build) await firstCheck;
  }

  return {
    get store() {
      return store;
    },
    publishing,
    liveDocument: () => publishing.live().facts.document,
    async fetch(request, { peer }) {
      checkProxy(request, peer);
      // An instance whose timers may not have run (Supabase's sleep between requests) looks now,
      // after the response rather than before it.
      const due = publishing.checkIfDue();
      if (due) options.waitUntil?.(due);
      return route(request, peer);
    },
    start,
    drain: () => queues.drain(),
    async stop() {
      stopped = true;
      clearTimeout(reopenTimer);
      publishing.stop();
      await opening;
      await queues.stop();
      await mailer.close();
      // Not open any more: from now on the routes that need it are answered 503.
      const closing = store;
      store = null;
      await closing?.close();
    },
    allowOrigins(origins) {
      for (const origin of origins)
        if (!config.allowedOrigins.includes(origin)) config.allowedOrigins.push(origin);
    },
    linkTo(functionUrl) {
      owner.functionUrl = functionUrl;
    },
    opensSiteEditor: (token) => links.site.verify(siteLinkSubject, token, new Date()),
  };
}
