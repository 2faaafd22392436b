/**
 * send-contact-email on Supabase Edge Functions (Deno): the function the Node server runs too
 * (functions/send-contact-email/contact-function.ts, its routes and queues), with what only this
 * host has: the Postgres store reached through SUPABASE_DB_URL (Supabase's pooler, transaction
 * mode), e-mail through Resend's HTTP API (edge functions cannot open SMTP connections), work after
 * the response kept alive with EdgeRuntime.waitUntil, and `Deno.serve`.
 *
 * A warm instance retries e-mail by itself; the database's schedule calls …/drain for the rest.
 * It follows the owner's live content version by itself too (docs/content-versions.md): its own
 * prices, offer and e-mails switch, with no pages to build (the static host's deploy hook does).
 * Settings: see .env.example ("Supabase host").
 */
import {
  ConfigError,
  createContactFunction,
  createHttpMailer,
  consoleLogger as log,
  openPostgresStore,
  parseContactConfig,
  parseOwnerConfig,
  resendEndpoint,
} from "../../../functions/send-contact-email/index.ts";

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const env = Deno.env.toObject();
if (!env.RESEND_API_KEY) log.error("RESEND_API_KEY is not set: requests are stored, e-mails wait");

const contactFunction = createContactFunction({
  config: parseContactConfig(env),
  owner: parseOwnerConfig(env, {
    // Links must survive cold starts: OWNER_LINK_SECRET is always required here.
    production: true,
    defaultFunctionUrl: `${env.SUPABASE_URL || env.SITE_URL || "http://127.0.0.1"}/functions/v1/send-contact-email`,
  }),
  async openStore() {
    const url = env.SUPABASE_DB_URL;
    if (!url) throw new ConfigError("SUPABASE_DB_URL must be set (Supabase sets it).");
    // The pooler in transaction mode cannot keep prepared statements; a few connections per
    // instance are plenty, the pooler multiplexes them. Instances come and go: the rate limit and
    // the hourly cap are counted in the database.
    const store = openPostgresStore({ url, prepare: false, maxConnections: 3 });
    return {
      store,
      rateLimiter: (limits) => store.rateLimiter(limits),
      mailCount: store.mailCount(),
    };
  },
  mailer: createHttpMailer({
    apiKey: env.RESEND_API_KEY,
    endpoint: env.MAIL_API_URL || resendEndpoint,
  }),
  log,
  waitUntil:
    typeof EdgeRuntime === "undefined" ? undefined : (work) => EdgeRuntime?.waitUntil(work),
});
await contactFunction.start();

function serve(request: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const peer = info.remoteAddr.transport === "tcp" ? info.remoteAddr.hostname : "unknown";
  return contactFunction.fetch(request, { peer });
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
