/**
 * The behaviour of the one generic queue every store implements (queue/job-queue.ts), for each of
 * its queues, and of the one runner over it (queue/runner.ts) (sqlite-store.test.ts,
 * postgres-store.test.ts): a claim is exclusive under two claimers at once, a failed attempt comes
 * back after its backoff, a job that used all its attempts is given up and stays visible, and
 * stopping waits for the attempt in flight.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FunctionStore } from "../../functions/send-contact-email/contact-function.ts";
import { retryDelayMs } from "../../functions/send-contact-email/queue/backoff.ts";
import { createQueueRunner } from "../../functions/send-contact-email/queue/runner.ts";
import type { JobQueue } from "../../functions/send-contact-email/store/job-queue.ts";
import type { QueueName } from "../../functions/send-contact-email/store/queue-table.ts";
import { storeSample } from "../support/samples.ts";

const t0 = new Date("2026-11-20T15:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;
const retry = { baseMs: minute, maxMs: 60 * minute };

type Store = FunctionStore;
/** A job as the contract sees it, whichever queue holds it. */
type Shown = { state: string; attempts: number; lastError: string | null };

/** How to put a job into each queue and see it there again: the rest is the same for all. */
const queues: Record<
  QueueName,
  {
    add(store: Store, requestId: string, n: number): Promise<string>;
    show(store: Store, key: string): Promise<Shown | undefined>;
  }
> = {
  deliveries: {
    add: async (_store, requestId) => requestId,
    async show(store, key) {
      const request = await store.get(key);
      return request
        ? {
            state: request.deliveryStatus,
            attempts: request.attempts,
            lastError: request.lastError,
          }
        : undefined;
    },
  },
  notices: {
    async add(store, requestId, n) {
      const key = `alert:${requestId}:${n}`;
      await store.enqueueNotice({
        key,
        channel: "push",
        requestId,
        notice: { kind: "alert", title: "New quote request", lines: [], url: null, leads: [] },
        createdAt: t0,
      });
      return key;
    },
    async show(store, key) {
      const notice = (await store.listNotices()).find((item) => item.key === key);
      return notice && { state: notice.status, ...notice };
    },
  },
  visitorEmails: {
    async add(store, requestId) {
      const key = `acknowledgement:${requestId}`;
      await store.enqueueVisitorEmail({
        key,
        kind: "acknowledgement",
        requestId,
        recipient: `${requestId}@example.com`,
        payload: {},
        createdAt: t0,
      });
      return key;
    },
    async show(store, key) {
      const email = (await store.listVisitorEmails()).find((item) => item.key === key);
      return email && { state: email.status, ...email };
    },
  },
  followUps: {
    async add(store, requestId) {
      const key = `review:${requestId}`;
      await store.enqueueFollowUp({
        key,
        kind: "review",
        requestId,
        addressHash: "a".repeat(64),
        queuedStatus: "new",
        createdAt: t0,
        dueAt: t0,
      });
      return key;
    },
    async show(store, key) {
      const requestId = key.slice("review:".length);
      return (await store.listFollowUps(requestId)).find((item) => item.key === key);
    },
  },
};

/** Any queue's job: a request (the deliveries) has an id, every other job a key. */
type Job = { attempts: number; key?: string; id?: string };
const keyOf = (job: Job) => job.key ?? job.id ?? "";
const jobs = (store: Store, name: QueueName) => store.queue(name) as unknown as JobQueue<Job>;

export function describeQueueContract(
  name: string,
  /** Two stores on one database: two servers, or two Edge Function instances. */
  open: () => Promise<[Store, Store]>,
) {
  for (const [queueName, kind] of Object.entries(queues) as [
    QueueName,
    (typeof queues)[QueueName],
  ][]) {
    describe(`${name}: the generic queue contract, ${queueName}`, () => {
      let store: Store;
      let other: Store;
      beforeEach(async () => {
        [store, other] = await open();
        return async () => {
          await other.close();
          await store.close();
        };
      });

      async function add(count: number): Promise<string[]> {
        const keys: string[] = [];
        for (let n = 0; n < count; n += 1)
          keys.push(await kind.add(store, await storeSample(store, t0), n));
        return keys;
      }

      it("gives each due job to one claimer only, with two claiming at once", async () => {
        const keys = await add(12);
        const claimed: string[] = [];
        const claimAll = async (claimer: Store) => {
          for (;;) {
            const batch = await claimer.queue(queueName).claim(at(1000), 5, minute);
            if (batch.length === 0) return;
            claimed.push(...batch.map(keyOf));
          }
        };
        await Promise.all([claimAll(store), claimAll(other), claimAll(store), claimAll(other)]);
        expect(claimed.toSorted()).toEqual(keys.toSorted());
        expect(await store.queue(queueName).nextDue(minute)).toEqual(at(1000 + minute));
      });

      it("brings a failed attempt back after its backoff, not before", async () => {
        const [key] = (await add(1)) as [string];
        const queue = store.queue(queueName);
        const [job] = await queue.claim(at(1000), 10, minute);
        expect(job).toMatchObject({ attempts: 1 });
        const backoff = retryDelayMs(1, retry, () => 1);
        await queue.retry(key, "421 try again later", at(1000 + backoff));
        expect(await queue.nextDue(minute)).toEqual(at(1000 + backoff));
        expect(await other.queue(queueName).claim(at(1000 + backoff - 1), 10, minute)).toEqual([]);
        const [again] = await other.queue(queueName).claim(at(1000 + backoff), 10, minute);
        expect(again && keyOf(again)).toBe(key);
        expect(again).toMatchObject({ attempts: 2, lastError: "421 try again later" });
      });

      it("gives up a job that used all its attempts, and keeps it visible with the reason", async () => {
        const [key] = (await add(1)) as [string];
        let clock = at(1000);
        let attempts = 0;
        const runner = createQueueRunner({
          name: "contract",
          what: "contract job",
          queue: jobs(store, queueName),
          keyOf,
          deliver: async () => {
            attempts += 1;
            throw new Error(`550 refused, attempt ${attempts}`);
          },
          retry,
          leaseMs: minute,
          batchSize: 4,
          maxAttempts: 3,
          maxSleepMs: minute,
          now: () => clock,
          random: () => 1,
        });
        for (let pass = 1; pass <= 3; pass += 1) {
          expect(await runner.pass()).toEqual({ failed: 1 });
          clock = new Date(clock.getTime() + retryDelayMs(pass, retry, () => 1));
        }
        expect(await runner.pass()).toEqual({});
        expect(attempts).toBe(3);
        expect(await kind.show(store, key)).toMatchObject({
          state: "failed",
          attempts: 3,
          lastError: "550 refused, attempt 3",
        });
        expect(await store.queue(queueName).nextDue(minute)).toBeNull();
        expect(await store.queue(queueName).claim(at(24 * 60 * minute), 10, minute)).toEqual([]);
      });

      it("waits, when stopped, for the attempt in flight and records it", async () => {
        const [key] = (await add(1)) as [string];
        let started = () => {};
        const inFlight = new Promise<void>((resolve) => {
          started = resolve;
        });
        let finish = () => {};
        const held = new Promise<void>((resolve) => {
          finish = resolve;
        });
        const runner = createQueueRunner({
          name: "contract",
          what: "contract job",
          queue: jobs(store, queueName),
          keyOf,
          deliver: async () => {
            started();
            await held;
            return undefined;
          },
          retry,
          leaseMs: minute,
          batchSize: 4,
          maxAttempts: 3,
          maxSleepMs: minute,
          now: () => at(1000),
        });
        runner.start();
        await inFlight;
        let stopped = false;
        const stopping = runner.stop().then(() => {
          stopped = true;
        });
        // The attempt is still held: stop must not have returned, whatever else settles first.
        await new Promise((resolve) => setImmediate(resolve));
        await kind.show(store, key);
        expect(stopped).toBe(false);
        finish();
        await stopping;
        expect(await kind.show(store, key)).toMatchObject({ state: "sent", attempts: 1 });
      });
    });
  }
}
