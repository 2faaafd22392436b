/**
 * The function's queues: each is started, stopped, drained and told of a new request in the same
 * way; a new kind of queued e-mail is one more entry in `queuesOf` (and its table:
 * store/queue-table.ts). Today: the owner's e-mail of each request, the owner's notices, the
 * e-mails to visitors, and the follow-ups to customers. They exist once the store is open.
 */

import { businessTimeZone } from "../../shared/business-reach.ts";
import type { ContactConfig } from "./base/config.ts";
import type { ContentSource } from "./base/content-source.ts";
import { errorMessage, type Logger } from "./base/log.ts";
import type { VisitorLetters } from "./booking/visitor-emails.ts";
import { createVisitorOutbox } from "./booking/visitor-outbox.ts";
import { createFollowUpJob } from "./follow-ups/follow-up-job.ts";
import type { OpenedStore } from "./function-store.ts";
import { leadPageUrl } from "./links/page-urls.ts";
import type { LinkSigners } from "./links/signed-links.ts";
import { composeContactEmail, composeDigestEmail, composeFailureNotice } from "./mail/email.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createOutbox } from "./mail/outbox.ts";
import { createNotifier } from "./owner/notifier.ts";
import type { OwnerConfig } from "./owner/owner-config.ts";
import { memoryMailCount } from "./store/mail-count.ts";

/** What the queues are built from: the function's settings, links and mailer. */
export type QueueWiring = {
  config: ContactConfig;
  /** Read when the store opens: its functionUrl may have changed since (linkTo). */
  owner: OwnerConfig;
  links: LinkSigners;
  /** A fresh link to the inbox, for the e-mails to the owner whose Reply-To is the business. */
  inboxLink: () => Promise<string>;
  mailer: Mailer;
  /** The content versions: the live one names the business, a request's own describes it. */
  content: ContentSource;
  log: Logger;
  /** Keeps work after the response alive (Supabase's EdgeRuntime.waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
};

type Wired = QueueWiring & {
  letters: { from: string; to: string[]; businessName: string };
  visitorLetters: VisitorLetters;
  outboxSettings: ContactConfig["outbox"];
  retry: { baseMs: number; maxMs: number };
};

/** A queue of the function, as the assembly drives it. */
type Queue = {
  name: string;
  start(): void;
  /** A request was stored: its work is due now. */
  onStored(id: string): Promise<void>;
  /**
   * A request was changed (its status set by the owner, a visit booked, a visitor's action): what
   * it queued is due now, what it stops is stopped. `id` names the request when the caller has it.
   */
  onChanged(id?: string): Promise<void>;
  drain(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

/** The function's queues over an open store: the one place a new queued e-mail is added. */
function queuesOf(opened: OpenedStore, wiring: Wired): Queue[] {
  const {
    mailer,
    letters,
    owner,
    links,
    inboxLink,
    outboxSettings,
    retry,
    visitorLetters,
    config,
    content,
    log,
  } = wiring;
  // One count for the hourly cap: the requests' e-mails and the notices of visitors' changes.
  const mailCount = opened.mailCount ?? memoryMailCount();
  const outbox = createOutbox({
    store: opened.store,
    mailer,
    // Composed when it is sent, maybe after a publish: its estimate in its own version's words.
    compose: async (request) => {
      const words = await content.of(request.contentVersion);
      return composeContactEmail(
        request,
        { ...letters, wordsOf: () => words },
        {
          requestPage: leadPageUrl(
            owner.functionUrl,
            request.id,
            await links.owner.sign(request.id, new Date()),
          ),
        },
      );
    },
    composeDigest: async (requests) =>
      composeDigestEmail(requests, {
        ...letters,
        wordsOf: await content.ofEach(requests),
        hourlyCap: outboxSettings.hourlyCap,
        inbox: await inboxLink(),
      }),
    composeFailureNotice: async (failed) =>
      composeFailureNotice(failed, { ...letters, inbox: await inboxLink() }),
    hourlyCap: outboxSettings.hourlyCap,
    mailCount,
    retry,
    leaseMs: outboxSettings.leaseMs,
    concurrency: outboxSettings.concurrency,
    log,
  });
  const notifier = createNotifier({
    store: opened.store,
    mailer,
    mail: letters,
    content,
    config: owner,
    signers: links,
    inboxLink,
    mailCap: { count: mailCount, hourlyCap: outboxSettings.hourlyCap },
    retry,
    leaseMs: outboxSettings.leaseMs,
    log,
  });
  const followUps = createFollowUpJob({
    store: opened.store,
    mailer,
    letters: visitorLetters,
    settings: owner.followUps,
    functionUrl: owner.functionUrl,
    signer: links.visitor,
    retry,
    leaseMs: outboxSettings.leaseMs,
    log,
  });
  const visitorOutbox = createVisitorOutbox({
    store: opened.store,
    mailer,
    letters: visitorLetters,
    content,
    functionUrl: owner.functionUrl,
    signer: links.visitor,
    reminders: { time: owner.visitReminderTime, timeZone: businessTimeZone },
    retry,
    leaseMs: outboxSettings.leaseMs,
    acknowledgementHourlyCap: config.acknowledgementHourlyCap,
    log,
  });
  return [
    {
      name: "mail",
      start: () => outbox.start(),
      onStored: () => outbox.notify(),
      onChanged: async () => {},
      drain: async () => {
        const { sent, failed } = await outbox.drain();
        return { sent, failed };
      },
      stop: () => outbox.stop(),
    },
    {
      name: "notices",
      start: () => notifier.start(),
      onStored: (id) => notifier.onStored(id),
      onChanged: () => notifier.onChanged(),
      drain: () => notifier.tick(),
      stop: () => notifier.stop(),
    },
    {
      name: "visitors",
      start: () => visitorOutbox.start(),
      onStored: (id) => visitorOutbox.onStored(id),
      onChanged: () => visitorOutbox.notify(),
      drain: () => visitorOutbox.tick(),
      stop: () => visitorOutbox.stop(),
    },
    {
      name: "followUps",
      start: () => followUps.start(),
      // A new request has nothing due; the job finds quiet quotes and won jobs by itself.
      onStored: async () => {},
      onChanged: (id) => followUps.changed(id),
      drain: () => followUps.tick(),
      stop: () => followUps.stop(),
    },
  ];
}

/** The queues as the function drives them: none until the store opens. */
export function createQueues(wiring: QueueWiring) {
  const { config, content, log } = wiring;
  const { outbox: outboxSettings } = config;
  const live = () => content.live().facts.business;
  const wired: Wired = {
    ...wiring,
    // Getters: the e-mails name the business as the live version does when they are made.
    letters: {
      from: config.mailFrom,
      to: config.mailTo,
      get businessName() {
        return live().name;
      },
    },
    visitorLetters: {
      from: config.mailFrom,
      get replyTo() {
        return config.mailTo[0] ?? live().email;
      },
      get businessName() {
        return live().name;
      },
      siteUrl: config.siteUrl,
      get live() {
        return content.live().facts;
      },
    },
    outboxSettings,
    retry: { baseMs: outboxSettings.retryBaseMs, maxMs: outboxSettings.retryMaxMs },
  };
  let queues: Queue[] = [];

  /** Work after the response: never fails the request, kept alive where the host needs that. */
  function inBackground(work: Promise<unknown>) {
    const guarded = work.catch((error) =>
      log.error("background work failed", { error: errorMessage(error) }),
    );
    wiring.waitUntil?.(guarded);
  }

  return {
    /** Builds the queues over the store just opened, and starts them. */
    start(opened: OpenedStore) {
      queues = queuesOf(opened, wired);
      for (const queue of queues) queue.start();
    },
    /** A request was stored: every queue looks now, after the answer. */
    stored(id: string) {
      for (const queue of queues) inBackground(queue.onStored(id));
    },
    /** A change queued e-mails or notices: every queue looks now, after the answer. */
    changed(id?: string) {
      for (const queue of queues) inBackground(queue.onChanged(id));
    },
    async drain() {
      const counts: Record<string, Record<string, number>> = {};
      for (const queue of queues) counts[queue.name] = await queue.drain();
      return counts;
    },
    /** Waits for e-mail in flight. */
    async stop() {
      for (const queue of queues) await queue.stop();
    },
  };
}

export type Queues = ReturnType<typeof createQueues>;
