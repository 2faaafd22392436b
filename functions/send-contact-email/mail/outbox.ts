/**
 * Delivers the e-mail of every stored request until the mail server accepts it, or refuses it for
 * good (docs/contact-api.md, "Storing, then e-mailing": retries with backoff; pending e-mail is
 * sent after a restart).
 *
 * The store is the queue (`store.queue("deliveries")`): a request is pending until marked sent or
 * failed, so nothing lives only in memory. The loop is every queue's runner (queue/runner.ts): it
 * claims due requests in small batches (never-attempted ones first: a new lead never waits behind
 * old retries), sends them, records the outcome, then sleeps until the next one is due or a new
 * request wakes it. With nothing pending there is no timer at all. What is the outbox's own, below
 * (the outage brake, the hourly cap and its digest, the notice of refusals), is the runner's
 * policy for this queue. Delivery is at
 * least once: a crash between the mail server's "OK" and our "sent" mark sends that e-mail again
 * after restart (same Message-ID, so mail clients can tell).
 *
 * What a failure means (mailer.ts, FailureKind):
 * - the mail server itself (connection, login, timeout): a batch with no success stops the pass
 *   and the whole outbox waits a backoff of its own before it probes again; new requests do not
 *   wake it meanwhile (each would be another failing connection);
 * - one message deferred (4xx, 429): that message alone backs off; the others go on;
 * - one message refused for good (5xx, API 4xx): after `maxPermanentAttempts` it is marked
 *   `failed` with the reason, and the owner gets a short notice without the visitor's text.
 *   Refused messages never pause the outbox, so forty of them cannot delay a real lead.
 * A partly delivered message (some recipients accepted) is retried only to the others.
 *
 * The hourly cap: at most `hourlyCap` e-mails per clock hour. Past it nothing is sent; when the
 * hour turns, everything that waited goes out as one digest that says the cap was hit. Requests
 * are stored and answered as always; the cap only bounds the owner's inbox (and a free plan).
 * The count is `mailCount` (mail-count.ts): in memory by default, in the database with Postgres,
 * where every server and function instance counts against the one cap and one of them sends the
 * digest.
 */

import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { type RetryPolicy, retryDelayMs } from "../queue/backoff.ts";
import { createQueueRunner } from "../queue/runner.ts";
import { hourOf, hourStart, type MailCount, memoryMailCount } from "../store/mail-count.ts";
import type { QueueStore } from "../store/queue-table.ts";
import type { StoredContactRequest } from "../store/store.ts";
import type { ContactEmail, FailedDelivery } from "./email.ts";
import { classifyMailError, type Mailer } from "./mailer.ts";

export type OutboxOptions = {
  store: QueueStore;
  mailer: Mailer;
  /** May be async: the owner's link in the e-mail is signed with Web Crypto. */
  compose: (request: StoredContactRequest) => ContactEmail | Promise<ContactEmail>;
  /** One e-mail for the requests that waited for the hourly cap. Without it there is no cap. */
  composeDigest?: (requests: StoredContactRequest[]) => ContactEmail | Promise<ContactEmail>;
  /** The owner's notice about requests refused for good. Without it they are only logged. */
  composeFailureNotice?: (failed: FailedDelivery[]) => ContactEmail | Promise<ContactEmail>;
  retry: RetryPolicy;
  /** A claim older than this is treated as abandoned by a crashed worker. */
  leaseMs: number;
  /** E-mails sent in parallel per batch. */
  concurrency: number;
  /** Attempts before a message refused for good is marked failed (default 3). */
  maxPermanentAttempts?: number;
  /** E-mails per clock hour; 0 or unset: no cap. Needs composeDigest. */
  hourlyCap?: number;
  /** Where the cap's count lives; in this process's memory by default. */
  mailCount?: MailCount;
  log?: Logger;
  now?: () => Date;
  random?: () => number;
};

export type DrainResult = {
  sent: number;
  failed: number;
  /** The pass stopped early because the mail server itself failed (see above). */
  outage?: boolean;
};

export type Outbox = {
  /** Starts the loop: sends whatever is due now (pending from before a restart included). */
  start(): void;
  /**
   * A new request was committed: deliver now. The promise settles when this pass is over, so a
   * host that must keep itself alive for background work (Supabase's waitUntil) can wait on it.
   */
  notify(): Promise<void>;
  /** One pass over everything due now, with counts; for a scheduled drain and tests. */
  drain(): Promise<DrainResult>;
  /** Stops the loop and waits for e-mails already being sent. */
  stop(): Promise<void>;
};

/** Longest sleep between checks while requests are pending, so clock jumps cannot strand one. */
const maxSleepMs = 60_000;
/** Requests per digest e-mail; a larger backlog makes several. */
const digestLimit = 200;

export function createOutbox(options: OutboxOptions): Outbox {
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const queue = options.store.queue("deliveries");
  const maxPermanentAttempts = options.maxPermanentAttempts ?? 3;
  const hourlyCap = options.composeDigest ? (options.hourlyCap ?? 0) : 0;
  const mailCount = options.mailCount ?? memoryMailCount();
  /** The pass ended on the mail server's own failure, nothing getting through. */
  let outage = false;
  /** Consecutive passes that ended on the mail server's failure; 0 when mail flows. */
  let outageStreak = 0;
  /** While braking, new requests do not start a pass before this time (epoch ms). */
  let brakeUntil = 0;
  let brakeMs = 0;
  /** The hour in which this outbox found the cap reached: it sends nothing more until it ends. */
  let cappedHour: number | null = null;
  /** Requests refused for good whose notice has not reached the owner yet. */
  let failedUnreported: FailedDelivery[] = [];
  /** When the oldest of them failed (epoch ms): the notice gathers one retry interval's worth. */
  let firstUnreportedAt: number | null = null;

  /** Never throws: an e-mail that went out must be marked sent even if the count fails. */
  async function countSent(at: Date) {
    if (hourlyCap <= 0) return;
    try {
      await mailCount.add(hourOf(at));
    } catch (error) {
      log.warn("could not count a sent e-mail for the hourly cap", { error: errorMessage(error) });
    }
  }

  /** The previous hour reached the cap and nobody has sent its digest yet: this pass does. */
  async function digestDue(hour: number): Promise<boolean> {
    if (hourlyCap <= 0 || (await mailCount.sent(hour - 1)) < hourlyCap) return false;
    return mailCount.claimDigest(hour - 1);
  }

  async function deliver(request: StoredContactRequest) {
    const done = new Set(request.deliveredRecipients);
    const email = await options.compose(request);
    const remaining = { ...email, to: email.to.filter((address) => !done.has(address)) };
    const deliveredTo = await options.mailer.send(remaining);
    await countSent(now());
    return { outcome: "sent" as const, detail: { deliveredTo } };
  }

  /** Everything that waited for the cap, as digests; returns false if the mail server failed. */
  async function sendDigests(counts: Record<string, number>): Promise<boolean> {
    const compose = options.composeDigest;
    if (!compose) return true;
    for (;;) {
      const batch = await queue.claim(now(), digestLimit, options.leaseMs);
      if (batch.length === 0) return true;
      try {
        const deliveredTo = await options.mailer.send(await compose(batch));
        await countSent(now());
        const at = now();
        for (const request of batch)
          await queue.complete(request.id, at, { deliveredTo: `digest ${deliveredTo}` });
        counts.sent = (counts.sent ?? 0) + batch.length;
        log.warn("hourly e-mail cap was reached: waiting requests sent as one digest", {
          requests: batch.length,
          hourlyCap,
        });
      } catch (error) {
        const failed = [];
        for (const request of batch) failed.push(await runner.fail(request, error));
        counts.failed = (counts.failed ?? 0) + batch.length;
        return !failed.some((one) => one.kind === "server");
      }
    }
  }

  /** When the pending notice is due: one retry interval after the first failure it names. */
  function noticeDueAt(): number | null {
    if (!options.composeFailureNotice || firstUnreportedAt === null) return null;
    return firstUnreportedAt + options.retry.baseMs;
  }

  /**
   * One notice for the failures of one retry interval: poison messages fail in waves, and forty
   * of them should make one or two e-mails, not forty.
   */
  async function reportFailures() {
    const compose = options.composeFailureNotice;
    const due = noticeDueAt();
    if (!compose || due === null || now().getTime() < due) return;
    const failed = failedUnreported;
    try {
      await options.mailer.send(await compose(failed));
      failedUnreported = failedUnreported.slice(failed.length);
      firstUnreportedAt = failedUnreported.length > 0 ? now().getTime() : null;
      log.info("owner told about e-mails refused for good", { requests: failed.length });
    } catch (error) {
      // Kept for the next pass; the requests themselves are safe in the store either way.
      log.warn("could not send the notice about refused e-mails", { error: errorMessage(error) });
    }
  }

  /** After a pass that went through: the brake's next probe, or the end of an outage. */
  function brakeAfter(counts: Record<string, number>) {
    if (outage) {
      outageStreak += 1;
      brakeMs = retryDelayMs(outageStreak, options.retry, options.random);
      brakeUntil = now().getTime() + brakeMs;
      if (outageStreak === 1 || outageStreak % 10 === 0)
        log.warn("mail server failing, pausing the outbox", {
          failedPasses: outageStreak,
          retryInMs: brakeMs,
        });
    } else if ((counts.sent ?? 0) > 0 && outageStreak > 0) {
      // Only a delivered e-mail ends an outage (an empty pass proves nothing).
      log.info("mail delivery resumed", { afterFailedPasses: outageStreak });
      outageStreak = 0;
    }
  }

  const runner = createQueueRunner({
    name: "outbox",
    what: "contact e-mail",
    keyName: "id",
    queue,
    keyOf: (request) => request.id,
    deliver,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batchSize: options.concurrency,
    // Only a refusal for good gives up; anything else is tried until it goes.
    maxAttempts: Number.POSITIVE_INFINITY,
    async failure(request, error) {
      const { kind, delivered } = classifyMailError(error);
      if (delivered.length > 0) await countSent(now());
      return {
        kind,
        maxAttempts: kind === "permanent" ? maxPermanentAttempts : Number.POSITIVE_INFINITY,
        // A partly delivered message is retried only to the others.
        detail: { deliveredRecipients: [...new Set(request.deliveredRecipients), ...delivered] },
      };
    },
    onGiveUp(request, reason) {
      firstUnreportedAt ??= now().getTime();
      failedUnreported.push({
        id: request.id,
        createdAt: request.createdAt,
        service: request.service,
        error: reason,
      });
    },
    async beforePass(counts) {
      outage = false;
      const hour = hourOf(now());
      if (cappedHour !== null && hour > cappedHour) cappedHour = null;
      if ((await digestDue(hour)) && !(await sendDigests(counts))) outage = true;
      return !outage;
    },
    async batchLimit() {
      if (hourlyCap <= 0) return options.concurrency;
      const at = now();
      const sent = await mailCount.sent(hourOf(at));
      if (sent < hourlyCap) return Math.max(1, hourlyCap - sent);
      cappedHour = hourOf(at);
      return 0;
    },
    // Only the mail server's own failure, with nothing getting through, pauses the outbox.
    endsPass(batch) {
      outage = batch.some((one) => one.kind === "server") && !batch.some((one) => one.sent);
      return outage;
    },
    async afterPass(counts) {
      await reportFailures();
      if (counts) brakeAfter(counts);
    },
    wakeAlso: async () => {
      const notice = noticeDueAt();
      return [notice === null ? null : new Date(notice)];
    },
    // Past the hourly cap: nothing more this hour; the digest goes out when the hour turns.
    sleepFor: () =>
      outage ? brakeMs : cappedHour !== null ? hourStart(cappedHour + 1) - now().getTime() : null,
    // During an outage the next probe is already scheduled: a new request waits for it. Past
    // the hourly cap, it waits for the digest.
    holdsWake: () => now().getTime() < brakeUntil || cappedHour !== null,
    maxSleepMs,
    minSleepMs: 0,
    idleWithoutTimer: true,
    storeRetryMs: (failures) => retryDelayMs(failures, options.retry, options.random),
    log,
    now,
    random: options.random,
  });

  return {
    start: () => runner.start(),
    notify: () => runner.wake(),
    async drain() {
      const counts = await runner.pass();
      return { sent: counts.sent ?? 0, failed: counts.failed ?? 0 };
    },
    stop: () => runner.stop(),
  };
}
