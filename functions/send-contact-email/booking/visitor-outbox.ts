/**
 * Sends the visitor's e-mails (visitor-emails.ts) from their durable queue (visitor_emails), like
 * the owner's notices (owner/notifier.ts): queued in the database first, then claimed, sent and
 * marked, retried with the outbox's backoff, so a crash, a restart or a mail outage delays them and
 * loses none. Nothing here is on the path that stores a request and answers the visitor.
 *
 * - The acknowledgement is queued when a request is stored (`onStored`, after the answer), at
 *   most 3 a day per mailbox (mailbox.ts), at most ACKNOWLEDGEMENT_HOURLY_CAP an hour to anyone,
 *   and never for spam; at start the requests of the last 12 hours that
 *   have none yet are caught up (a crash between the answer and the queueing).
 * - A visit's confirmation, change or cancellation is queued by the change itself, in its
 *   transaction (owner-visit.ts); when it is sent after a later change, it is not sent: the
 *   later one says what is true.
 * - The reminder is queued by the clock (reminder-clock.ts) and not sent once the visit changed.
 *
 * A message the mail server refuses for good (5xx) is given up after 3 attempts, any other after
 * 12; its row keeps the reason. These e-mails do not count against MAIL_HOURLY_CAP, which bounds
 * the owner's inbox: their bound is the per-address cap and the owner's own bookings.
 */

import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { visitorPageUrl } from "../links/page-urls.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import { classifyMailError, type Mailer } from "../mail/mailer.ts";
import { afterFailedAttempt, type RetryPolicy } from "../queue/backoff.ts";
import { createWakeTimer } from "../queue/wake-timer.ts";
import type { BookingStore, StoredVisitorEmail } from "../store/booking-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import { type ContactStore, type StoredContactRequest, truncateError } from "../store/store.ts";
import { acknowledgementCaps } from "../store/visitor-email-kinds.ts";
import { dueVisitReminders, nextVisitReminderAt, type ReminderSettings } from "./reminder-clock.ts";
import {
  composeAcknowledgement,
  composeReminder,
  composeVisitEmail,
  type VisitorLetters,
  type VisitPayload,
} from "./visitor-emails.ts";

export type VisitorOutboxOptions = {
  store: ContactStore & OwnerStore & BookingStore;
  mailer: Mailer;
  letters: VisitorLetters;
  functionUrl: string;
  /** The `visitor` scope's signer (links/): the link in every e-mail. */
  signer: LinkSigner;
  reminders: ReminderSettings;
  retry: RetryPolicy;
  leaseMs: number;
  /** Acknowledgements to anyone per hour (ACKNOWLEDGEMENT_HOURLY_CAP); 0 or unset: no bound. */
  acknowledgementHourlyCap?: number;
  log?: Logger;
  now?: () => Date;
};

export type VisitorOutbox = {
  start(): void;
  /** A request was stored: queue its acknowledgement and send it. Never throws. */
  onStored(id: string): Promise<void>;
  /** A change queued an e-mail (a booking, a cancellation): send it now. Never throws. */
  notify(): Promise<void>;
  /** Catch up, queue due reminders, send what is due. */
  tick(): Promise<{ queued: number; sent: number; failed: number }>;
  stop(): Promise<void>;
};

const hour = 3_600_000;
const ackCatchUpMs = 12 * hour;
const maxSleepMs = 5 * 60_000;
const maxPermanentAttempts = 3;
const maxAttempts = 12;

type Outcome = "sent" | "skipped" | "failed";

export function createVisitorOutbox(options: VisitorOutboxOptions): VisitorOutbox {
  const { store } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  let stopped = true;
  const timer = createWakeTimer(() => run());
  let current: Promise<unknown> = Promise.resolve();
  let acksToCatchUp = true;
  const ackCap = acknowledgementCaps(options.acknowledgementHourlyCap ?? 0);

  async function links(request: StoredContactRequest) {
    const token = await options.signer.sign(request.id, now());
    return { requestPage: visitorPageUrl(options.functionUrl, request.id, token) };
  }

  /** Queues the acknowledgement of a request that deserves one; true when newly queued. */
  async function queueAcknowledgement(request: StoredContactRequest): Promise<boolean> {
    if (request.status !== "new") return false;
    const outcome = await store.enqueueVisitorEmail(
      {
        key: `acknowledgement:${request.id}`,
        kind: "acknowledgement",
        requestId: request.id,
        // The cap counts mailboxes: plus-tags and Gmail's dots reach one inbox.
        recipient: mailboxOf(request.email),
        payload: {},
        createdAt: now(),
      },
      ackCap,
    );
    if (outcome === "capped") log.warn("acknowledgement not sent: cap reached", { id: request.id });
    return outcome === "queued";
  }

  async function queueDue(): Promise<number> {
    let queued = 0;
    const at = now();
    if (acksToCatchUp) {
      for (const request of await store.listSince(new Date(at.getTime() - ackCatchUpMs)))
        if (await queueAcknowledgement(request)) queued += 1;
      acksToCatchUp = false;
    }
    const soon = await store.listVisits(at, new Date(at.getTime() + 48 * hour));
    for (const { key, request } of dueVisitReminders(soon, at, options.reminders)) {
      const visit = request.visit;
      if (!visit) continue;
      const outcome = await store.enqueueVisitorEmail({
        key,
        kind: "reminder",
        requestId: request.id,
        recipient: request.email.toLowerCase(),
        payload: {
          start: new Date(visit.start).toISOString(),
          end: new Date(visit.end).toISOString(),
          sequence: request.visitSequence,
        },
        createdAt: at,
      });
      if (outcome === "queued") queued += 1;
    }
    return queued;
  }

  /** Why an e-mail is no longer worth sending, or null. */
  function staleReason(item: StoredVisitorEmail, request: StoredContactRequest): string | null {
    const sequence = Number(item.payload.sequence);
    if (item.kind === "acknowledgement" && request.status === "spam")
      return "not sent: the request was marked spam";
    if (item.kind === "visit" && sequence < request.visitSequence)
      return `not sent: replaced by a later change (sequence ${request.visitSequence})`;
    if (item.kind === "reminder") {
      if (request.status === "lost" || request.status === "spam")
        return "not sent: the request is closed";
      if (sequence !== request.visitSequence || !request.visit)
        return "not sent: the visit changed";
      if (Date.parse(request.visit.start) <= now().getTime())
        return "not sent: the visit has begun";
    }
    return null;
  }

  async function deliver(item: StoredVisitorEmail): Promise<Outcome> {
    try {
      const request = await store.get(item.requestId);
      const stale = request ? staleReason(item, request) : "not sent: the request is gone";
      if (!request || stale) {
        await store.markVisitorEmailFailed(item.key, stale ?? "not sent");
        return "skipped";
      }
      const at = now();
      const letters = options.letters;
      const link = await links(request);
      const email =
        item.kind === "acknowledgement"
          ? composeAcknowledgement(item.key, request, letters, link)
          : item.kind === "visit"
            ? composeVisitEmail(item.key, request, item.payload as VisitPayload, letters, link, at)
            : composeReminder(item.key, request, item.payload as VisitPayload, letters, link);
      await options.mailer.send(email);
      await store.markVisitorEmailSent(item.key, now());
      log.info("visitor e-mail sent", { key: item.key, attempts: item.attempts });
      return "sent";
    } catch (error) {
      const { kind } = classifyMailError(error);
      try {
        await afterFailedAttempt(item, truncateError(errorMessage(error)), {
          what: "visitor e-mail",
          maxAttempts: kind === "permanent" ? maxPermanentAttempts : maxAttempts,
          retry: options.retry,
          now: now(),
          log,
          giveUp: (reason) => store.markVisitorEmailFailed(item.key, reason),
          retryAt: (reason, at) => store.markVisitorEmailRetry(item.key, reason, at),
        });
      } catch (storeError) {
        log.error("could not record a visitor e-mail's failure", {
          key: item.key,
          error: errorMessage(storeError),
        });
      }
      return "failed";
    }
  }

  async function drain(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await store.claimDueVisitorEmails(now(), 4, options.leaseMs);
      if (batch.length === 0) return result;
      const outcomes = await Promise.all(batch.map(deliver));
      for (const outcome of outcomes) {
        if (outcome === "sent") result.sent += 1;
        if (outcome === "failed") result.failed += 1;
      }
      // The mail server is down: stop this pass; each failure's retry time is recorded.
      if (!outcomes.some((outcome) => outcome !== "failed")) return result;
    }
  }

  async function tick() {
    const queued = await queueDue();
    const { sent, failed } = await drain();
    return { queued, sent, failed };
  }

  async function nextWake(): Promise<number> {
    const at = now();
    const soon = await store.listVisits(at, new Date(at.getTime() + 48 * hour));
    const candidates = [
      await store.nextVisitorEmailDueAt(options.leaseMs),
      nextVisitReminderAt(soon, at, options.reminders),
    ]
      .filter((time): time is Date => time !== null)
      .map((time) => time.getTime() - at.getTime());
    return Math.max(1000, Math.min(maxSleepMs, ...candidates));
  }

  function schedule(delayMs: number) {
    if (!stopped) timer.wakeIn(delayMs);
  }

  function run() {
    if (stopped) return;
    timer.clear();
    current = current
      .then(() => tick())
      .then(async () => schedule(await nextWake()))
      .catch((error) => {
        log.error("visitor e-mails: store unavailable, will retry", { error: errorMessage(error) });
        acksToCatchUp = true;
        schedule(30_000);
      });
  }

  return {
    start() {
      stopped = false;
      run();
    },
    async onStored(id) {
      try {
        // Not in the visitor's answer: read the stored row after the answer has gone out.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const request = await store.get(id);
        if (request && (await queueAcknowledgement(request))) {
          current = current.then(drain).catch((error) => {
            log.error("acknowledgement not sent now, will retry", {
              id,
              error: errorMessage(error),
            });
          });
          await current;
          if (!stopped) schedule(await nextWake());
        }
      } catch (error) {
        acksToCatchUp = true;
        log.error("acknowledgement not queued", { id, error: errorMessage(error) });
      }
    },
    async notify() {
      if (stopped) return;
      current = current.then(drain).catch((error) => {
        log.error("visitor e-mail not sent now, will retry", { error: errorMessage(error) });
      });
      await current;
      if (!stopped) schedule(await nextWake().catch(() => 30_000));
    },
    tick,
    async stop() {
      stopped = true;
      timer.clear();
      await current.catch(() => {});
    },
  };
}
