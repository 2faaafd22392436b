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
 * and a mail server that refuses it is retried with the runner's backoff (queue/runner.ts), then
 * given up (`failed`). The embedded server runs `tick` from the runner's timer; on Supabase the
 * scheduled drain does.
 */

import { type Logger, silentLogger } from "../base/log.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RetryPolicy } from "../queue/backoff.ts";
import { createQueueRunner, type Outcome } from "../queue/runner.ts";
import type { FollowUpStore, StoredFollowUp } from "../store/follow-up-store.ts";
import type { QueueStore } from "../store/queue-table.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { composeFollowUpEmail, type FollowUpLetters } from "./follow-up-email.ts";
import {
  type FollowUpSettings,
  followUpLookBackMs,
  followUpsToQueue,
  reasonToStop,
} from "./follow-up-rules.ts";
import { addressHash, optOutUrl } from "./opt-out-routes.ts";

export type FollowUpJobOptions = {
  store: FollowUpStore & QueueStore & { get(id: string): Promise<StoredContactRequest | null> };
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
  const enabled = Boolean(settings.reviewUrl || settings.followUpAfterDays);

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

  async function send(item: StoredFollowUp): Promise<Outcome<never>> {
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
      return { outcome: "done", count: "stopped" };
    }
    const sentToday = await store.followUpsSentTo(item.addressHash, new Date(at.getTime() - day));
    if (sentToday >= settings.perAddressPerDay)
      // The cap's day is a rolling 24 hours: look again in a few hours.
      return {
        outcome: "later",
        reason: `waiting: ${sentToday} e-mail(s) to this address in the last 24 hours`,
        at: new Date(at.getTime() + 6 * 3_600_000),
        count: "waiting",
      };
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
    return { outcome: "sent" };
  }

  const runner = createQueueRunner({
    name: "follow-ups",
    what: "follow-up",
    queue: store.queue("followUps"),
    keyOf: (item) => item.key,
    deliver: send,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batchSize: 4,
    // The cap per address counts what was sent before: one at a time.
    oneAtATime: true,
    maxAttempts: options.maxAttempts ?? 10,
    // A follow-up the mail server did not take waits for its retry like one held by the cap.
    failure: () => ({ count: "waiting" }),
    // Turned off: what was queued still stops or goes; nothing new is queued.
    queueDue: async () => (enabled ? queueDue() : 0),
    maxSleepMs,
    log,
    now,
  });

  async function tick(): Promise<FollowUpTick> {
    const counts = await runner.pass();
    return {
      queued: counts.queued ?? 0,
      sent: counts.sent ?? 0,
      stopped: counts.stopped ?? 0,
      waiting: counts.waiting ?? 0,
    };
  }

  async function changed(requestId?: string) {
    const lead = requestId ? await store.get(requestId) : null;
    if (lead && requestId)
      for (const item of await store.listFollowUps(requestId)) {
        const reason = item.state === "pending" ? reasonToStop(item, lead) : null;
        if (reason) await store.stopFollowUp(item.key, reason);
      }
    // Queue what the change made due, and send what is due now (a zero delay review).
    await runner.pass().catch(() => {});
  }

  return {
    start: () => runner.start(),
    changed,
    tick,
    stop: () => runner.stop(),
  };
}
