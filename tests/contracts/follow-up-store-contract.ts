/**
 * The behaviour every FollowUpStore must have (sqlite-store.test.ts, postgres-store.test.ts): one
 * follow-up per key, claimed and marked like every queue, stopped for good, counted per address
 * for the daily cap, listed per request; opt-outs; and the requests a follow-up may be due for.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type {
  FollowUpStore,
  NewFollowUp,
} from "../../functions/send-contact-email/store/follow-up-store.ts";
import type { OwnerStore } from "../../functions/send-contact-email/store/owner-store.ts";
import type { ContactStore } from "../../functions/send-contact-email/store/store.ts";
import { storeSample } from "../support/samples.ts";

const t0 = new Date("2026-11-20T15:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;
const day = 86_400_000;
const dana = "a".repeat(64);
const sam = "b".repeat(64);

type Store = ContactStore & OwnerStore & FollowUpStore;

const submit = (store: Store, receivedAt = t0, status: "new" | "spam" = "new") =>
  storeSample(store, receivedAt, {}, { status });

function followUp(requestId: string, overrides: Partial<NewFollowUp> = {}): NewFollowUp {
  return {
    key: `review:${requestId}`,
    kind: "review",
    requestId,
    addressHash: dana,
    queuedStatus: "won",
    createdAt: t0,
    dueAt: at(60 * minute),
    ...overrides,
  };
}

export function describeFollowUpStoreContract(name: string, open: () => Promise<Store>) {
  describe(`${name}: the FollowUpStore contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("records when the owner last set a status", async () => {
      const id = await submit(store);
      expect((await store.get(id))?.statusSetAt).toBeNull();
      await store.setStatus(id, "contacted", at(minute));
      await store.setStatus(id, "won", at(2 * minute));
      expect(await store.get(id)).toMatchObject({
        statusSetAt: at(2 * minute).toISOString(),
        contactedAt: at(minute).toISOString(),
      });
    });

    it("queues each key once, due when asked, and lists a request's follow-ups", async () => {
      const id = await submit(store);
      expect(await store.enqueueFollowUp(followUp(id))).toBe(true);
      expect(await store.enqueueFollowUp(followUp(id, { dueAt: t0 }))).toBe(false);
      expect(await store.queue("followUps").claim(at(59 * minute), 10, minute)).toEqual([]);
      expect(await store.queue("followUps").nextDue(minute)).toEqual(at(60 * minute));
      expect(await store.listFollowUps(id)).toMatchObject([
        {
          key: `review:${id}`,
          kind: "review",
          requestId: id,
          addressHash: dana,
          queuedStatus: "won",
          state: "pending",
          attempts: 0,
          nextAttemptAt: at(60 * minute).toISOString(),
          sentAt: null,
        },
      ]);
      expect(await store.listFollowUps(crypto.randomUUID())).toEqual([]);
    });

    it("claims due follow-ups once per lease, retries, and ends sent or failed", async () => {
      const first = await submit(store);
      const second = await submit(store, at(minute));
      await store.enqueueFollowUp(followUp(first));
      await store.enqueueFollowUp(
        followUp(second, { key: `follow-up:${second}`, kind: "follow-up" }),
      );
      const claimed = await store.queue("followUps").claim(at(60 * minute), 10, 2 * minute);
      expect(claimed.map((item) => item.requestId).sort()).toEqual([first, second].sort());
      expect(claimed[0]?.attempts).toBe(1);
      expect(await store.queue("followUps").claim(at(61 * minute), 10, 2 * minute)).toEqual([]);
      await store.queue("followUps").complete(`review:${first}`, at(61 * minute));
      await store.queue("followUps").retry(`follow-up:${second}`, "daily cap", at(90 * minute));
      expect(await store.queue("followUps").nextDue(2 * minute)).toEqual(at(90 * minute));
      const again = await store.queue("followUps").claim(at(90 * minute), 10, 2 * minute);
      expect(again).toMatchObject([
        { key: `follow-up:${second}`, attempts: 2, lastError: "daily cap" },
      ]);
      await store.queue("followUps").giveUp(`follow-up:${second}`, "550 no such user");
      expect(await store.listFollowUps(first)).toMatchObject([
        { state: "sent", sentAt: at(61 * minute).toISOString(), lastError: null },
      ]);
      expect(await store.listFollowUps(second)).toMatchObject([
        { state: "failed", lastError: "550 no such user" },
      ]);
      expect(await store.queue("followUps").nextDue(2 * minute)).toBeNull();
    });

    it("queues a stopped follow-up again when asked, but never a sent or failed one", async () => {
      const stopped = await submit(store);
      const sent = await submit(store, at(minute));
      const failed = await submit(store, at(2 * minute));
      for (const id of [stopped, sent, failed]) await store.enqueueFollowUp(followUp(id));
      await store.queue("followUps").claim(at(60 * minute), 10, minute);
      await store.queue("followUps").complete(`review:${sent}`, at(60 * minute));
      await store.queue("followUps").giveUp(`review:${failed}`, "550");
      await store.stopFollowUp(`review:${stopped}`, "the status changed to lost");
      const again = (id: string) =>
        store.enqueueFollowUp(followUp(id, { queuedStatus: "booked", dueAt: at(day) }));
      expect(await again(stopped)).toBe(true);
      expect(await again(sent)).toBe(false);
      expect(await again(failed)).toBe(false);
      expect(await store.listFollowUps(stopped)).toMatchObject([
        {
          state: "pending",
          attempts: 0,
          lastError: null,
          queuedStatus: "booked",
          nextAttemptAt: at(day).toISOString(),
        },
      ]);
      expect((await store.listFollowUps(sent))[0]).toMatchObject({
        state: "sent",
        queuedStatus: "won",
      });
    });

    it("stops a pending follow-up for good, and never a sent one", async () => {
      const id = await submit(store);
      const other = await submit(store, at(minute));
      await store.enqueueFollowUp(followUp(id));
      await store.enqueueFollowUp(followUp(other));
      await store.queue("followUps").claim(at(60 * minute), 10, minute);
      await store.queue("followUps").complete(`review:${other}`, at(60 * minute));
      await store.stopFollowUp(`review:${id}`, "status changed to lost");
      await store.stopFollowUp(`review:${other}`, "status changed to lost");
      expect(await store.listFollowUps(id)).toMatchObject([
        { state: "stopped", lastError: "status changed to lost" },
      ]);
      expect((await store.listFollowUps(other))[0]?.state).toBe("sent");
      expect(await store.queue("followUps").claim(at(day), 10, minute)).toEqual([]);
    });

    it("counts what was sent to one address since a time", async () => {
      const a = await submit(store);
      const b = await submit(store, at(minute));
      const c = await submit(store, at(2 * minute));
      await store.enqueueFollowUp(followUp(a));
      await store.enqueueFollowUp(followUp(b));
      await store.enqueueFollowUp(followUp(c, { addressHash: sam }));
      await store.queue("followUps").claim(at(60 * minute), 10, minute);
      await store.queue("followUps").complete(`review:${a}`, at(60 * minute));
      await store.queue("followUps").complete(`review:${b}`, at(5 * 60 * minute));
      await store.queue("followUps").complete(`review:${c}`, at(5 * 60 * minute));
      expect(await store.followUpsSentTo(dana, at(0))).toBe(2);
      expect(await store.followUpsSentTo(dana, at(2 * 60 * minute))).toBe(1);
      expect(await store.followUpsSentTo(sam, at(0))).toBe(1);
      expect(await store.followUpsSentTo("c".repeat(64), at(0))).toBe(0);
    });

    it("keeps opt-outs, the first time only", async () => {
      expect(await store.isOptedOut(dana)).toBe(false);
      await store.optOut(dana, t0);
      await store.optOut(dana, at(day));
      expect(await store.isOptedOut(dana)).toBe(true);
      expect(await store.isOptedOut(sam)).toBe(false);
    });

    it("lists requests received or changed since a time, newest first, spam left out", async () => {
      const old = await submit(store, at(-30 * day));
      const recent = await submit(store, at(-day));
      await submit(store, at(-day), "spam");
      await submit(store, at(-40 * day));
      await store.setStatus(old, "won", at(-minute));
      const touched = await store.listTouchedSince(at(-2 * day));
      expect(touched.map((lead) => lead.id)).toEqual([recent, old]);
    });
  });
}
