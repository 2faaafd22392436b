/**
 * Keeps this process on the store's live content version (docs/content-versions.md). Every server
 * on one database, and every Supabase instance, asks the store every few seconds which version is
 * live (one number); when it is not the one this process shows, it loads that document, checks
 * it with the one schema, has the host make its pages from it (the Node host's `build`; a static
 * host has none: its deploy hook rebuilds the pages), and only then makes it the function's live
 * version (`live()`: its number and its facts, decision 0028), so the pages and the function's
 * prices, offer, area, hours and e-mails change together. What fails leaves the previous version
 * live and is said in status(), with its reason, for the editor to show.
 */
import { factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { contactDefaults } from "../base/config.ts";
import type { LiveFacts } from "../base/content-source.ts";
import { errorMessage, type Logger } from "../base/log.ts";
import type { SitePublishing, SiteStatus } from "../base/site-publishing.ts";
import type { ContentStore } from "../store/content-store.ts";

/**
 * Makes the host's pages from `document` and serves them; resolves once they are served, rejects
 * with a reason the owner can read (the previous pages still served).
 */
export type SiteBuild = (document: SiteContent, version: number) => Promise<void>;

export type SitePreview = NonNullable<SitePublishing["preview"]>;

/** What a host gives the function about its pages: absent on a host that does not serve them. */
export type SiteHost = { build?: SiteBuild; preview?: SitePreview };

/** A version that failed is tried again after this long, or at once when a newer one appears. */
export const retryFailedContentAfterMs = 60_000;

export type ContentFollowerOptions = SiteHost & {
  /** The open store, or null while it is not (then nothing is checked). */
  store: () => ContentStore | null;
  log: Logger;
  /** CONTENT_CHECK_MS (base/config.ts). */
  everyMs?: number;
  retryFailedAfterMs?: number;
  /** Milliseconds since the epoch (tests). */
  now?: () => number;
};

export type ContentFollower = SitePublishing & {
  /** The version this process shows and its facts: the repository's until one is made live. */
  live(): LiveFacts;
  /**
   * Checks at once, then every `everyMs` on a timer (unref'd: it never keeps a process alive).
   * Resolves when that first check is done.
   */
  start(): Promise<void>;
  /**
   * A check when the last one began more than `everyMs` ago and none is running (a host whose
   * timers may not fire between requests: Supabase's instances sleep); null when none is due.
   */
  checkIfDue(): Promise<void> | null;
  /** Stops the timer; a check in flight finishes without a word if the store closes under it. */
  stop(): void;
};

/** A failure whose message is already in the owner's words. */
class NotMadeLive extends Error {}

export function createContentFollower(options: ContentFollowerOptions): ContentFollower {
  const { log, build } = options;
  const everyMs = options.everyMs ?? contactDefaults.contentCheckMs;
  const retryFailedAfterMs = options.retryFailedAfterMs ?? retryFailedContentAfterMs;
  const now = options.now ?? (() => Date.now());

  let current: LiveFacts = { version: null, facts: repositoryFacts() };
  let building: number | null = null;
  let failed: { version: number; reason: string; atMs: number } | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let stopped = false;
  // Said once when the store cannot be read, once when it can again: not every few seconds.
  let unreadable = false;

  async function checkOnce(): Promise<void> {
    lastCheckAt = now();
    const store = options.store();
    if (!store) return;
    let live: number | null;
    try {
      live = await store.liveContentVersion();
    } catch (error) {
      if (!unreadable && !stopped)
        log.warn("the live content version cannot be read: this server keeps its content", {
          error: errorMessage(error),
        });
      unreadable = true;
      return;
    }
    if (unreadable) log.info("the live content version can be read again");
    unreadable = false;
    // Null: only the repository's version exists, and whatever this process shows stays.
    if (live === null || live === current.version) return;
    if (failed?.version === live && now() - failed.atMs < retryFailedAfterMs) return;
    building = live;
    try {
      const stored = await store.contentVersion(live);
      if (!stored) throw new NotMadeLive(`version ${live} is not in the store`);
      const checked = checkSiteContent(stored.document);
      if (!checked.ok) {
        const [first] = checked.problems;
        throw new NotMadeLive(
          `the stored document does not pass the content check (${first?.path}: ${first?.message})`,
        );
      }
      await build?.(checked.content, live);
      current = { version: live, facts: factsOf(checked.content) };
      if (failed && failed.version <= live) failed = null;
      log.info("content version live", { version: live });
    } catch (error) {
      if (stopped && !(error instanceof NotMadeLive)) return;
      const reason = errorMessage(error);
      failed = { version: live, reason, atMs: now() };
      log.error("content version not made live: the previous one stays", {
        version: live,
        serving: current.version,
        reason,
        retryInMs: retryFailedAfterMs,
      });
    } finally {
      building = null;
    }
  }

  /** One check at a time; a caller during one waits for it, then for one more check after it. */
  function checkNow(): Promise<void> {
    if (!running) {
      running = checkOnce().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return checkNow();
    });
    return queued;
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void checkNow().finally(schedule);
    }, everyMs);
    (timer as { unref?: () => void }).unref?.();
  }

  return {
    checkNow,
    live: () => current,
    status(): SiteStatus {
      return {
        serving: current.version,
        building,
        failed: failed && {
          version: failed.version,
          reason: failed.reason,
          at: new Date(failed.atMs).toISOString(),
        },
      };
    },
    ...(options.preview ? { preview: options.preview } : {}),
    start() {
      if (started || stopped) return Promise.resolve();
      started = true;
      const first = checkNow();
      void first.finally(schedule);
      return first;
    },
    checkIfDue() {
      if (!started || stopped || running || now() - lastCheckAt < everyMs) return null;
      return checkNow();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
