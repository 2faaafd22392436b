/**
 * The one way a content version is published, whichever part of the editor asks (a group's form,
 * a restore, the Pictures page): nothing is stored when nothing changed, the publish limit is
 * taken, the version is stored (never overwriting one), this server is asked to show it and the
 * static host's build hook is told, and how that call went is kept in the store (one row a
 * version): an unchanged publish calls the hook again only when its last call for the live
 * version did not succeed, so twenty unchanged posts are not twenty builds, and "Publish again"
 * still tells the host once more after a failure. The caller turns the result into words.
 */
import { describeChanges } from "../../../shared/content/content-changes.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { SitePublishing } from "../base/site-publishing.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { ContentStore } from "../store/content-store.ts";
import { type DeployHookResult, tellStaticHost } from "./deploy-hook.ts";

/** What became of a stored version on this server within the wait. */
export type LiveOutcome = "live" | "working" | "waiting" | "failed";

/** How long a publish waits for this server to show it before saying it is still working. */
export const publishWaitMs = 45_000;

export type PublishDeps = {
  store: ContentStore;
  /** Absent where nothing here makes a version live (a test of the store alone). */
  publishing?: SitePublishing;
  /** The static host's build hook (DEPLOY_HOOK_URL), called after each publish; null: none. */
  deployHookUrl: string | null;
  /** Publishes and restores together, from every part; a refused one publishes nothing. */
  publishLimit: RateLimiter;
  /** How long to wait for checkNow(); publishWaitMs unless a test says otherwise. */
  waitMs?: number;
  log?: Logger;
};

export type PublishRequest = {
  /** The version it was published from: what the history's line "Restored version 7" names. */
  restoredFrom?: number | null;
  /** A line before the changes (the repository's version has no number to name). */
  note?: string | null;
  /** Which part published it, for the log. */
  from: string;
};

export type PublishResult =
  | { kind: "same"; host: DeployHookResult | null }
  | { kind: "limited"; retryAfterSeconds: number }
  | {
      kind: "published";
      version: number;
      changes: string[];
      outcome: LiveOutcome;
      host: DeployHookResult | null;
    };

export async function publishVersion(
  live: SiteContent,
  next: SiteContent,
  request: PublishRequest,
  deps: PublishDeps,
): Promise<PublishResult> {
  const log = deps.log ?? silentLogger;
  const changes = describeChanges(live, next);
  // Publish again with nothing changed tells the static host once more when its last call for
  // the live version failed (or never happened); the version stays the live one. Each such call
  // is a build at the host, so it counts as a publish.
  if (changes.length === 0) {
    const liveVersion = await deps.store.liveContentVersion();
    if (liveVersion === null || !deps.deployHookUrl) return { kind: "same", host: null };
    if ((await deps.store.hostCall(liveVersion))?.ok) return { kind: "same", host: null };
    const decision = await deps.publishLimit.consume("site-publish");
    if (!decision.allowed)
      return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds };
    return { kind: "same", host: await tellAndKeep(liveVersion, deps) };
  }
  const decision = await deps.publishLimit.consume("site-publish");
  if (!decision.allowed) return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds };
  const restoredFrom = request.restoredFrom ?? null;
  const stored = await deps.store.publishContent({
    document: next,
    changes: request.note ? [request.note, ...changes] : changes,
    restoredFrom,
  });
  log.info("site content published", {
    version: stored.version,
    from: request.from,
    restoredFrom,
    changes: changes.join("; "),
  });
  const [outcome, host] = await Promise.all([
    madeLive(stored.version, deps),
    tellAndKeep(stored.version, deps),
  ]);
  return { kind: "published", version: stored.version, changes, outcome, host };
}

/** Calls the static host's build hook for a version (when there is one) and keeps how it went. */
async function tellAndKeep(version: number, deps: PublishDeps): Promise<DeployHookResult | null> {
  const log = deps.log ?? silentLogger;
  const host = await tellStaticHost(deps, version, log);
  if (host)
    try {
      await deps.store.recordHostCall({
        version,
        host: host.host,
        ok: host.ok,
        reason: host.ok ? null : host.reason,
      });
    } catch (error) {
      // The version is published and the host told or not: only the next unchanged publish
      // cannot know it, and calls the hook again.
      log.error("keeping the host's call failed", { version, error: errorMessage(error) });
    }
  return host;
}

/** Asks this server to show the new version, and what it says within the wait. */
async function madeLive(version: number, deps: PublishDeps): Promise<LiveOutcome> {
  const log = deps.log ?? silentLogger;
  if (!deps.publishing) return "waiting";
  const publishing = deps.publishing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    publishing.checkNow().then(
      () => "done" as const,
      (error: unknown) => {
        log.error("making the site live failed", { version, error: errorMessage(error) });
        return "done" as const;
      },
    ),
    new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), deps.waitMs ?? publishWaitMs);
    }),
  ]);
  clearTimeout(timer);
  const status = publishing.status();
  if (status.serving === version) return "live";
  if (status.failed?.version === version) return "failed";
  if (status.building === version || waited === "timeout") return "working";
  return "waiting";
}

/** "Please try again in 3 minutes", for a refusal of the publish limit. */
export function tryAgainWords(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many publishes in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}. Nothing was published.`;
}
