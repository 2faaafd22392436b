/**
 * The contact function on the Node host: the configured store (SQLite in DATA_DIR, or Postgres
 * with DATABASE_URL: contact-store.ts), SMTP (or .eml files when SMTP_URL is unset), the outbox
 * loop, the rate limiter, and the adapter from Node's http to the handler.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
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
import { createLinkSigner } from "../functions/send-contact-email/owner/link-token.ts";
import { createNotifier, type Notifier } from "../functions/send-contact-email/owner/notifier.ts";
import { leadPageUrl } from "../functions/send-contact-email/owner/owner-config.ts";
import type { OwnerStore } from "../functions/send-contact-email/owner/owner-store.ts";
import { handleOwnerPage, matchOwnerPage } from "../functions/send-contact-email/owner/routes.ts";
import {
  createRateLimiter,
  type RateLimiter,
  unlimited,
} from "../functions/send-contact-email/rate-limiter.ts";
import { maxBodyBytes } from "../functions/send-contact-email/request-body.ts";
import { createSmtpMailer, describeSmtpUrl } from "../functions/send-contact-email/smtp-mailer.ts";
import { type ContactStore, StoreUnavailableError } from "../functions/send-contact-email/store.ts";
import { business } from "../shared/business.ts";
import { lockedDownPolicy } from "../shared/security-headers.ts";
import { type ConfiguredStore, openConfiguredStore } from "./contact-store.ts";
import { DataFolderBusyError, type DataLock, lockDataFolder } from "./data-lock.ts";
import {
  clientAddress,
  maxDiscardBytes,
  readBoundedBody,
  requestOrigin,
  toWebHeaders,
  writeWebResponse,
} from "./node-http.ts";
import { dataPaths, type ServerSettings } from "./settings.ts";

const webMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export type ContactService = {
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    baseHeaders: Record<string, string>,
  ): Promise<void>;
  /**
   * Takes the data folder's lock. Throws DataFolderBusyError when another live server holds it;
   * any other failure (a read-only or missing folder) is left to open(), which retries.
   */
  lock(): void;
  /**
   * Opens the store and starts the outbox, after the port is bound. If the data folder cannot be
   * used, the function answers 503, the pages are served, and it tries again every few seconds.
   */
  open(): Promise<void>;
  /** The origins the server listens on, allowed by CORS besides the configured ones. */
  allowOrigins(origins: string[]): void;
  /** Stops the outbox (waiting for e-mails in flight) and closes the store and the mailer. */
  close(): Promise<void>;
  /** Null until open() succeeded. */
  readonly store: (ContactStore & OwnerStore) | null;
  readonly outbox: Outbox | null;
  /** The owner's alerts, reminders and digest; null until open() succeeded. */
  readonly notifier: Notifier | null;
};

/** Until the store opens, every call fails as unavailable: the handler answers 503. */
const notOpen = async (): Promise<never> => {
  throw new StoreUnavailableError("the data folder is not open");
};
const unavailableStore: ContactStore = {
  submit: notOpen,
  claimDue: notOpen,
  markSent: notOpen,
  markRetry: notOpen,
  markFailed: notOpen,
  nextDueAt: notOpen,
  list: notOpen,
  close: async () => {},
};

const unavailableOwnerStore: OwnerStore = {
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
};

export function createContactService(
  settings: ServerSettings,
  log: Logger,
  { reopenDelayMs = 5000 }: { reopenDelayMs?: number } = {},
): ContactService {
  const { contact } = settings;
  const paths = dataPaths(settings.dataDir);
  const allowedOrigins = [...contact.allowedOrigins];
  const config = { ...contact, allowedOrigins };
  let store: (ContactStore & OwnerStore) | null = null;
  let outbox: Outbox | null = null;
  let mailer: Mailer | null = null;
  let lock: DataLock | null = null;
  let closed = false;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let notifier: Notifier | null = null;

  const { owner } = settings;
  const signer = createLinkSigner(owner.linkSecret, { ttlMs: owner.linkTtlMs });
  if (owner.linkSecretGenerated) {
    log.warn(
      "OWNER_LINK_SECRET is not set: the links in the owner's e-mails work until this process stops",
    );
  }

  // Counted in this process until the store is open; with Postgres, then in the database, where
  // every server sharing it sees the same counts.
  let rateLimiter: RateLimiter = contact.rateLimit.disabled
    ? unlimited
    : createRateLimiter({
        max: contact.rateLimit.max,
        windowMs: contact.rateLimit.windowMs,
        maxClients: contact.rateLimit.maxClients,
      });
  if (contact.rateLimit.disabled) log.warn("RATE_LIMIT_DISABLED=true: no limit per client address");

  // The lock is taken with either store. With SQLite it guards the database and the claims
  // released at start; with Postgres (several servers share one database by design) it keeps one
  // server per data folder, whose .eml outbox and files are this server's own.
  function takeLock() {
    lock ??= lockDataFolder(settings.dataDir);
  }

  async function startDelivery({
    store: opened,
    sharedRateLimiter,
    sharedMailCount,
  }: ConfiguredStore) {
    if (closed) {
      await opened.close();
      return;
    }
    if (sharedRateLimiter && !contact.rateLimit.disabled)
      rateLimiter = sharedRateLimiter({
        max: contact.rateLimit.max,
        windowMs: contact.rateLimit.windowMs,
      });
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
    outbox = createOutbox({
      store: opened,
      mailer,
      compose: async (request) =>
        composeContactEmail(request, letters, {
          requestPage: leadPageUrl(
            owner.functionUrl,
            request.id,
            await signer.sign(request.id, new Date()),
          ),
        }),
      composeDigest: (requests) =>
        composeDigestEmail(requests, { ...letters, hourlyCap: contact.outbox.hourlyCap }),
      composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
      hourlyCap: contact.outbox.hourlyCap,
      mailCount: sharedMailCount,
      retry: { baseMs: contact.outbox.retryBaseMs, maxMs: contact.outbox.retryMaxMs },
      leaseMs: contact.outbox.leaseMs,
      concurrency: contact.outbox.concurrency,
      log,
    });
    notifier = createNotifier({
      store: opened,
      mailer,
      mail: letters,
      config: owner,
      signer,
      retry: { baseMs: contact.outbox.retryBaseMs, maxMs: contact.outbox.retryMaxMs },
      leaseMs: contact.outbox.leaseMs,
      log,
    });
    store = opened;
    outbox.start();
    notifier.start();
    if (owner.push) log.info("new requests are also pushed", { format: owner.push.format });
  }

  let opening: Promise<void> | null = null;
  function open(): Promise<void> {
    if (closed || store) return Promise.resolve();
    opening ??= openOnce().finally(() => {
      opening = null;
    });
    return opening;
  }

  async function openOnce(): Promise<void> {
    let opened: ConfiguredStore;
    try {
      takeLock();
      opened = await openConfiguredStore(settings, log);
    } catch (error) {
      failures += 1;
      const busy = error instanceof DataFolderBusyError;
      const delay = Math.min(reopenDelayMs * failures, 60_000);
      log.error(
        busy
          ? "the data folder is locked by another server"
          : settings.databaseUrl
            ? "the database cannot be used: the pages are served, quote requests are answered 503"
            : "the data folder cannot be used: the pages are served, quote requests are answered 503",
        { dataDir: settings.dataDir, error: errorMessage(error), retryInMs: delay },
      );
      clearTimeout(reopenTimer);
      reopenTimer = setTimeout(() => void open(), delay);
      reopenTimer.unref();
      return;
    }
    if (failures > 0) log.info("the store is usable again", { dataDir: settings.dataDir });
    failures = 0;
    await startDelivery(opened);
  }

  return {
    get store() {
      return store;
    },
    get outbox() {
      return outbox;
    },
    get notifier() {
      return notifier;
    },
    lock() {
      try {
        takeLock();
      } catch (error) {
        if (error instanceof DataFolderBusyError) throw error;
        // A folder that cannot be written: open() reports it and retries.
      }
    },
    open,
    allowOrigins(origins) {
      for (const origin of origins)
        if (!allowedOrigins.includes(origin)) allowedOrigins.push(origin);
    },
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
      const ownerPage = matchOwnerPage(new URL(url).pathname);
      const webResponse =
        ownerPage !== null
          ? await handleOwnerPage(webRequest, ownerPage, {
              store: store ?? unavailableOwnerStore,
              signer,
              businessName: business.name,
              log,
            })
          : await handleContactRequest(webRequest, {
              store: store ?? unavailableStore,
              config,
              rateLimiter,
              clientAddress: clientAddress(request, contact.trustProxy),
              onStored: (id) => {
                void outbox?.notify();
                void notifier?.onStored(id);
              },
              log,
            });
      await writeWebResponse(response, webResponse, baseHeaders);
    },
    async close() {
      closed = true;
      clearTimeout(reopenTimer);
      await notifier?.stop();
      await outbox?.stop();
      await mailer?.close();
      await store?.close();
      lock?.release();
    },
  };
}
