/**
 * The follower (content-follower.ts) on the real SQLite store in memory, with a build that the
 * test holds or fails: a published version is built, then switched in; a failure keeps the
 * previous version and is not retried in a loop; one check at a time.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import type { Logger } from "../base/log.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { type ContentFollower, createContentFollower, type SiteBuild } from "./content-follower.ts";

const opened: SqliteStore[] = [];
const followers: ContentFollower[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const follower of followers.splice(0)) follower.stop();
  for (const store of opened.splice(0)) await store.close();
});

function withPercent(percentOff: number): SiteContent {
  const document = structuredClone(repositoryContent) as SiteContent;
  document.offer.percentOff = percentOff;
  return document;
}

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const log: Logger = {
    info: (message) => lines.push({ level: "info", message }),
    warn: (message) => lines.push({ level: "warn", message }),
    error: (message) => lines.push({ level: "error", message }),
  };
  return { log, lines };
}

function setup(options: { build?: SiteBuild; store?: SqliteStore | null; everyMs?: number } = {}) {
  const store = options.store === undefined ? testStore() : options.store;
  if (store) opened.push(store);
  let clock = Date.parse("2026-11-27T10:00:00Z");
  const { log, lines } = recordingLog();
  const follower = createContentFollower({
    store: () => store,
    build: options.build,
    log,
    everyMs: options.everyMs,
    now: () => clock,
  });
  followers.push(follower);
  const publish = async (document: unknown) =>
    (await (store as SqliteStore).publishContent({ document, changes: [] })).version;
  return {
    store,
    follower,
    lines,
    publish,
    advance(ms: number) {
      clock += ms;
    },
  };
}

/** The offer's id in the version the follower has live. */
const offerId = (follower: ContentFollower) => follower.live().facts.offers.welcomeOffer.id;

/** A build the test finishes: what it was called with, and when. */
function heldBuild() {
  const calls: { version: number; percentOff: number; servingThen: number | null }[] = [];
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const build: SiteBuild = async (document, version) => {
    calls.push({
      version,
      percentOff: document.offer.percentOff,
      // The test's follower (the last one set up): the version it had live meanwhile.
      servingThen: followers.at(-1)?.live().version ?? null,
    });
    await gate;
  };
  return {
    build,
    calls,
    release() {
      release();
      gate = Promise.resolve();
    },
  };
}

describe("the content follower", () => {
  it("builds a newly published version, then switches the function's content to it", async () => {
    const held = heldBuild();
    const { follower, publish } = setup({ build: held.build });
    const version = await publish(withPercent(25));
    const checking = follower.checkNow();
    await vi.waitFor(() => expect(held.calls).toHaveLength(1));
    // Pages first: while they are made, the function still shows the previous version.
    expect(held.calls[0]).toEqual({ version, percentOff: 25, servingThen: null });
    expect(follower.status()).toEqual({ serving: null, building: version, failed: null });
    expect(follower.live().facts.offers.welcomeOffer.percentOff).toBe(20);
    held.release();
    await checking;
    expect(follower.live().version).toBe(version);
    // Its facts are the new version's (the function's offer check reads them).
    expect(offerId(follower)).toBe("welcome-25");
    expect(follower.status()).toEqual({ serving: version, building: null, failed: null });
    // Already live: the next check builds nothing.
    await follower.checkNow();
    expect(held.calls).toHaveLength(1);
  });

  it("switches without a build where the host has none (Supabase)", async () => {
    const { follower, publish } = setup();
    const version = await publish(withPercent(30));
    await follower.checkNow();
    expect(follower.live().version).toBe(version);
    expect(offerId(follower)).toBe("welcome-30");
  });

  it("keeps the previous version when the build fails, says why, and retries only after the backoff", async () => {
    let failing = true;
    const versions: number[] = [];
    const build: SiteBuild = async (_document, version) => {
      versions.push(version);
      if (failing) throw new Error("the page /exton could not be rendered");
    };
    const { follower, publish, advance, lines } = setup({ build });
    const first = await publish(withPercent(25));
    await follower.checkNow();
    expect(follower.live().version).toBeNull();
    expect(offerId(follower)).toBe("welcome-20");
    expect(follower.status()).toEqual({
      serving: null,
      building: null,
      failed: {
        version: first,
        reason: "the page /exton could not be rendered",
        at: "2026-11-27T10:00:00.000Z",
      },
    });
    expect(lines.filter((line) => line.level === "error")).toHaveLength(1);
    // Not again and again: the checks within the backoff leave it alone.
    for (let check = 0; check < 5; check += 1) {
      advance(10_000);
      await follower.checkNow();
    }
    expect(versions).toEqual([first]);
    advance(11_000);
    await follower.checkNow();
    expect(versions).toEqual([first, first]);
    expect(follower.status().failed?.at).toBe("2026-11-27T10:01:01.000Z");
    // A newer version is tried at once, and once it is live the failure is behind.
    failing = false;
    const second = await publish(withPercent(35));
    await follower.checkNow();
    expect(versions).toEqual([first, first, second]);
    expect(follower.live().version).toBe(second);
    expect(follower.status()).toEqual({ serving: second, building: null, failed: null });
  });

  it("makes one build when several ask at once, and each caller waits for the live version", async () => {
    const held = heldBuild();
    const { follower, publish } = setup({ build: held.build });
    const version = await publish(withPercent(25));
    const done: number[] = [];
    const checks = [1, 2, 3].map((caller) =>
      follower.checkNow().then(() => {
        done.push(caller);
      }),
    );
    await vi.waitFor(() => expect(held.calls).toHaveLength(1));
    // A caller that did not wait for the build would have settled within this turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual([]);
    held.release();
    await Promise.all(checks);
    expect(held.calls).toHaveLength(1);
    expect(follower.live().version).toBe(version);
  });

  it("checks again after the one in flight when a newer version came meanwhile", async () => {
    const held = heldBuild();
    const { follower, publish } = setup({ build: held.build });
    const first = await publish(withPercent(25));
    const firstCheck = follower.checkNow();
    await vi.waitFor(() => expect(held.calls).toHaveLength(1));
    // Published by the editor while the first version is being built: its checkNow resolves
    // only once this server shows the newer one.
    const second = await publish(withPercent(40));
    const secondCheck = follower.checkNow();
    held.release();
    await Promise.all([firstCheck, secondCheck]);
    expect(held.calls.map((call) => call.version)).toEqual([first, second]);
    expect(follower.live().version).toBe(second);
    expect(offerId(follower)).toBe("welcome-40");
  });

  it("never builds nor switches in a stored document that fails the content check", async () => {
    const held = heldBuild();
    held.release();
    const { follower, publish } = setup({ build: held.build });
    const bad = structuredClone(repositoryContent) as { offer: { percentOff: number } };
    bad.offer.percentOff = 120;
    const version = await publish(bad);
    await follower.checkNow();
    expect(held.calls).toEqual([]);
    expect(follower.live().version).toBeNull();
    expect(offerId(follower)).toBe("welcome-20");
    const { failed } = follower.status();
    expect(failed?.version).toBe(version);
    expect(failed?.reason).toMatch(/content check \(offer\.percentOff: /);
  });

  it("keeps the repository's version while nothing is published", async () => {
    const held = heldBuild();
    const { follower } = setup({ build: held.build });
    await follower.checkNow();
    expect(held.calls).toEqual([]);
    expect(follower.status()).toEqual({ serving: null, building: null, failed: null });
  });

  it("does nothing while the store is not open, and says once that it cannot read it", async () => {
    const closed = setup({ store: null });
    await closed.follower.checkNow();
    expect(closed.lines).toEqual([]);
    expect(closed.follower.status()).toEqual({ serving: null, building: null, failed: null });

    const broken = setup({ store: await brokenStore() });
    for (let check = 0; check < 3; check += 1) await broken.follower.checkNow();
    expect(broken.lines.map((line) => line.level)).toEqual(["warn"]);
    expect(broken.follower.status().failed).toBeNull();
    expect(closed.follower.live().version).toBeNull();
    expect(broken.follower.live().version).toBeNull();
  });

  it("checks at start, then on its timer", async () => {
    // The timer's clock is the test's: "every 20 ms" and "no more after stop" without waiting.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { follower, publish } = setup({ everyMs: 20 });
    const first = await publish(withPercent(25));
    await follower.start();
    // A server started again comes back to the live version at once.
    expect(follower.live().version).toBe(first);
    const second = await publish(withPercent(30));
    await vi.advanceTimersByTimeAsync(20);
    await vi.waitFor(() => expect(follower.live().version).toBe(second));
    follower.stop();
    const third = await publish(withPercent(35));
    await vi.advanceTimersByTimeAsync(100);
    // A check the timer started would have switched within this turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(follower.live().version).not.toBe(third);
  });

  it("offers a check on a request only when the last is older than the interval", async () => {
    const { follower, publish, advance } = setup({ everyMs: 60_000 });
    expect(follower.checkIfDue()).toBeNull(); // not started
    await follower.start();
    const version = await publish(withPercent(25));
    advance(59_000);
    expect(follower.checkIfDue()).toBeNull();
    advance(1000);
    const due = follower.checkIfDue();
    expect(due).not.toBeNull();
    expect(follower.checkIfDue()).toBeNull(); // one at a time
    await due;
    expect(follower.live().version).toBe(version);
    expect(follower.checkIfDue()).toBeNull();
  });

  it("passes the host's preview through, and has none without one", () => {
    const preview = async () => "<!doctype html>";
    const follower = createContentFollower({ store: () => null, log: recordingLog().log, preview });
    expect(follower.preview).toBe(preview);
    expect(setup().follower.preview).toBeUndefined();
  });
});
