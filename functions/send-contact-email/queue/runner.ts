/**
 * The one loop of every durable queue (docs/decisions/0021-one-queue-runner.md): the owner's
 * e-mail of each request (mail/outbox.ts), the owner's notices (owner/notifier.ts), the visitor's
 * e-mails (booking/visitor-outbox.ts), the follow-ups (follow-ups/follow-up-job.ts). A queue is a
 * table the store serves as a `JobQueue` (job-queue.ts) and a deliver function; what differs
 * between queues (the outbox's outage brake and hourly cap, what the clock makes due) is policy
 * given here as hooks, not another copy of the loop.
 *
 * A pass claims a batch of due jobs, attempts each with `deliver`, records the outcome, and claims
 * again until nothing is due, the policy ends the pass (a mail server that lets nothing through),
 * or the runner is stopping. A failed attempt is tried again after the backoff (backoff.ts), and
 * given up (kept, `failed`, with the reason) once it used its attempts. After a pass the wake timer
 * (wake-timer.ts) is set for the next due job. Passes never overlap: a wake-up during one queues one
 * more pass after it, and any number of wake-ups share that one.
 *
 * Both hosts drive the same runner: the Node server by its timer and the wake-ups of new work, the
 * Supabase host by the scheduled drain (`pass`) as well, since an Edge Function's timers end with
 * its request.
 */
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { JobQueue } from "../store/job-queue.ts";
import { type RetryPolicy, retryDelayMs } from "./backoff.ts";
import { createWakeTimer } from "./wake-timer.ts";

/** What became of a job that `deliver` did not throw on; nothing returned means sent. */
export type Outcome<Detail> =
  /** Sent: completed, with what the store records of it. */
  | { outcome: "sent"; detail?: Detail }
  /** No longer worth sending (replaced, closed): given up with the reason, counted as `count`. */
  | { outcome: "give-up"; reason: string; count: string }
  /** Not now (a cap): claimable again at `at`, counted as `count`. */
  | { outcome: "later"; reason: string; at: Date; count: string }
  /** `deliver` recorded the job's end itself (a follow-up stopped), counted as `count`. */
  | { outcome: "done"; count: string };

/** How a failed attempt is judged: by the error (a mail server's refusal for good gives up sooner). */
export type FailurePolicy<Detail> = {
  maxAttempts?: number;
  /** What the policy calls this failure (the outbox: `server`, `transient`, `permanent`). */
  kind?: string;
  /** Counted under this name (default `failed`). */
  count?: string;
  /** What the mark also records (the recipients that did accept). */
  detail?: Detail;
};

/** One attempt, as a batch's end is decided on it. */
export type Attempted = { count: string; sent: boolean; failed: boolean; kind?: string };

export type Counts = Record<string, number>;

export type RunnerOptions<Job extends { attempts: number }, Detail = never> = {
  /** The queue in the loop's logs ("owner notices"). */
  name: string;
  /** One job in the logs ("owner notice"). */
  what: string;
  /** The job's key in the logs (default `key`). */
  keyName?: string;
  queue: JobQueue<Job, Detail>;
  keyOf: (job: Job) => string;
  deliver: (job: Job) => Promise<Outcome<Detail> | undefined>;
  retry: RetryPolicy;
  /** A claim older than this is treated as abandoned by a crashed worker. */
  leaseMs: number;
  /** Jobs claimed at once; attempted in parallel unless `oneAtATime`. */
  batchSize: number;
  /** Each attempt sees the ones before it recorded (a cap per address counts them). */
  oneAtATime?: boolean;
  /** Attempts before a failing job is given up (a failure's policy may say otherwise). */
  maxAttempts: number;
  /** Judges a failed attempt; may record side effects (the outbox counts partial deliveries). */
  failure?: (job: Job, error: unknown) => FailurePolicy<Detail> | Promise<FailurePolicy<Detail>>;
  /** A job was given up after failing (the outbox tells the owner). */
  onGiveUp?: (job: Job, reason: string) => void;
  /** A full pass first queues what the clock makes due (reminders, digests); returns how many. */
  queueDue?: () => Promise<number>;
  /** Before every pass; false ends it at once (the outbox's digest met a failing server). */
  beforePass?: (counts: Counts) => Promise<boolean>;
  /** How many to claim next, under the batch size (a cap's room); 0 ends the pass. */
  batchLimit?: () => Promise<number>;
  /** Ends the pass after this batch (default: nothing sent and something failed). */
  endsPass?: (batch: Attempted[]) => boolean;
  /** After every pass, done or failed (the outbox's brake, its notice of failures). */
  afterPass?: (counts: Counts | null) => Promise<void>;
  /** Other times to wake at besides the next due job (the next reminder, digest). */
  wakeAlso?: () => Promise<(Date | null)[]>;
  /** A sleep the policy imposes instead of the next due job's (a brake, a capped hour). */
  sleepFor?: () => number | null;
  /** New work waits (the outbox's brake, its capped hour): a wake-up starts no pass. */
  holdsWake?: () => boolean;
  /** Longest sleep between passes; with `idleWithoutTimer`, only while something is pending. */
  maxSleepMs: number;
  /** Shortest sleep (default 1 s): a job due now waits this much after a pass. */
  minSleepMs?: number;
  /** With nothing pending, no timer at all: new work wakes the runner. */
  idleWithoutTimer?: boolean;
  /** How long to wait after `failures` passes in a row failed on the store (default 60 s). */
  storeRetryMs?: (failures: number) => number;
  /** A pass failed on the store (the visitor's acknowledgements are caught up again). */
  onPassFailed?: (error: unknown) => void;
  log?: Logger;
  now?: () => Date;
  random?: () => number;
};

export type QueueRunner<Job> = {
  /** Starts the loop: a full pass now (what waited across a restart included), then the timer. */
  start(): void;
  /**
   * New work was queued: a pass now, after the one in flight. The promise settles when that pass
   * is over (Supabase's waitUntil waits on it); it never rejects.
   */
  wake(): Promise<void>;
  /** A full pass with its counts, after the one in flight (the scheduled drain, tests). */
  pass(): Promise<Counts>;
  /** Something falls due at `at` that no pass has seen yet (a new request's reminder). */
  wakeBy(at: Date): void;
  /** Records a failed attempt of a claimed job, as the loop does (the outbox's digest). */
  fail(job: Job, error: unknown): Promise<Attempted>;
  /** Stops the loop and waits for the pass in flight. */
  stop(): Promise<void>;
};

/** Keeps stored error texts short: they end up in a table cell and in `npm run leads`. */
export function truncateError(message: string, max = 500): string {
  const oneLine = message.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

type PassKind = "full" | "send";

export function createQueueRunner<Job extends { attempts: number }, Detail = never>(
  options: RunnerOptions<Job, Detail>,
): QueueRunner<Job> {
  const { queue, what } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const keyName = options.keyName ?? "key";
  let started = false;
  let stopping = false;
  let storeFailures = 0;
  /** The tail of the passes, in order; never rejects. */
  let chain: Promise<unknown> = Promise.resolve();
  /** A pass queued behind the one in flight, which later wake-ups share. */
  let waiting: { kind: PassKind; promise: Promise<Counts> } | null = null;
  const timer = createWakeTimer(() => {
    if (started) enqueue("full").catch(() => {});
  });

  async function fail(job: Job, error: unknown): Promise<Attempted> {
    const key = options.keyOf(job);
    const reason = truncateError(errorMessage(error));
    const policy = (await options.failure?.(job, error)) ?? {};
    const maxAttempts = policy.maxAttempts ?? options.maxAttempts;
    try {
      if (job.attempts >= maxAttempts) {
        log.error(`${what} given up`, { [keyName]: key, attempts: job.attempts, error: reason });
        await queue.giveUp(key, reason, policy.detail);
        options.onGiveUp?.(job, reason);
      } else {
        const delay = retryDelayMs(job.attempts, options.retry, options.random);
        log.warn(`${what} not sent, will retry`, {
          [keyName]: key,
          attempts: job.attempts,
          ...(policy.kind ? { kind: policy.kind } : {}),
          retryInMs: delay,
          error: reason,
        });
        await queue.retry(key, reason, new Date(now().getTime() + delay), policy.detail);
      }
    } catch (storeError) {
      log.error(`could not record a ${what}'s failure`, {
        [keyName]: key,
        error: errorMessage(storeError),
      });
    }
    return { count: policy.count ?? "failed", sent: false, failed: true, kind: policy.kind };
  }

  async function attempt(job: Job): Promise<Attempted> {
    const key = options.keyOf(job);
    let outcome: Outcome<Detail>;
    try {
      outcome = (await options.deliver(job)) ?? { outcome: "sent" };
    } catch (error) {
      return fail(job, error);
    }
    try {
      switch (outcome.outcome) {
        case "sent":
          await queue.complete(key, now(), outcome.detail);
          log.info(`${what} sent`, { [keyName]: key, attempts: job.attempts, ...outcome.detail });
          return { count: "sent", sent: true, failed: false };
        case "give-up":
          await queue.giveUp(key, outcome.reason);
          return { count: outcome.count, sent: false, failed: false };
        case "later":
          await queue.retry(key, outcome.reason, outcome.at);
          return { count: outcome.count, sent: false, failed: false };
        case "done":
          return { count: outcome.count, sent: false, failed: false };
      }
    } catch (storeError) {
      // Sent or not, the claim's lease brings it back: at least once, never lost.
      log.error(`could not record a ${what}'s outcome`, {
        [keyName]: key,
        error: errorMessage(storeError),
      });
      return { count: "failed", sent: false, failed: true };
    }
  }

  const nothingGotThrough = (batch: Attempted[]) =>
    !batch.some((one) => one.sent) && batch.some((one) => one.failed);

  async function runPass(kind: PassKind): Promise<Counts> {
    const counts: Counts = {};
    const add = (name: string, by = 1) => {
      counts[name] = (counts[name] ?? 0) + by;
    };
    let done = false;
    try {
      if (kind === "full" && options.queueDue) add("queued", await options.queueDue());
      if (options.beforePass && !(await options.beforePass(counts))) {
        done = true;
        return counts;
      }
      while (!stopping) {
        const limit = Math.min(options.batchSize, (await options.batchLimit?.()) ?? Infinity);
        if (limit <= 0) break;
        const batch = await queue.claim(now(), limit, options.leaseMs);
        if (batch.length === 0) break;
        const attempted: Attempted[] = [];
        if (options.oneAtATime) for (const job of batch) attempted.push(await attempt(job));
        else attempted.push(...(await Promise.all(batch.map(attempt))));
        for (const one of attempted) add(one.count);
        // The retry times are recorded: a channel that is down is not asked again this pass.
        if ((options.endsPass ?? nothingGotThrough)(attempted)) break;
      }
      done = true;
      return counts;
    } finally {
      await options.afterPass?.(done ? counts : null);
    }
  }

  /** The next wake-up after a pass: only ever earlier, unless the policy imposes its sleep. */
  async function schedule() {
    const imposed = options.sleepFor?.();
    if (imposed !== null && imposed !== undefined) {
      timer.clear();
      timer.wakeIn(Math.max(0, Math.min(options.maxSleepMs, imposed)));
      return;
    }
    const at = now().getTime();
    const times = [await queue.nextDue(options.leaseMs), ...((await options.wakeAlso?.()) ?? [])]
      .filter((time): time is Date => time !== null)
      .map((time) => time.getTime() - at);
    if (times.length === 0 && options.idleWithoutTimer) return;
    const delay = Math.min(options.maxSleepMs, ...times);
    timer.wakeIn(Math.max(options.minSleepMs ?? 1000, delay));
  }

  async function passAndSchedule(kind: PassKind): Promise<Counts> {
    try {
      const counts = await runPass(kind);
      storeFailures = 0;
      if (started && !stopping) await schedule();
      return counts;
    } catch (error) {
      options.onPassFailed?.(error);
      if (started && !stopping) {
        storeFailures += 1;
        const delay = options.storeRetryMs?.(storeFailures) ?? 60_000;
        log.error(`${options.name}: store unavailable, will retry`, {
          error: errorMessage(error),
          retryInMs: delay,
        });
        timer.clear();
        timer.wakeIn(delay);
      }
      throw error;
    }
  }

  function enqueue(kind: PassKind): Promise<Counts> {
    // A full pass waiting does all a send pass would; a send pass waiting does not queue due work.
    if (waiting && (waiting.kind === "full" || kind === "send")) return waiting.promise;
    const entry: { kind: PassKind; promise: Promise<Counts> } = {
      kind,
      promise: chain.then(() => {
        if (waiting === entry) waiting = null;
        // New work arrived before a brake: it waits for the next probe like later work does.
        if (kind === "send" && options.holdsWake?.()) return {};
        return passAndSchedule(kind);
      }),
    };
    waiting = entry;
    chain = entry.promise.catch(() => {});
    return entry.promise;
  }

  return {
    start() {
      started = true;
      stopping = false;
      timer.clear();
      enqueue("full").catch(() => {});
    },
    async wake() {
      if (stopping) return;
      if (options.holdsWake?.()) return void (await chain);
      await enqueue("send").catch(() => {});
    },
    pass: () => enqueue("full"),
    wakeBy(at) {
      if (!started || stopping) return;
      timer.wakeIn(Math.max(options.minSleepMs ?? 1000, at.getTime() - now().getTime()));
    },
    fail,
    async stop() {
      started = false;
      stopping = true;
      timer.clear();
      await chain;
    },
  };
}
