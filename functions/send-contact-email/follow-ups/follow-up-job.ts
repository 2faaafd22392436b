/**
 * Sends the follow-ups to customers (follow-up-rules.ts) through their durable queue
 * (follow-up-store.ts), like every queued e-mail: `tick()` queues what the rules say is due
 * (idempotent keys: asking again after a restart, or from two servers, queues nothing twice), then
 * sends what is due. Before each one goes, it is checked again:
 *
 * - the request's status: a change since it was queued stops it (`stopped`, for good);
 * - the address: an opt-out stops it;
 * - the daily cap: past FOLLOW_UPS_PER_ADDRESS_PER_DAY e-mails to that address in 24 hours, it
 *   waits and is tried again later;
 *
 * and a mail server that refuses it is retried with the outbox's backoff, then given up (`failed`).
 * The embedded server runs `tick` from a timer; on Supabase the scheduled drain does.
 */

import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { Mailer } from "../mail/mailer.ts";
import { afterFailedAttempt, type RetryPolicy } from "../queue/backoff.ts";
import { createWakeTimer } from "../queue/wake-timer.ts";
import type { FollowUpStore, StoredFollowUp } from "../store/follow-up-store.ts";
import { type StoredContactRequest, truncateError } from "../store/store.ts";
import { composeFollowUpEmail, type FollowUpLetters } from "./follow-up-email.ts";
import {
  type FollowUpSettings,
  followUpLookBackMs,
  followUpsToQueue,
  reasonToStop,
} from "./follow-up-rules.ts";
import { addressHash, optOutUrl } from "./opt-out-routes.ts";

export type FollowUpJobOptions = {
  store: FollowUpStore & { get(id: string): Promise<StoredContactRequest | null> };
  mailer: Mailer;
  letters: FollowUpLetters;
  settings: FollowUpSettings;
  /** The function's public address, for the opt-out links. */
  functionUrl: string;
  /** The `visitor` scope's signer (opt-out links). */
  signer: LinkSigner;
  retry: RetryPolicy;
  leaseMs: number;
  maxAttempts?: number;
  now?: () => Date;
  log?: Logger;
};

export type FollowUpTick = { queued: number; sent: number; stopped: number; waiting: number };

export type FollowUpJob = {
  start(): void;
  /**
   * A request was changed (its status set, a visit booked or cancelled): its waiting follow-ups
   * that the change stops are stopped at once (its page says so), and what it makes due is queued.
   */
  changed(requestId?: string): Promise<void>;
  tick(): Promise<FollowUpTick>;
  stop(): Promise<void>;
};

const day = 86_400_000;
/** The timer looks again at least this often (statuses set meanwhile, another server's work). */
const maxSleepMs = 15 * 60_000;

export function createFollowUpJob(options: FollowUpJobOptions): FollowUpJob {
  const { store, settings } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 10;
  const enabled = Boolean(settings.reviewUrl || settings.followUpAfterDays);
  let stopped = true;
  const timer = createWakeTimer(() => run());
  let current: Promise<unknown> = Promise.resolve();

  async function queueDue(): Promise<number> {
    const at = now();
    const leads = await store.listTouchedSince(new Date(at.getTime() - followUpLookBackMs));
    let queued = 0;
    for (const due of followUpsToQueue(leads, at, settings)) {
      const added = await store.enqueueFollowUp({
        key: due.key,
        kind: due.kind,
        requestId: due.lead.id,
        addressHash: await addressHash(due.lead.email),
        queuedStatus: due.lead.status,
        createdAt: at,
        dueAt: due.dueAt,
      });
      if (added) queued += 1;
    }
    return queued;
  }

  type Outcome = "sent" | "stopped" | "waiting";

  async function send(item: StoredFollowUp): Promise<Outcome> {
    const at = now();
    const lead = await store.get(item.requestId);
    const stop = !lead
      ? "the request no longer exists"
      : (await store.isOptedOut(item.addressHash))
        ? "the customer opted out"
        : item.kind === "review" && !settings.reviewUrl
          ? "REVIEW_URL is no longer set"
          : reasonToStop(item, lead);
    if (stop || !lead) {
      await store.stopFollowUp(item.key, stop ?? "the request no longer exists");
      log.info("follow-up stopped", { key: item.key, reason: stop });
      return "stopped";
    }
    const sentToday = await store.followUpsSentTo(item.addressHash, new Date(at.getTime() - day));
    if (sentToday >= settings.perAddressPerDay) {
      // The cap's day is a rolling 24 hours: look again in a few hours.
      await store.markFollowUpRetry(
        item.key,
        `waiting: ${sentToday} e-mail(s) to this address in the last 24 hours`,
        new Date(at.getTime() + 6 * 3_600_000),
      );
      return "waiting";
    }
    try {
      const email = composeFollowUpEmail(
        {
          key: item.key,
          kind: item.kind,
          to: { name: lead.name, email: lead.email, service: lead.service },
          reviewUrl: settings.reviewUrl,
          optOutUrl: await optOutUrl(options.functionUrl, item.addressHash, options.signer, at),
        },
        options.letters,
      );
      await options.mailer.send(email);
      await store.markFollowUpSent(item.key, now());
      log.info("follow-up sent", { key: item.key });
      return "sent";
    } catch (error) {
      await afterFailedAttempt(item, truncateError(errorMessage(error)), {
        what: "follow-up",
        maxAttempts,
        retry: options.retry,
        now: at,
        log,
        giveUp: (reason) => store.markFollowUpFailed(item.key, reason),
        retryAt: (reason, when) => store.markFollowUpRetry(item.key, reason, when),
      });
      return "waiting";
    }
  }

  async function tick(): Promise<FollowUpTick> {
    const result: FollowUpTick = { queued: 0, sent: 0, stopped: 0, waiting: 0 };
    // Turned off: what was queued still stops or goes; nothing new is queued.
    if (enabled) result.queued = await queueDue();
    for (;;) {
      const batch = await store.claimDueFollowUps(now(), 4, options.leaseMs);
      if (batch.length === 0) return result;
      for (const item of batch) result[await send(item)] += 1;
    }
  }

  async function nextWake(): Promise<number> {
    const due = await store.nextFollowUpDueAt(options.leaseMs);
    const until = due ? due.getTime() - now().getTime() : maxSleepMs;
    return Math.max(1000, Math.min(maxSleepMs, until));
  }

  function run() {
    if (stopped) return;
    timer.clear();
    current = current
      .then(tick)
      .then(nextWake)
      .catch((error) => {
        log.error("follow-ups: store unavailable, will retry", { error: errorMessage(error) });
        return 60_000;
      })
      .then((delay) => {
        if (!stopped) timer.wakeIn(delay);
      });
  }

  async function changed(requestId?: string) {
    const lead = requestId ? await store.get(requestId) : null;
    if (lead && requestId)
      for (const item of await store.listFollowUps(requestId)) {
        const reason = item.state === "pending" ? reasonToStop(item, lead) : null;
        if (reason) await store.stopFollowUp(item.key, reason);
      }
    // Queue what the change made due, and send what is due now (a zero delay review).
    current = current.then(tick).catch((error) => {
      log.error("follow-ups: store unavailable, will retry", { error: errorMessage(error) });
    });
    await current;
    run();
  }

  return {
    start() {
      stopped = false;
      run();
    },
    changed,
    tick,
    async stop() {
      stopped = true;
      timer.clear();
      await current.catch(() => {});
    },
  };
}
