/**
 * send-contact-email on Supabase Edge Functions (Deno): the same handler as the Node server
 * (functions/send-contact-email/handler.ts) and the same Postgres store as the Node server with
 * DATABASE_URL, connected through SUPABASE_DB_URL (Supabase's pooler, transaction mode), sending
 * through Resend's HTTP API, since edge functions cannot open SMTP connections.
 *
 * Routes (Supabase strips /functions/v1; both forms are accepted so it also runs stand-alone):
 *   POST|OPTIONS …/send-contact-email        docs/contact-api.md
 *   POST         …/send-contact-email/drain  retries pending e-mail and runs the owner's notices
 *                                            (alerts, reminders, digest); needs OUTBOX_DRAIN_SECRET
 *                                            (called by the database's schedule, a migration)
 *   GET|POST     …/send-contact-email/lead/<id>  the owner's page for one request (signed link)
 *
 * Settings: see .env.example ("Supabase host").
 */
import { ConfigError, parseContactConfig } from "../../../functions/send-contact-email/config.ts";
import {
  composeContactEmail,
  composeDigestEmail,
  composeFailureNotice,
} from "../../../functions/send-contact-email/email.ts";
import { handleContactRequest } from "../../../functions/send-contact-email/handler.ts";
import {
  createHttpMailer,
  resendEndpoint,
} from "../../../functions/send-contact-email/http-mailer.ts";
import { errorMessage, consoleLogger as log } from "../../../functions/send-contact-email/log.ts";
import { createOutbox } from "../../../functions/send-contact-email/outbox.ts";
import { createLinkSigner } from "../../../functions/send-contact-email/owner/link-token.ts";
import { createNotifier } from "../../../functions/send-contact-email/owner/notifier.ts";
import {
  leadPageUrl,
  parseOwnerConfig,
} from "../../../functions/send-contact-email/owner/owner-config.ts";
import {
  handleOwnerPage,
  matchOwnerPage,
} from "../../../functions/send-contact-email/owner/routes.ts";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../../functions/send-contact-email/postgres-store.ts";
import { unlimited } from "../../../functions/send-contact-email/rate-limiter.ts";
import { bearerMatches } from "../../../functions/send-contact-email/secrets.ts";
import { business } from "../../../shared/business.ts";

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const env = Deno.env.toObject();
const config = parseContactConfig(env);
const owner = parseOwnerConfig(env, {
  // Links must survive cold starts: OWNER_LINK_SECRET is always required here.
  production: true,
  defaultFunctionUrl: `${env.SUPABASE_URL || env.SITE_URL || "http://127.0.0.1"}/functions/v1/send-contact-email`,
});
const signer = createLinkSigner(owner.linkSecret, { ttlMs: owner.linkTtlMs });

function openStore(): PostgresStore {
  const url = env.SUPABASE_DB_URL;
  if (!url) throw new ConfigError("SUPABASE_DB_URL must be set (Supabase sets it).");
  // The pooler in transaction mode cannot keep prepared statements; a few connections per
  // instance are plenty, the pooler multiplexes them.
  return openPostgresStore({ url, prepare: false, maxConnections: 3 });
}

const store = openStore();
if (!env.RESEND_API_KEY) log.error("RESEND_API_KEY is not set: requests are stored, e-mails wait");
const mailer = createHttpMailer({
  apiKey: env.RESEND_API_KEY,
  endpoint: env.MAIL_API_URL || resendEndpoint,
});
const letters = { from: config.mailFrom, to: config.mailTo, businessName: business.name };
const outbox = createOutbox({
  store,
  mailer,
  compose: async (request) =>
    composeContactEmail(request, letters, {
      requestPage: leadPageUrl(
        owner.functionUrl,
        request.id,
        await signer.sign(request.id, new Date()),
      ),
    }),
  // The cap's count lives in the database: instances come and go, and all count against it.
  composeDigest: (requests) =>
    composeDigestEmail(requests, { ...letters, hourlyCap: config.outbox.hourlyCap }),
  hourlyCap: config.outbox.hourlyCap,
  mailCount: store.mailCount(),
  composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
  retry: { baseMs: config.outbox.retryBaseMs, maxMs: config.outbox.retryMaxMs },
  leaseMs: config.outbox.leaseMs,
  concurrency: config.outbox.concurrency,
  log,
});
// While this instance stays warm it retries on its own; a schedule calling /drain covers the rest.
outbox.start();

const notifier = createNotifier({
  store,
  mailer,
  mail: letters,
  config: owner,
  signer,
  retry: { baseMs: config.outbox.retryBaseMs, maxMs: config.outbox.retryMaxMs },
  leaseMs: config.outbox.leaseMs,
  log,
});
notifier.start();

// Counted in the database: every warm instance sees the same numbers.
const rateLimiter = config.rateLimit.disabled
  ? unlimited
  : store.rateLimiter({ max: config.rateLimit.max, windowMs: config.rateLimit.windowMs });

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
    const notices = await notifier.tick();
    return json(200, { ...mail, notices });
  }
  const ownerPage = matchOwnerPage(pathname);
  if (ownerPage !== null) {
    return handleOwnerPage(request, ownerPage, {
      store,
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
      inBackground(notifier.onStored(id));
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
