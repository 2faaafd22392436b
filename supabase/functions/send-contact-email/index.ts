/**
 * send-contact-email on Supabase Edge Functions (Deno): the same handler as the Node server
 * (functions/send-contact-email/handler.ts), storing into Postgres through the project's REST API
 * and sending through Resend's HTTP API, since edge functions cannot open SMTP connections.
 *
 * Routes (Supabase strips /functions/v1; both forms are accepted so it also runs stand-alone):
 *   POST|OPTIONS …/send-contact-email        docs/contact-api.md
 *   POST         …/send-contact-email/drain  retries pending e-mail and runs the owner's notices
 *                                            (alerts, reminders, digest); needs OUTBOX_DRAIN_SECRET
 *                                            (call it from a schedule, see docs/decisions/0003)
 *   GET|POST     …/send-contact-email/lead/<id>  the owner's page for one request (signed link)
 *
 * Settings: see .env.example ("Supabase host"). CONTACT_STORE=memory (tests only) keeps requests
 * in memory instead of Postgres.
 */

import { ConfigError, parseContactConfig } from "../../../functions/send-contact-email/config.ts";
import {
  composeContactEmail,
  composeFailureNotice,
} from "../../../functions/send-contact-email/email.ts";
import { handleContactRequest } from "../../../functions/send-contact-email/handler.ts";
import {
  createHttpMailer,
  resendEndpoint,
} from "../../../functions/send-contact-email/http-mailer.ts";
import { errorMessage, consoleLogger as log } from "../../../functions/send-contact-email/log.ts";
import { createMemoryStore } from "../../../functions/send-contact-email/memory-store.ts";
import { createOutbox } from "../../../functions/send-contact-email/outbox.ts";
import { createLinkSigner } from "../../../functions/send-contact-email/owner/link-token.ts";
import { createNotifier } from "../../../functions/send-contact-email/owner/notifier.ts";
import {
  leadPageUrl,
  parseOwnerConfig,
} from "../../../functions/send-contact-email/owner/owner-config.ts";
import { isOwnerStore } from "../../../functions/send-contact-email/owner/owner-store.ts";
import {
  handleOwnerPage,
  matchOwnerPage,
} from "../../../functions/send-contact-email/owner/routes.ts";
import { createPostgrestStore } from "../../../functions/send-contact-email/postgrest-store.ts";
import {
  createRateLimiter,
  unlimited,
} from "../../../functions/send-contact-email/rate-limiter.ts";
import { bearerMatches } from "../../../functions/send-contact-email/secrets.ts";
import type { ContactStore } from "../../../functions/send-contact-email/store.ts";
import { business } from "../../../shared/business.ts";

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const env = Deno.env.toObject();
const config = parseContactConfig(env);
const owner = parseOwnerConfig(env, {
  // Deployed, links must survive cold starts: OWNER_LINK_SECRET is required (tests use memory).
  production: env.CONTACT_STORE !== "memory",
  defaultFunctionUrl: `${env.SUPABASE_URL || env.SITE_URL || "http://127.0.0.1"}/functions/v1/send-contact-email`,
});
const signer = createLinkSigner(owner.linkSecret, { ttlMs: owner.linkTtlMs });

function openStore(): ContactStore {
  if (env.CONTACT_STORE === "memory") {
    log.warn("CONTACT_STORE=memory: requests are kept in memory only (tests)");
    return createMemoryStore();
  }
  const url = env.SUPABASE_URL;
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !serviceKey) {
    throw new ConfigError(
      "SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set (Supabase sets both).",
    );
  }
  return createPostgrestStore({ url, serviceKey });
}

const store = openStore();
if (!env.RESEND_API_KEY) log.error("RESEND_API_KEY is not set: requests are stored, e-mails wait");
const mailer = createHttpMailer({
  apiKey: env.RESEND_API_KEY,
  endpoint: env.MAIL_API_URL || resendEndpoint,
});
// The owner's page, alerts and reminders need a store with the owner's side (memory today; the
// Postgres store gains it with the migration 20261124020000_owner_actions.sql).
const ownerStore = isOwnerStore(store) ? store : null;
if (!ownerStore) log.warn("this store has no owner's side: no request page, alerts or reminders");
const letters = { from: config.mailFrom, to: config.mailTo, businessName: business.name };
const outbox = createOutbox({
  store,
  mailer,
  compose: async (request) =>
    composeContactEmail(
      request,
      letters,
      ownerStore
        ? {
            requestPage: leadPageUrl(
              owner.functionUrl,
              request.id,
              await signer.sign(request.id, new Date()),
            ),
          }
        : {},
    ),
  // No hourly cap here: its count lives in one process, and Edge Function instances come and go.
  composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
  retry: { baseMs: config.outbox.retryBaseMs, maxMs: config.outbox.retryMaxMs },
  leaseMs: config.outbox.leaseMs,
  concurrency: config.outbox.concurrency,
  log,
});
// While this instance stays warm it retries on its own; a schedule calling /drain covers the rest.
outbox.start();

const notifier = ownerStore
  ? createNotifier({
      store: ownerStore,
      mailer,
      mail: { from: config.mailFrom, to: config.mailTo, businessName: business.name },
      config: owner,
      signer,
      retry: { baseMs: config.outbox.retryBaseMs, maxMs: config.outbox.retryMaxMs },
      leaseMs: config.outbox.leaseMs,
      log,
    })
  : null;
notifier?.start();

const rateLimiter = config.rateLimit.disabled
  ? unlimited
  : createRateLimiter({
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      maxClients: config.rateLimit.maxClients,
    });

/** Work after the response: Supabase keeps the instance alive for it with EdgeRuntime.waitUntil. */
function inBackground(work: Promise<unknown>) {
  const guarded = work.catch((error) =>
    log.error("background work failed", { error: errorMessage(error) }),
  );
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(guarded);
}

/** Same rule as the Node host: with TRUST_PROXY=n the visitor is n entries from the end. */
function clientAddress(request: Request, remote: string): string {
  if (config.trustProxy <= 0) return remote;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - config.trustProxy)] ?? remote;
}

function json(status: number, body: unknown) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

async function serve(request: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith("/send-contact-email/drain")) {
    const secret = env.OUTBOX_DRAIN_SECRET;
    if (!secret) return json(404, { error: "Not found." });
    if (request.method !== "POST") return json(405, { error: "Use POST." });
    if (!(await bearerMatches(request.headers.get("authorization"), secret)))
      return json(401, { error: "Unauthorized." });
    const mail = await outbox.drain();
    const notices = notifier ? await notifier.tick() : null;
    return json(200, { ...mail, notices });
  }
  const ownerPage = matchOwnerPage(pathname);
  if (ownerPage !== null && ownerStore) {
    return handleOwnerPage(request, ownerPage, {
      store: ownerStore,
      signer,
      businessName: business.name,
      log,
    });
  }
  if (!pathname.endsWith("/send-contact-email")) return json(404, { error: "No such function." });

  const remote = info.remoteAddr.transport === "tcp" ? info.remoteAddr.hostname : "unknown";
  return handleContactRequest(request, {
    store,
    config,
    rateLimiter,
    clientAddress: clientAddress(request, remote),
    onStored: (id) => {
      inBackground(outbox.notify());
      if (notifier) inBackground(notifier.onStored(id));
    },
    log,
  });
}

const port = env.PORT ? Number(env.PORT) : undefined;
if (port === undefined) {
  Deno.serve(serve);
} else {
  // Stand-alone (tests, a plain Deno host): print the address the way the Node server does.
  Deno.serve(
    {
      port,
      hostname: env.HOST || "127.0.0.1",
      onListen: ({ hostname, port: actual }) =>
        log.info(`listening on http://${hostname}:${actual}`),
    },
    serve,
  );
}
