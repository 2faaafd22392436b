import { describe, expect, it } from "vitest";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import type { StoredNotice } from "../store/owner-store.ts";
import { createQueueRunner, type RunnerOptions } from "./runner.ts";

const t0 = new Date("2026-11-20T15:00:00.000Z");
const minute = 60_000;

async function setup() {
  const store = testStore();
  const inner = store.queue("notices");
  let claims = 0;
  // Counts the passes by their claims: each pass claims until a claim comes back empty.
  const queue = {
    ...inner,
    claim: (...args: Parameters<typeof inner.claim>) => {
      claims += 1;
      return inner.claim(...args);
    },
  };
  const add = async (n: number) => {
    const requestId = await storeSample(store, t0);
    await store.enqueueNotice({
      key: `alert:${requestId}:${n}`,
      channel: "push",
      requestId,
      notice: { kind: "alert", title: "New quote request", lines: [], url: null, leads: [] },
      createdAt: t0,
    });
  };
  const options = (
    overrides: Partial<RunnerOptions<StoredNotice>>,
  ): RunnerOptions<StoredNotice> => ({
    name: "test",
    what: "test notice",
    queue,
    keyOf: (item) => item.key,
    deliver: async () => undefined,
    retry: { baseMs: minute, maxMs: 60 * minute },
    leaseMs: minute,
    batchSize: 4,
    maxAttempts: 3,
    maxSleepMs: minute,
    now: () => new Date(t0.getTime() + 1000),
    ...overrides,
  });
  return { store, add, options, claims: () => claims };
}

describe("queue runner", () => {
  it("runs one more pass for any number of wake-ups during a pass, and never two at once", async () => {
    const t = await setup();
    await t.add(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    const sent: string[] = [];
    const runner = createQueueRunner(
      t.options({
        async deliver(item) {
          running += 1;
          most = Math.max(most, running);
          if (sent.length === 0) await held;
          sent.push(item.key);
          running -= 1;
          return undefined;
        },
      }),
    );
    const first = runner.wake();
    await expect.poll(() => running).toBe(1);
    await t.add(2);
    const wakes = [runner.wake(), runner.wake(), runner.wake()];
    release();
    await Promise.all([first, ...wakes]);
    expect(sent).toHaveLength(2);
    expect(most).toBe(1);
    // The first pass claims its job, the one added meanwhile, then nothing; the three wake-ups
    // share one more pass, which claims nothing: four claims, where a pass each would make six.
    expect(t.claims()).toBe(4);
    await runner.stop();
  });

  it("starts no pass on a wake-up the policy holds, and runs a drain's pass all the same", async () => {
    const t = await setup();
    await t.add(1);
    const runner = createQueueRunner(t.options({ holdsWake: () => true }));
    await runner.wake();
    expect(t.claims()).toBe(0);
    expect(await runner.pass()).toEqual({ sent: 1 });
    await runner.stop();
  });
});
