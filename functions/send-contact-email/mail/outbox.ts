/**
 * Delivers the e-mail of every stored request until the mail server accepts it, or refuses it for
 * good (docs/contact-api.md, "Storing, then e-mailing": retries with backoff; pending e-mail is
 * sent after a restart).
 *
 * The store is the queue: a request is pending until marked sent or failed, so nothing lives only
 * in memory. The loop claims due requests in small batches (never-attempted ones first: a new lead
 * never waits behind old retries), sends them, records the outcome, then sleeps until the next one
 * is due or a new request wakes it. With nothing pending there is no timer at all. Delivery is at
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
import { hourOf, hourStart, type MailCount, memoryMailCount } from "../store/mail-count.ts";
import { type ContactStore, type StoredContactRequest, truncateError } from "../store/store.ts";
import type { ContactEmail, FailedDelivery } from "./email.ts";
import { classifyMailError, type FailureKind, type Mailer } from "./mailer.ts";

export type OutboxOptions = {
  store: ContactStore;
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

type Outcome = "sent" | FailureKind;

export function createOutbox(options: OutboxOptions): Outbox {
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const maxPermanentAttempts = options.maxPermanentAttempts ?? 3;
  const hourlyCap = options.composeDigest ? (options.hourlyCap ?? 0) : 0;
  const mailCount = options.mailCount ?? memoryMailCount();
  let running = false;
  let stopped = true;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();
  let storeFailures = 0;
  /** Consecutive passes that ended on the mail server's failure; 0 when mail flows. */
  let outageStreak = 0;
  /** While braking, new requests do not start a pass before this time (epoch ms). */
  let brakeUntil = 0;
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

  async function sentThisHour(at: Date): Promise<number> {
    return hourlyCap > 0 ? mailCount.sent(hourOf(at)) : 0;
  }

  /** The previous hour reached the cap and nobody has sent its digest yet: this pass does. */
  async function digestDue(hour: number): Promise<boolean> {
    if (hourlyCap <= 0 || (await mailCount.sent(hour - 1)) < hourlyCap) return false;
    return mailCount.claimDigest(hour - 1);
  }

  async function recordFailure(
    request: StoredContactRequest,
    kind: FailureKind,
    message: string,
    delivered: string[],
  ) {
    const permanent = kind === "permanent" && request.attempts >= maxPermanentAttempts;
    const delay = retryDelayMs(request.attempts, options.retry, options.random);
    const at = now();
    const failure = { error: message, deliveredRecipients: delivered };
    try {
      if (permanent) {
        await options.store.markFailed(request.id, { ...failure, at });
        firstUnreportedAt ??= at.getTime();
        failedUnreported.push({
          id: request.id,
          createdAt: request.createdAt,
          service: request.service,
          error: message,
        });
        log.error("contact e-mail refused for good, marked failed", {
          id: request.id,
          attempts: request.attempts,
          error: message,
        });
      } else {
        await options.store.markRetry(request.id, {
          ...failure,
          retryAt: new Date(at.getTime() + delay),
        });
        log.warn("contact e-mail not sent, will retry", {
          id: request.id,
          attempts: request.attempts,
          kind,
          retryInMs: delay,
          error: message,
        });
      }
    } catch (storeError) {
      log.error("could not record delivery failure", {
        id: request.id,
        error: errorMessage(storeError),
      });
    }
  }

  async function deliver(request: StoredContactRequest): Promise<Outcome> {
    const done = new Set(request.deliveredRecipients);
    const email = await options.compose(request);
    const remaining = { ...email, to: email.to.filter((address) => !done.has(address)) };
    try {
      const deliveredTo = await options.mailer.send(remaining);
      await countSent(now());
      await options.store.markSent(request.id, now(), deliveredTo);
      log.info("contact e-mail sent", { id: request.id, attempts: request.attempts, deliveredTo });
      return "sent";
    } catch (error) {
      const { kind, delivered } = classifyMailError(error);
      if (delivered.length > 0) await countSent(now());
      const message = truncateError(errorMessage(error));
      await recordFailure(request, kind, message, [...done, ...delivered]);
      return kind;
    }
  }

  /** Everything that waited for the cap, as digests; returns false if the mail server failed. */
  async function sendDigests(result: DrainResult): Promise<boolean> {
    const compose = options.composeDigest;
    if (!compose) return true;
    for (;;) {
      const batch = await options.store.claimDue(now(), digestLimit, options.leaseMs);
      if (batch.length === 0) return true;
      try {
        const deliveredTo = await options.mailer.send(await compose(batch));
        await countSent(now());
        const at = now();
        for (const request of batch)
          await options.store.markSent(request.id, at, `digest ${deliveredTo}`);
        result.sent += batch.length;
        log.warn("hourly e-mail cap was reached: waiting requests sent as one digest", {
          requests: batch.length,
          hourlyCap,
        });
      } catch (error) {
        const { kind } = classifyMailError(error);
        const message = truncateError(errorMessage(error));
        for (const request of batch) await recordFailure(request, kind, message, []);
        result.failed += batch.length;
        return kind !== "server";
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

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    try {
      const hour = hourOf(now());
      if (cappedHour !== null && hour > cappedHour) cappedHour = null;
      if (await digestDue(hour)) {
        if (!(await sendDigests(result))) return { ...result, outage: true };
      }
      for (;;) {
        const at = now();
        const sent = await sentThisHour(at);
        if (hourlyCap > 0 && sent >= hourlyCap) {
          cappedHour = hourOf(at);
          return result;
        }
        const room = hourlyCap > 0 ? hourlyCap - sent : options.concurrency;
        const limit = Math.max(1, Math.min(options.concurrency, room));
        const batch = await options.store.claimDue(now(), limit, options.leaseMs);
        if (batch.length === 0) return result;
        const outcomes = await Promise.all(batch.map(deliver));
        for (const outcome of outcomes) {
          if (outcome === "sent") result.sent += 1;
          else result.failed += 1;
        }
        // Only the mail server's own failure, with nothing getting through, pauses the outbox.
        if (outcomes.includes("server") && !outcomes.includes("sent"))
          return { ...result, outage: true };
        if (stopped && running) return result;
      }
    } finally {
      await reportFailures();
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, maxSleepMs)));
    // Never keep a Node process alive just for the outbox (Deno's timers have no unref).
    (timer as { unref?: () => void }).unref?.();
  }

  async function loop() {
    try {
      let pass: DrainResult;
      do {
        wakeAgain = false;
        pass = await drain();
      } while (wakeAgain && !stopped && !pass.outage && cappedHour === null);
      storeFailures = 0;
      if (pass.outage) {
        outageStreak += 1;
        const delay = retryDelayMs(outageStreak, options.retry, options.random);
        brakeUntil = now().getTime() + delay;
        wakeAgain = false;
        if (outageStreak === 1 || outageStreak % 10 === 0)
          log.warn("mail server failing, pausing the outbox", {
            failedPasses: outageStreak,
            retryInMs: delay,
          });
        schedule(delay);
        return;
      }
      if (pass.sent > 0 && outageStreak > 0) {
        // Only a delivered e-mail ends an outage (an empty pass proves nothing).
        log.info("mail delivery resumed", { afterFailedPasses: outageStreak });
        outageStreak = 0;
      }
      if (cappedHour !== null) {
        // Capped: nothing more this hour; the digest goes out when the hour turns.
        wakeAgain = false;
        schedule(hourStart(cappedHour + 1) - now().getTime());
        return;
      }
      const next = await options.store.nextDueAt(options.leaseMs);
      const notice = noticeDueAt();
      const wake = Math.min(
        next?.getTime() ?? Number.POSITIVE_INFINITY,
        notice ?? Number.POSITIVE_INFINITY,
      );
      if (Number.isFinite(wake)) schedule(wake - now().getTime());
    } catch (error) {
      storeFailures += 1;
      const delay = retryDelayMs(storeFailures, options.retry, options.random);
      log.error("outbox could not read the store, will retry", {
        error: errorMessage(error),
        retryInMs: delay,
      });
      schedule(delay);
    }
  }

  function run() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    current = loop().finally(() => {
      running = false;
      // A wake-up that arrived after the last pass looked for work: look again.
      if (wakeAgain) run();
    });
  }

  return {
    start() {
      stopped = false;
      run();
    },
    notify() {
      // During an outage the next probe is already scheduled: a new request waits for it. Past
      // the hourly cap, it waits for the digest.
      if (now().getTime() < brakeUntil || cappedHour !== null) return current;
      run();
      return current;
    },
    async drain() {
      const { sent, failed } = await drain();
      // Failures of this pass need their retry scheduled by the loop.
      if (!stopped) run();
      return { sent, failed };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
