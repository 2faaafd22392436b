/**
 * Sends the visitor's e-mails (visitor-emails.ts) from their durable queue (visitor_emails), like
 * the owner's notices (owner/notifier.ts): queued in the database first, then claimed, sent and
 * marked by the one queue runner (queue/runner.ts), retried with its backoff, so a crash, a restart
 * or a mail outage delays them and loses none. Nothing here is on the path that stores a request and answers the visitor.
 *
 * - The acknowledgement is queued when a request is stored (`onStored`, after the answer), at
 *   most 3 a day per mailbox (mailbox.ts), at most ACKNOWLEDGEMENT_HOURLY_CAP an hour to anyone,
 *   and never for spam; at start the requests of the last 12 hours that
 *   have none yet are caught up (a crash between the answer and the queueing).
 * - A visit's confirmation, change or cancellation, and a plan's (booked, a visit skipped or
 *   moved, paused, how often, cancelled), is queued by the change itself, in its transaction
 *   (visit-changes.ts); when it is sent after a later change, it is not sent: the later one says
 *   what is true, with the series as it then is. The update that ends a series after a change of
 *   how often is always sent: that series never changes again, and no later e-mail carries it.
 * - The reminder is queued by the clock (reminder-clock.ts), for each visit of a plan too, and
 *   not sent once the visit changed (a plan's: once the plan no longer has it at that time).
 *
 * A message the mail server refuses for good (5xx) is given up after 3 attempts, any other after
 * 12; its row keeps the reason. These e-mails do not count against MAIL_HOURLY_CAP, which bounds
 * the owner's inbox: their bound is the per-address cap and the owner's own bookings.
 */

import { zonedInstant } from "../../../shared/calendar-day.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { bookedVisitsBetween, planRulesOf } from "../leads/booked-visits.ts";
import { visitorPageUrl } from "../links/page-urls.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import { mailboxOf } from "../mail/mailbox.ts";
import { classifyMailError, type Mailer } from "../mail/mailer.ts";
import type { RetryPolicy } from "../queue/backoff.ts";
import { createQueueRunner, type Outcome } from "../queue/runner.ts";
import type { BookingStore, StoredVisitorEmail } from "../store/booking-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { ContactStore, StoredContactRequest } from "../store/store.ts";
import { acknowledgementCaps } from "../store/visitor-email-kinds.ts";
import { endedSeries } from "./plan-emails.ts";
import { planReminderWords } from "./plan-visit-words.ts";
import {
  dueVisitReminders,
  nextVisitReminderAt,
  plannedVisitAt,
  type ReminderPayload,
  type ReminderSettings,
} from "./reminder-clock.ts";
import type { PlanPayload } from "./visit-changes.ts";
import {
  composeAcknowledgement,
  composePlanEmail,
  composeReminder,
  composeVisitEmail,
  type VisitorLetters,
  type VisitPayload,
} from "./visitor-emails.ts";

export type VisitorOutboxOptions = {
  store: ContactStore & OwnerStore & BookingStore;
  mailer: Mailer;
  letters: VisitorLetters;
  /** Each request's content version (its stamp), for its estimate's words. */
  content: Pick<ContentSource, "of">;
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

/**
 * When the lifetime of the link in an e-mail starts: now, or for a plan paused past today the
 * morning it resumes. No reminder goes out during a pause to bring a fresh link, and the page
 * must still open when the customer wants to resume, or to move the first visit after it.
 */
function linkLifeStart(request: StoredContactRequest, at: Date, timeZone: string): Date {
  const plan = request.plan;
  if (!plan?.pausedUntil || plan.cancelledFrom !== undefined) return at;
  const resumes = zonedInstant(plan.pausedUntil, "00:00", timeZone);
  return resumes > at ? resumes : at;
}

export function createVisitorOutbox(options: VisitorOutboxOptions): VisitorOutbox {
  const { store } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  let acksToCatchUp = true;
  /** Acknowledgements of requests just stored, until they are queued (a pass waits for them). */
  const acknowledging = new Set<Promise<void>>();
  const ackCap = acknowledgementCaps(options.acknowledgementHourlyCap ?? 0);

  async function links(request: StoredContactRequest) {
    const token = await options.signer.sign(
      request.id,
      linkLifeStart(request, now(), options.reminders.timeZone),
    );
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
    for (const { key, visit, payload } of dueVisitReminders(
      await soon(at),
      at,
      options.reminders,
    )) {
      const outcome = await store.enqueueVisitorEmail({
        key,
        kind: "reminder",
        requestId: visit.request.id,
        recipient: visit.request.email.toLowerCase(),
        payload,
        createdAt: at,
      });
      if (outcome === "queued") queued += 1;
    }
    return queued;
  }

  /** Every visit of the next two days, one-time and of plans, as the live version works them out. */
  function soon(at: Date) {
    const to = new Date(at.getTime() + 48 * hour);
    return bookedVisitsBetween(store, at, to, planRulesOf(options.letters.live));
  }

  /** A plan visit's reminder: the visit as the plan now has it, or why it is not sent. */
  function plannedVisit(item: StoredVisitorEmail, request: StoredContactRequest) {
    const { occurrence, start } = item.payload as ReminderPayload;
    if (!request.plan || !occurrence) return null;
    const rules = planRulesOf(options.letters.live);
    return plannedVisitAt(request.plan, occurrence, new Date(start), rules);
  }

  /** Why an e-mail is no longer worth sending, or null. */
  function staleReason(item: StoredVisitorEmail, request: StoredContactRequest): string | null {
    const sequence = Number(item.payload.sequence);
    if (item.kind === "acknowledgement" && request.status === "spam")
      return "not sent: the request was marked spam";
    if (item.kind === "visit" && sequence < request.visitSequence)
      return `not sent: replaced by a later change (sequence ${request.visitSequence})`;
    if (item.kind === "plan") {
      const ended = (item.payload as PlanPayload).ended;
      if (!request.plan) return "not sent: the request has no plan";
      if (ended) return endedSeries(request.plan, ended) ? null : "not sent: that series is gone";
      if (sequence < request.visitSequence)
        return `not sent: replaced by a later change (sequence ${request.visitSequence})`;
    }
    if (item.kind === "reminder") {
      if (request.status === "lost" || request.status === "spam")
        return "not sent: the request is closed";
      if ("occurrence" in item.payload) {
        const visit = plannedVisit(item, request);
        if (!visit) return "not sent: the plan no longer has that visit then";
        return visit.start.getTime() <= now().getTime() ? "not sent: the visit has begun" : null;
      }
      if (sequence !== request.visitSequence || !request.visit)
        return "not sent: the visit changed";
      if (Date.parse(request.visit.start) <= now().getTime())
        return "not sent: the visit has begun";
    }
    return null;
  }

  async function deliver(item: StoredVisitorEmail): Promise<Outcome<never>> {
    const request = await store.get(item.requestId);
    const stale = request ? staleReason(item, request) : "not sent: the request is gone";
    if (!request || stale)
      return { outcome: "give-up", reason: stale ?? "not sent", count: "skipped" };
    const at = now();
    const letters = options.letters;
    const link = await links(request);
    const email =
      item.kind === "acknowledgement"
        ? composeAcknowledgement(
            item.key,
            request,
            letters,
            link,
            await options.content.of(request.contentVersion),
          )
        : item.kind === "visit"
          ? composeVisitEmail(item.key, request, item.payload as VisitPayload, letters, link, at)
          : item.kind === "plan"
            ? composePlanEmail(item.key, request, item.payload as PlanPayload, letters, link, at)
            : reminder(item, request, link);
    await options.mailer.send(email);
    return { outcome: "sent" };
  }

  /** The reminder: of a plan's visit, at its time as the plan has it now, with what it adds. */
  function reminder(
    item: StoredVisitorEmail,
    request: StoredContactRequest,
    link: { requestPage: string },
  ) {
    const visit = plannedVisit(item, request);
    if (!visit)
      return composeReminder(
        item.key,
        request,
        item.payload as ReminderPayload,
        options.letters,
        link,
      );
    const times = { start: visit.start.toISOString(), end: visit.end.toISOString() };
    const words = planReminderWords(request, visit, options.letters, now());
    return composeReminder(item.key, request, times, options.letters, link, words);
  }

  const runner = createQueueRunner({
    name: "visitor e-mails",
    what: "visitor e-mail",
    queue: store.queue("visitorEmails"),
    keyOf: (item) => item.key,
    deliver,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batchSize: 4,
    maxAttempts,
    failure: (_item, error) =>
      classifyMailError(error).kind === "permanent" ? { maxAttempts: maxPermanentAttempts } : {},
    queueDue,
    async wakeAlso() {
      const at = now();
      return [nextVisitReminderAt(await soon(at), at, options.reminders)];
    },
    maxSleepMs,
    storeRetryMs: () => 30_000,
    onPassFailed() {
      acksToCatchUp = true;
    },
    log,
    now,
  });

  async function tick() {
    // A pass sends what was stored before it: acknowledgements still being queued come first.
    await Promise.all(acknowledging);
    const counts = await runner.pass();
    return { queued: counts.queued ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0 };
  }

  return {
    start: () => runner.start(),
    onStored(id) {
      const queued = (async () => {
        try {
          // Not in the visitor's answer: read the stored row after the answer has gone out.
          await new Promise((resolve) => setTimeout(resolve, 0));
          const request = await store.get(id);
          if (request && (await queueAcknowledgement(request))) await runner.wake();
        } catch (error) {
          acksToCatchUp = true;
          log.error("acknowledgement not queued", { id, error: errorMessage(error) });
        }
      })();
      acknowledging.add(queued);
      return queued.finally(() => acknowledging.delete(queued));
    },
    notify: () => runner.wake(),
    tick,
    stop: () => runner.stop(),
  };
}
