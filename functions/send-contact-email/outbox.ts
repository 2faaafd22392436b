/**
 * Delivers the e-mail of every stored request until the mail server accepts it (CONTACT-API.md:
 * "retries with backoff until the mail server accepts it", "pending mail is sent after a restart").
 *
 * The store is the queue: a request is pending until marked sent, so nothing lives only in memory.
 * The loop claims due requests in small batches, sends them, records the outcome, then sleeps until
 * the next one is due or a new request wakes it. With nothing pending there is no timer at all;
 * failures wait an exponentially growing, capped delay, so an outage never becomes a hot loop.
 * Delivery is at least once: a crash between the mail server's "OK" and our "sent" mark sends that
 * e-mail again after restart (same Message-ID, so mail clients can tell).
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

export type DrainResult = { sent: number; failed: number };

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
      do {
        wakeAgain = false;
        await drain();
      } while (wakeAgain && !stopped);
      storeFailures = 0;
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
      run();
      return current;
    },
    async drain() {
      const result = await drain();
      // Failures of this pass need their retry scheduled by the loop.
      if (!stopped) run();
      return result;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
