/**
 * The contact function on the Node host: SQLite in DATA_DIR or Postgres (contact-store.ts), SMTP (or .eml files when SMTP_URL is
 * unset), the outbox loop, the rate limiter, and the adapter from Node's http to the handler.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { business } from "../app/content/business.ts";
import {
  composeContactEmail,
  composeDigestEmail,
  composeFailureNotice,
} from "../functions/send-contact-email/email.ts";
import { createFileMailer } from "../functions/send-contact-email/file-mailer.ts";
import {
  handleContactRequest,
  messagesForVisitors,
} from "../functions/send-contact-email/handler.ts";
import { errorMessage, type Logger } from "../functions/send-contact-email/log.ts";
import type { Mailer } from "../functions/send-contact-email/mailer.ts";
import { createOutbox, type Outbox } from "../functions/send-contact-email/outbox.ts";
import { createRateLimiter, unlimited } from "../functions/send-contact-email/rate-limiter.ts";
import { maxBodyBytes } from "../functions/send-contact-email/request-body.ts";
import { createSmtpMailer, describeSmtpUrl } from "../functions/send-contact-email/smtp-mailer.ts";
import type { ContactStore } from "../functions/send-contact-email/store.ts";
import { openConfiguredStore } from "./contact-store.ts";
import {
  clientAddress,
  maxDiscardBytes,
  readBoundedBody,
  requestOrigin,
  toWebHeaders,
  writeWebResponse,
} from "./node-http.ts";
import { lockedDownPolicy } from "./security-headers.ts";
import { dataPaths, type ServerSettings } from "./settings.ts";

const webMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export type ContactService = {
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    baseHeaders: Record<string, string>,
  ): Promise<void>;
  /** Stops the outbox (waiting for e-mails in flight) and closes the store and the mailer. */
  close(): Promise<void>;
  store: ContactStore;
  outbox: Outbox;
};

export async function startContactService(
  settings: ServerSettings,
  log: Logger,
): Promise<ContactService> {
  const { contact } = settings;
  const paths = dataPaths(settings.dataDir);
  const { store, sharedRateLimiter } = await openConfiguredStore(settings, log);

  let mailer: Mailer;
  if (settings.smtpUrl) {
    mailer = createSmtpMailer(settings.smtpUrl);
    log.info("e-mail goes out through SMTP", {
      smtp: describeSmtpUrl(settings.smtpUrl),
      to: contact.mailTo.join(","),
    });
  } else {
    mailer = createFileMailer(paths.outbox);
    log.warn("SMTP_URL is not set: e-mails are written as .eml files instead of sent", {
      folder: paths.outbox,
    });
  }

  const letters = { from: contact.mailFrom, to: contact.mailTo, businessName: business.name };
  const outbox = createOutbox({
    store,
    mailer,
    compose: (request) => composeContactEmail(request, letters),
    composeDigest: (requests) =>
      composeDigestEmail(requests, { ...letters, hourlyCap: contact.outbox.hourlyCap }),
    composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
    hourlyCap: contact.outbox.hourlyCap,
    retry: { baseMs: contact.outbox.retryBaseMs, maxMs: contact.outbox.retryMaxMs },
    leaseMs: contact.outbox.leaseMs,
    concurrency: contact.outbox.concurrency,
    log,
  });
  outbox.start();

  const rateLimiter = contact.rateLimit.disabled
    ? unlimited
    : sharedRateLimiter
      ? sharedRateLimiter({ max: contact.rateLimit.max, windowMs: contact.rateLimit.windowMs })
      : createRateLimiter({
          max: contact.rateLimit.max,
          windowMs: contact.rateLimit.windowMs,
          maxClients: contact.rateLimit.maxClients,
        });
  if (contact.rateLimit.disabled) log.warn("RATE_LIMIT_DISABLED=true: no limit per client address");

  return {
    store,
    outbox,
    async handle(request, response, securityHeaders) {
      // JSON answers are never rendered as documents: a policy that allows nothing.
      const baseHeaders: Record<string, string> = {
        ...securityHeaders,
        "Content-Security-Policy": lockedDownPolicy,
      };
      const method = request.method ?? "GET";
      if (!webMethods.has(method)) {
        // TRACE, CONNECT and the like: not even a Request can carry them.
        const refused = Response.json(
          { error: messagesForVisitors.method },
          { status: 405, headers: { Allow: "POST, OPTIONS", "Cache-Control": "no-store" } },
        );
        await writeWebResponse(response, refused, baseHeaders);
        return;
      }
      const declared = Number(request.headers["content-length"]);
      const declaredTooLarge = Number.isFinite(declared) && declared > maxBodyBytes;
      // Node discards the unread body of a finished request before reading the next one; past
      // what is worth discarding, close the connection instead.
      if (declaredTooLarge && declared > maxDiscardBytes) baseHeaders.Connection = "close";
      let body: Buffer | undefined;
      if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") {
        if (declaredTooLarge) {
          // Too large by its own account: no need to wait for a byte of it (a client declaring a
          // gigabyte and sending a trickle would otherwise hold the request until the timeout).
          // The handler still makes its checks in order and answers 413 from Content-Length.
          body = Buffer.alloc(0);
        } else {
          try {
            body = await readBoundedBody(request, maxBodyBytes);
          } catch {
            return; // The client went away; nobody is waiting for an answer.
          }
        }
      }
      const url = `${requestOrigin(request, contact.trustProxy)}${request.url ?? "/"}`;
      let webRequest: Request;
      try {
        webRequest = new Request(url, {
          method,
          headers: toWebHeaders(request),
          body: body === undefined ? undefined : new Uint8Array(body),
        });
      } catch (error) {
        log.warn("unreadable request", { error: errorMessage(error) });
        await writeWebResponse(
          response,
          Response.json({ error: "Bad request." }, { status: 400 }),
          baseHeaders,
        );
        return;
      }
      const webResponse = await handleContactRequest(webRequest, {
        store,
        config: contact,
        rateLimiter,
        clientAddress: clientAddress(request, contact.trustProxy),
        onStored: () => void outbox.notify(),
        log,
      });
      await writeWebResponse(response, webResponse, baseHeaders);
    },
    async close() {
      await outbox.stop();
      await mailer.close();
      await store.close();
    },
  };
}
