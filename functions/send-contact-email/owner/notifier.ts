/**
 * Tells the owner, besides the e-mail of each request: a push alert for each new request, one
 * reminder for a request still `new` after N hours, the daily digest, and on Monday mornings last
 * week's numbers by e-mail (leads/lead-stats.ts, the figures `npm run leads -- --stats` prints). Everything goes through
 * the store's notice queue (owner-store.ts) and is sent from there with retries and backoff, like
 * the e-mail: a push service that is down is retried later and never holds up storing or e-mailing
 * a request (the visitor's answer and the request's e-mail do not wait for any of this).
 *
 * Each notice carries links to the request pages in its channel's scope: an e-mail (to the
 * owner's own address) the `owner` link that acts, a push (an ntfy topic, a chat channel: others
 * may read it) the `owner-read` link that only shows.
 *
 * `tick()` is the whole job: queue what the clock says is due (idempotent keys), then send what is
 * due in the queue, as a pass of the queue's runner (queue/runner.ts). The embedded server runs it
 * from the runner's timer (and at start, which catches up after a restart); the Supabase host
 * from the scheduled drain.
 */

import {
  catchUpMs,
  dueDigest,
  dueReminders,
  dueWeeklyReport,
  nextDigestAt,
  nextReminderAt,
  nextWeeklyReportAt,
} from "../base/clock.ts";
import type { ContentSource } from "../base/content-source.ts";
import type { LeadView } from "../base/lead-view.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { InboxAccess } from "../inbox/inbox-routes.ts";
import { toLead } from "../leads/lead-formats.ts";
import { periodStats } from "../leads/lead-stats.ts";
import { lastWeek } from "../leads/stats-periods.ts";
import { leadPageUrl } from "../links/page-urls.ts";
import type { LinkSigners } from "../links/signed-links.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RetryPolicy } from "../queue/backoff.ts";
import { createQueueRunner, type Outcome } from "../queue/runner.ts";
import type { CountStore } from "../store/count-store.ts";
import { hourOf, hourStart, type MailCount } from "../store/mail-count.ts";
import type { Notice, NoticeChannel, OwnerStore, StoredNotice } from "../store/owner-store.ts";
import type { QueueStore } from "../store/queue-table.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { alertNotice, digestNotice, reminderNotice, weeklyNotice } from "./notice.ts";
import { composeNoticeEmail, type NoticeMailOptions } from "./notice-email.ts";
import type { OwnerConfig } from "./owner-config.ts";
import { pushRequest, sendPush } from "./push.ts";

export type NotifierOptions = {
  store: OwnerStore & Pick<CountStore, "countsBetween"> & QueueStore;
  mailer: Mailer;
  mail: NoticeMailOptions;
  /** Each request's content version (its stamp), for its estimate's words. */
  content: Pick<ContentSource, "of" | "ofEach">;
  config: Pick<OwnerConfig, "functionUrl" | "push" | "clock">;
  /** `owner` signs the links of e-mails, `owner-read` those of pushes. */
  signers: Pick<LinkSigners, "owner" | "owner-read">;
  /**
   * A fresh link to the owner's inbox, for every e-mail notice (inbox/inbox-route.ts); never in a
   * push.
   */
  inboxLink?: (access: InboxAccess) => Promise<string>;
  /**
   * The hourly e-mail cap the request e-mails count against (mail/outbox.ts, MAIL_HOURLY_CAP):
   * the e-mails about visitors' changes count there too, and past it wait for the next hour,
   * where the changes of each request since have joined them (visitor-action-notices.ts).
   */
  mailCap?: { count: MailCount; hourlyCap: number };
  retry: RetryPolicy;
  leaseMs: number;
  /** After this many attempts a notice is given up (`failed`); the request itself is untouched. */
  maxAttempts?: number;
  log?: Logger;
  now?: () => Date;
  fetcher?: typeof fetch;
};

export type TickResult = { queued: number; sent: number; failed: number };

export type Notifier = {
  /** Catches up (alerts of requests stored before a crash, due reminders and digest), then runs. */
  start(): void;
  /** A request was stored: queue its alert and send it now. Never throws. */
  onStored(id: string): Promise<void>;
  /**
   * A change queued notices: send what is due now, and wake for what is held (a visitor's
   * changes wait a little for the next to join them), not only at the next periodic look.
   */
  onChanged(): Promise<void>;
  tick(): Promise<TickResult>;
  stop(): Promise<void>;
};

const day = 86_400_000;
/** The timer looks again at least this often (clock jumps, requests stored by another process). */
const maxSleepMs = 5 * 60_000;

export function createNotifier(options: NotifierOptions): Notifier {
  const { store, config, content } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const channels: NoticeChannel[] = config.push ? ["email", "push"] : ["email"];
  let alertsToCatchUp = true;
  /** The Monday report this process has queued (or found queued): worked out once a week. */
  let weeklyQueued: string | null = null;

  /** The request page's link for a channel: the e-mail's acts, a push's only shows. */
  async function link(lead: { id: string }, channel: NoticeChannel): Promise<string> {
    const signer = channel === "email" ? options.signers.owner : options.signers["owner-read"];
    return leadPageUrl(config.functionUrl, lead.id, await signer.sign(lead.id, now()));
  }

  async function enqueue(
    key: string,
    channel: NoticeChannel,
    requestId: string | null,
    notice: Notice,
  ) {
    return store.enqueueNotice({
      key: `${key}:${channel}`,
      channel,
      requestId,
      // The inbox only by e-mail, to the owner's own address: a push channel may be read by
      // others (push.ts), and the inbox shows every customer.
      notice: {
        ...notice,
        inbox:
          channel === "email" && !notice.replyTo
            ? ((await options.inboxLink?.("act")) ?? null)
            : null,
      },
      createdAt: now(),
    });
  }

  async function queueAlert(lead: StoredContactRequest): Promise<number> {
    // Only a request nobody has answered: the catch-up at start (a crash, or ALERT_URL just
    // turned on) would otherwise push the last hours' contacted, won and lost ones too.
    if (!config.push || lead.status !== "new") return 0;
    const queued = await enqueue(
      `alert:${lead.id}`,
      "push",
      lead.id,
      alertNotice(
        lead as LeadView,
        await link(lead, "push"),
        await content.of(lead.contentVersion),
      ),
    );
    return queued ? 1 : 0;
  }

  async function queueDue(): Promise<number> {
    let queued = 0;
    const at = now();
    if (alertsToCatchUp) {
      for (const lead of await store.listSince(new Date(at.getTime() - catchUpMs))) {
        queued += await queueAlert(lead);
      }
      alertsToCatchUp = false;
    }
    const window = config.clock.reminderAfterHours * 3_600_000 + catchUpMs;
    const recent = await store.listSince(new Date(at.getTime() - Math.max(window, 30 * day)));
    for (const { lead } of dueReminders(recent as LeadView[], at, config.clock)) {
      for (const channel of channels) {
        const notice = reminderNotice(
          lead,
          await link(lead, channel),
          config.clock.reminderAfterHours,
          await content.of(lead.contentVersion),
        );
        if (await enqueue(`reminder:${lead.id}`, channel, lead.id, notice)) queued += 1;
      }
    }
    const digest = dueDigest(at, config.clock);
    if (digest) {
      const received = recent.filter(
        (lead) =>
          lead.status !== "spam" &&
          Date.parse(lead.createdAt) >= digest.from.getTime() &&
          Date.parse(lead.createdAt) < digest.at.getTime(),
      ) as LeadView[];
      const waiting = recent.filter((lead) => lead.status === "new") as LeadView[];
      for (const channel of channels) {
        const links = new Map<string, string>();
        for (const lead of waiting) links.set(lead.id, await link(lead, channel));
        const notice = digestNotice({
          day: digest.day,
          received,
          waiting,
          linkFor: (lead) => links.get(lead.id) ?? null,
          wordsOf: await content.ofEach([...received, ...waiting]),
        });
        if (await enqueue(digest.key, channel, null, notice)) queued += 1;
      }
    }
    const weekly = dueWeeklyReport(at, config.clock);
    if (weekly && weekly.key !== weeklyQueued) {
      // The week before this Monday: its requests (and later ones, left out by the period).
      const week = lastWeek(at, config.clock.timeZone);
      const leads = (await store.listSince(week.from)).map(toLead);
      const counts = await store.countsBetween(week.firstDay, week.lastDay);
      const notice = weeklyNotice(periodStats(leads, counts, week));
      if (await enqueue(weekly.key, "email", null, notice)) queued += 1;
      weeklyQueued = weekly.key;
    }
    return queued;
  }

  async function deliver(item: StoredNotice): Promise<Outcome<never> | undefined> {
    if (item.channel === "push") {
      if (!config.push) throw new Error("ALERT_URL is no longer set");
      await sendPush(pushRequest(item.notice, config.push), { fetcher: options.fetcher });
      return undefined;
    }
    const capped = item.notice.kind === "visitor" && (options.mailCap?.hourlyCap ?? 0) > 0;
    const hour = hourOf(now());
    if (
      capped &&
      options.mailCap &&
      (await options.mailCap.count.sent(hour)) >= options.mailCap.hourlyCap
    )
      return {
        outcome: "later",
        reason: "the hourly e-mail cap (MAIL_HOURLY_CAP) was reached: sent when the hour turns",
        at: new Date(hourStart(hour + 1)),
        count: "held",
      };
    await options.mailer.send(composeNoticeEmail(item.key, item.notice, options.mail));
    if (capped)
      await options.mailCap?.count.add(hour).catch((error: unknown) => {
        log.warn("could not count a sent e-mail for the hourly cap", {
          error: errorMessage(error),
        });
      });
    return undefined;
  }

  /** The digest, the Monday report and the next reminder are due by the clock, not the queue. */
  async function clockTimes(): Promise<(Date | null)[]> {
    const at = now();
    const waiting = (await store.listSince(new Date(at.getTime() - 2 * day))).filter(
      (lead) => lead.status === "new",
    );
    return [
      nextDigestAt(at, config.clock),
      nextWeeklyReportAt(at, config.clock),
      nextReminderAt(waiting, at, config.clock),
    ];
  }

  const runner = createQueueRunner({
    name: "owner notices",
    what: "owner notice",
    queue: store.queue("notices"),
    keyOf: (item) => item.key,
    deliver,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batchSize: 4,
    maxAttempts: options.maxAttempts ?? 12,
    queueDue,
    wakeAlso: clockTimes,
    maxSleepMs,
    log,
    now,
  });

  async function tick(): Promise<TickResult> {
    const counts = await runner.pass();
    return { queued: counts.queued ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0 };
  }

  return {
    start: () => runner.start(),
    async onStored(id) {
      const hours = config.clock.reminderAfterHours;
      // The request was stored just now: its reminder falls due `hours` from now.
      if (hours > 0) runner.wakeBy(new Date(now().getTime() + hours * 3_600_000));
      if (!config.push) return;
      try {
        // Not in the visitor's request: read the stored row after the answer has gone out.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const lead = await store.get(id);
        if (lead && (await queueAlert(lead)) > 0) await runner.wake();
      } catch (error) {
        // The next catch-up (restart or store recovery) queues it; the request itself is safe.
        alertsToCatchUp = true;
        log.error("owner alert not queued", { id, error: errorMessage(error) });
      }
    },
    async onChanged() {
      await runner.pass().catch(() => {});
    },
    tick,
    stop: () => runner.stop(),
  };
}
