/**
 * Delivers the e-mail of every stored request until the mail server accepts it (contact-api.md,
 * "Storing, then e-mailing": retries with backoff; pending e-mail is sent after a restart).
 *
 * The store is the queue: a request is pending until marked sent, so nothing lives only in memory.
 * The loop claims due requests in small batches, sends them, records the outcome, then sleeps until
 * the next one is due or a new request wakes it. With nothing pending there is no timer at all;
 * failures wait an exponentially growing, capped delay, so an outage never becomes a hot loop.
 * Delivery is at least once: a crash between the mail server's "OK" and our "sent" mark sends that
 * e-mail again after restart (same Message-ID, so mail clients can tell).
 *
 * An outage brake: when every e-mail of a batch fails (the mail server is down or refuses us),
 * the pass stops there and the whole outbox waits a backoff of its own before it probes again with
 * one batch; new requests do not wake it meanwhile. Without it, each pass tried every due request
 * (a connection attempt each) and every new request started another pass: with hundreds pending,
 * an outage became a storm of failing attempts and database writes that slowed visitors' answers
 * (npm run bench:server, scenario 4: p99 486 ms at 60 requests/s).
 */
import { type RetryPolicy, retryDelayMs } from "./backoff.ts";
import type { ContactEmail } from "./email.ts";
import { errorMessage, type Logger, silentLogger } from "./log.ts";
import type { Mailer } from "./mailer.ts";
import { type ContactStore, type StoredContactRequest, truncateError } from "./store.ts";

export type OutboxOptions = {
  store: ContactStore;
  mailer: Mailer;
  compose: (request: StoredContactRequest) => ContactEmail;
  retry: RetryPolicy;
  /** A claim older than this is treated as abandoned by a crashed worker. */
  leaseMs: number;
  /** E-mails sent in parallel per batch. */
  concurrency: number;
  log?: Logger;
  now?: () => Date;
  random?: () => number;
};

export type DrainResult = {
  sent: number;
  failed: number;
  /** The pass stopped early because a whole batch failed (see "outage brake" above). */
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

export function createOutbox(options: OutboxOptions): Outbox {
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  let running = false;
  let stopped = true;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();
  let storeFailures = 0;
  /** Consecutive passes that ended on a batch that failed whole; 0 when mail flows. */
  let outageStreak = 0;
  /** While braking, new requests do not start a pass before this time (epoch ms). */
  let brakeUntil = 0;

  async function deliver(request: StoredContactRequest): Promise<boolean> {
    try {
      const deliveredTo = await options.mailer.send(options.compose(request));
      await options.store.markSent(request.id, now(), deliveredTo);
      log.info("contact e-mail sent", { id: request.id, attempts: request.attempts, deliveredTo });
      return true;
    } catch (error) {
      const message = truncateError(errorMessage(error));
      const delay = retryDelayMs(request.attempts, options.retry, options.random);
      const retryAt = new Date(now().getTime() + delay);
      log.warn("contact e-mail not sent, will retry", {
        id: request.id,
        attempts: request.attempts,
        retryInMs: delay,
        error: message,
      });
      await options.store.markFailed(request.id, message, retryAt).catch((storeError) => {
        log.error("could not record delivery failure", {
          id: request.id,
          error: errorMessage(storeError),
        });
      });
      return false;
    }
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await options.store.claimDue(now(), options.concurrency, options.leaseMs);
      if (batch.length === 0) return result;
      const outcomes = await Promise.all(batch.map(deliver));
      for (const ok of outcomes) {
        if (ok) result.sent += 1;
        else result.failed += 1;
      }
      if (outcomes.every((ok) => !ok)) return { ...result, outage: true };
      if (stopped && running) return result;
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
      } while (wakeAgain && !stopped && !pass.outage);
      storeFailures = 0;
      if (pass.outage) {
        outageStreak += 1;
        const delay = retryDelayMs(outageStreak, options.retry, options.random);
        brakeUntil = now().getTime() + delay;
        wakeAgain = false;
        if (outageStreak === 1 || outageStreak % 10 === 0)
          log.warn("mail delivery failing, pausing the outbox", {
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
      const next = await options.store.nextDueAt(options.leaseMs);
      if (next) schedule(next.getTime() - now().getTime());
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
      // During an outage the next probe is already scheduled: a new request waits for it.
      if (now().getTime() < brakeUntil) return current;
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
