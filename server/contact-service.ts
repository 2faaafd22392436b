/**
 * The contact function on the Node host: what only this host has around the one assembly
 * (functions/send-contact-email/contact-function.ts): the data folder's lock, the store it
 * configures (SQLite in DATA_DIR, or Postgres with DATABASE_URL: contact-store.ts), SMTP or .eml
 * files, and the adapter from Node's http to the function's Web Request and Response.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type ContactFunction,
  clientAddress,
  createContactFunction,
  errorMessage,
  type Logger,
  type Mailer,
  maxBodyBytes,
  messagesForVisitors,
  type ProcessPicture,
  pageResponse,
  refusalPage,
  type SiteHost,
  uploadBodyLimit,
} from "../functions/send-contact-email/index.ts";
import {
  createFileMailer,
  createSmtpMailer,
  describeSmtpUrl,
} from "../functions/send-contact-email/node.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import { calendarDay } from "../shared/calendar-day.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { lockedDownPolicy } from "../shared/security-headers.ts";
import { openConfiguredStore } from "./contact-store.ts";
import { narrowDataFolder } from "./data-folder.ts";
import { DataFolderBusyError, type DataLock, lockDataFolder } from "./data-lock.ts";
import {
  maxDiscardBytes,
  maxUploadDiscardBytes,
  readBoundedBody,
  requestOrigin,
  toWebHeaders,
  writeWebResponse,
} from "./node-http.ts";
import { dataPaths, type ServerSettings } from "./settings.ts";

/** How long a starting server waits for the data folder's previous holder to let go. */
const lockWaitMs = 5000;
/**
 * Uploads of a picture read at once, and by one client address. Their bodies (up to 10 MB each)
 * are held before the function reads them, so only a post whose link opens the editor takes a
 * place, and one address takes one place: a leaked link sent a byte a second from one phone still
 * leaves the owner's upload a place. A post without a valid link is answered by the function
 * (its refusal page) with its body drained unread.
 */
const maxUploadsReading = 2;
const maxUploadsReadingPerClient = 1;

/** sharp is loaded with the first upload, not at every start. */
const sharpPictures: ProcessPicture = async (bytes) =>
  (await import("./pictures/process-picture.ts")).processPicture(bytes);

const webMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export type ContactService = Pick<ContactFunction, "store" | "publishing" | "liveDocument"> & {
  /**
   * The port is bound: browsers may call the function from the origins it listens on, and,
   * while no public address is configured, the owner's links point at `url` (before open()).
   */
  listeningAt(server: { url: string; origins: string[] }): void;
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    baseHeaders: Record<string, string>,
  ): Promise<void>;
  /**
   * Takes the data folder's lock, waiting a few seconds for a server that is going away (killed
   * just before this one started). Throws DataFolderBusyError when another live server holds it;
   * any other failure (a read-only or missing folder) is left to open(), which retries.
   */
  lock(): Promise<void>;
  /**
   * Opens the store and starts the queues, after the port is bound. If the data folder cannot be
   * used, the function answers 503, the pages are served, and it tries again every few seconds.
   */
  open(): Promise<void>;
  /** Stops the queues (waiting for e-mails in flight) and closes the store and the mailer. */
  close(): Promise<void>;
  /**
   * Adds one view of `page` to today's count (server/page-views.ts decides what a view is). Never
   * waited for: a page is not held up by its count, and a count the store cannot take is lost.
   */
  countView(page: string): void;
};

export type ContactServiceOptions = SiteHost & {
  /** The first retry after a failed open of the store. */
  reopenDelayMs?: number;
  /** Makes the owner's uploads into picture files (sharp, loaded at the first upload). */
  processPicture?: ProcessPicture;
};

/**
 * `build` and `preview` are this host's pages (server/site-render/): given, a published version
 * is rendered and served before the function's own content switches, and the editor previews
 * pages; absent, the function follows the live version alone (its prices, offer, e-mails).
 */
export function createContactService(
  settings: ServerSettings,
  log: Logger,
  {
    reopenDelayMs = 5000,
    build,
    preview,
    processPicture = sharpPictures,
  }: ContactServiceOptions = {},
): ContactService {
  const { contact } = settings;
  const folder = narrowDataFolder(settings.dataDir);
  if (folder === "narrowed")
    log.warn("the data folder was readable by other users of this machine: narrowed to 0700", {
      dataDir: settings.dataDir,
    });
  else if (folder === "open")
    log.warn(
      "the data folder is readable by other users of this machine and this user cannot change it: run chmod 700 on it",
      { dataDir: settings.dataDir },
    );
  let lock: DataLock | null = null;
  /** The uploads being read, by client address. */
  const uploadsReading = new Map<string, number>();
  const readingTotal = () => [...uploadsReading.values()].reduce((sum, count) => sum + count, 0);
  // The lock is taken with either store. With SQLite it guards the database and the claims
  // released at start; with Postgres (several servers share one database by design) it keeps one
  // server per data folder, whose .eml outbox and files are this server's own. At start a holder
  // that is going away (a crash just before a supervisor's restart) gets a few seconds; when the
  // store is retried later, none.
  const takeLock = async (waitMs = 0) => {
    lock ??= await lockDataFolder(settings.dataDir, {
      waitMs,
      onWait: (pid) =>
        log.warn("the data folder is locked: waiting for the server holding it to stop", {
          pid: pid ?? undefined,
          waitMs,
        }),
    });
  };

  const contactFunction = createContactFunction({
    config: contact,
    owner: settings.owner,
    openStore: async () => {
      await takeLock();
      return openConfiguredStore(settings, log);
    },
    mailer: mailerFor(settings, log),
    log,
    whyUnavailable: (error) =>
      error instanceof DataFolderBusyError
        ? "the data folder is locked by another server"
        : settings.databaseUrl
          ? "the database cannot be used: the pages are served, quote requests are answered 503"
          : "the data folder cannot be used: the pages are served, quote requests are answered 503",
    reopenDelayMs,
    build,
    preview,
    processPicture,
  });

  return {
    get store() {
      return contactFunction.store;
    },
    publishing: contactFunction.publishing,
    liveDocument: () => contactFunction.liveDocument(),
    async lock() {
      try {
        await takeLock(lockWaitMs);
      } catch (error) {
        if (error instanceof DataFolderBusyError) throw error;
        // A folder that cannot be written: open() reports it and retries.
      }
    },
    open: () => contactFunction.start(),
    listeningAt(server) {
      contactFunction.allowOrigins(server.origins);
      if (!settings.ownerLinksToServer) return;
      // The site's address is the fictional default: a link there would open nothing.
      const functionUrl = `${server.url}${deploymentDefaults.functionPath}`;
      contactFunction.linkTo(functionUrl);
      log.warn(
        "no public address is set (FUNCTION_URL, or a VITE_SITE_URL of your own): the owner's links point at this server",
        { functionUrl },
      );
    },
    async handle(request, response, securityHeaders) {
      const opensEditor = (upload: IncomingMessage) => linkOpensEditor(upload, contactFunction);
      // JSON answers are never rendered as documents: a policy that allows nothing (the owner's
      // page brings its own).
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
      // 16 KiB for everything but an upload of a picture, which has a bound of its own.
      const uploadLimit = uploadBodyLimit(
        method,
        new URL(request.url ?? "/", "http://host").pathname,
      );
      const bodyLimit = uploadLimit ?? maxBodyBytes;
      const discardLimit = uploadLimit === null ? maxDiscardBytes : maxUploadDiscardBytes;
      const declared = Number(request.headers["content-length"]);
      const declaredTooLarge = Number.isFinite(declared) && declared > bodyLimit;
      // Node discards the unread body of a finished request before reading the next one; past
      // what is worth discarding, close the connection instead.
      if (declaredTooLarge && declared > discardLimit) baseHeaders.Connection = "close";
      let body: Buffer | undefined;
      if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") {
        if (declaredTooLarge) {
          // Too large by its own account: no need to wait for a byte of it (a client declaring a
          // gigabyte and sending a trickle would otherwise hold the request until the timeout).
          // The handler still makes its checks in order and answers 413 from Content-Length.
          body = Buffer.alloc(0);
        } else if (uploadLimit !== null && !(await opensEditor(request))) {
          // Not the owner's link: the function refuses it from the query alone, and Node drains
          // the body it never reads without holding it.
          body = Buffer.alloc(0);
        } else {
          const client =
            uploadLimit === null
              ? null
              : clientAddress(
                  toWebHeaders(request),
                  request.socket.remoteAddress ?? "unknown",
                  contact.trustProxy,
                );
          if (
            client !== null &&
            (readingTotal() >= maxUploadsReading ||
              (uploadsReading.get(client) ?? 0) >= maxUploadsReadingPerClient)
          ) {
            await writeWebResponse(response, await uploadBusy(), {
              ...baseHeaders,
              Connection: "close",
            });
            return;
          }
          if (client !== null) uploadsReading.set(client, (uploadsReading.get(client) ?? 0) + 1);
          try {
            body = await readBoundedBody(request, bodyLimit, discardLimit);
          } catch {
            return; // The client went away; nobody is waiting for an answer.
          } finally {
            if (client !== null) {
              const left = (uploadsReading.get(client) ?? 1) - 1;
              if (left > 0) uploadsReading.set(client, left);
              else uploadsReading.delete(client);
            }
          }
        }
      }
      let webRequest: Request;
      try {
        webRequest = new Request(
          `${requestOrigin(request, contact.trustProxy)}${request.url ?? "/"}`,
          {
            method,
            headers: toWebHeaders(request),
            body: body === undefined ? undefined : new Uint8Array(body),
          },
        );
      } catch (error) {
        log.warn("unreadable request", { error: errorMessage(error) });
        await writeWebResponse(
          response,
          Response.json({ error: "Bad request." }, { status: 400 }),
          baseHeaders,
        );
        return;
      }
      const answer = await contactFunction.fetch(webRequest, {
        peer: request.socket.remoteAddress ?? "unknown",
      });
      await writeWebResponse(response, answer, baseHeaders);
    },
    async close() {
      await contactFunction.stop();
      lock?.release();
    },
    countView(page) {
      const store = contactFunction.store;
      if (!store) return;
      store
        .addCount(calendarDay(new Date(), businessTimeZone), page, "view")
        .catch((error) => log.warn("view not counted", { error: errorMessage(error) }));
    },
  };
}

/** Whether the upload's link (its query's token) opens the editor. */
async function linkOpensEditor(
  request: IncomingMessage,
  contactFunction: Pick<ContactFunction, "opensSiteEditor">,
): Promise<boolean> {
  const token = new URL(request.url ?? "/", "http://host").searchParams.get("token");
  return token !== null && (await contactFunction.opensSiteEditor(token));
}

/** A browser's form post is answered with a page it can show, in words. */
function uploadBusy(): Promise<Response> {
  return pageResponse(
    429,
    refusalPage(
      "Another upload is being received",
      "A photo is already being sent from here. Please wait for it to finish, then try again in a minute. Nothing was published.",
    ),
    { "Retry-After": "60" },
  );
}

/** SMTP when SMTP_URL is set; otherwise .eml files in the data folder, for a first look. */
function mailerFor(settings: ServerSettings, log: Logger): Mailer {
  if (settings.smtpUrl) {
    log.info("e-mail goes out through SMTP", {
      smtp: describeSmtpUrl(settings.smtpUrl),
      to: settings.contact.mailTo.join(","),
    });
    return createSmtpMailer(settings.smtpUrl);
  }
  const folder = dataPaths(settings.dataDir).outbox;
  log.warn("SMTP_URL is not set: e-mails are written as .eml files instead of sent", { folder });
  return createFileMailer(folder);
}
