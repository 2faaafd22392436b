/**
 * The behaviour every OwnerStore must have (sqlite-store.test.ts, postgres-store.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fingerprintContact } from "../../functions/send-contact-email/intake/fingerprint.ts";
import type {
  NewNotice,
  Notice,
  OwnerStore,
} from "../../functions/send-contact-email/store/owner-store.ts";
import type { ContactStore } from "../../functions/send-contact-email/store/store.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { validRequest } from "../integration/support/requests.ts";

const t0 = new Date("2025-05-01T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;

async function submit(store: ContactStore, receivedAt = t0, name = "Dana") {
  const result = validateContact(validRequest({ name }));
  if (!result.ok) throw new Error("invalid sample");
  const id = crypto.randomUUID();
  await store.submit({
    id,
    data: result.data,
    fingerprint: await fingerprintContact(result.data),
    receivedAt,
    dedupeWindowMs: 0,
  });
  return id;
}

const notice: Notice = {
  kind: "alert",
  title: "New quote request: Dana",
  lines: ["Carpet"],
  url: null,
  leads: [],
};

function queued(key: string, overrides: Partial<NewNotice> = {}): NewNotice {
  return { key, channel: "push", requestId: null, notice, createdAt: t0, ...overrides };
}

export function describeOwnerStoreContract(
  name: string,
  open: () => Promise<ContactStore & OwnerStore>,
) {
  describe(`${name}: the OwnerStore contract`, () => {
    let store: ContactStore & OwnerStore;
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("reads one request, and null for an unknown id", async () => {
      const id = await submit(store);
      expect(await store.get(id)).toMatchObject({
        id,
        name: "Dana",
        status: "new",
        contactedAt: null,
      });
      expect(await store.get(crypto.randomUUID())).toBeNull();
    });

    it("sets the status; the first answer records contactedAt, later changes keep it", async () => {
      const id = await submit(store);
      expect(await store.setStatus(id, "contacted", at(90 * minute))).toMatchObject({
        status: "contacted",
        contactedAt: at(90 * minute).toISOString(),
      });
      expect(await store.setStatus(id, "won", at(200 * minute))).toMatchObject({
        status: "won",
        contactedAt: at(90 * minute).toISOString(),
      });
      const [listed] = await store.list();
      expect(listed).toMatchObject({ status: "won", contactedAt: at(90 * minute).toISOString() });
      expect(await store.setStatus(crypto.randomUUID(), "won", t0)).toBeNull();
    });

    it("spam is no answer: it records no contactedAt, and a won after it does", async () => {
      const id = await submit(store);
      expect(await store.setStatus(id, "spam", at(minute))).toMatchObject({
        status: "spam",
        contactedAt: null,
      });
      expect(await store.setStatus(id, "won", at(5 * minute))).toMatchObject({
        contactedAt: at(5 * minute).toISOString(),
      });
    });

    it("records when the owner set the status, so an owner's Spam is never the filter's", async () => {
      const id = await submit(store);
      expect(await store.get(id)).toMatchObject({ status: "new", statusSetAt: null });
      expect(await store.setStatus(id, "spam", at(minute))).toMatchObject({
        status: "spam",
        statusSetAt: at(minute).toISOString(),
      });
      const result = validateContact(validRequest({ name: "Bot" }));
      if (!result.ok) throw new Error("invalid sample");
      const caught = crypto.randomUUID();
      await store.submit({
        id: caught,
        data: result.data,
        fingerprint: caught,
        receivedAt: t0,
        dedupeWindowMs: 0,
        status: "spam",
      });
      const byId = new Map((await store.list()).map((row) => [row.id, row]));
      expect(byId.get(caught)).toMatchObject({ status: "spam", statusSetAt: null });
      expect(byId.get(id)).toMatchObject({ statusSetAt: at(minute).toISOString() });
    });

    it("a status change does not touch the e-mail's delivery", async () => {
      const id = await submit(store);
      await store.setStatus(id, "contacted", at(minute));
      const [claimed] = await store.queue("deliveries").claim(at(2 * minute), 10, minute);
      expect(claimed?.id).toBe(id);
    });

    it("lists the requests since a time, newest first", async () => {
      const old = await submit(store, t0, "Old");
      const newer = await submit(store, at(60 * minute), "Newer");
      const newest = await submit(store, at(120 * minute), "Newest");
      expect((await store.listSince(at(60 * minute))).map((row) => row.id)).toEqual([
        newest,
        newer,
      ]);
      expect((await store.listSince(t0)).map((row) => row.id)).toContain(old);
    });

    it("queues each notice key once", async () => {
      expect(await store.enqueueNotice(queued("alert:1:push"))).toBe(true);
      expect(await store.enqueueNotice(queued("alert:1:push"))).toBe(false);
      expect(await store.enqueueNotice(queued("alert:1:email", { channel: "email" }))).toBe(true);
      const listed = await store.listNotices();
      expect(listed.map((item) => item.key).sort()).toEqual(["alert:1:email", "alert:1:push"]);
      expect(listed[0]).toMatchObject({ status: "pending", attempts: 0, lastError: null, notice });
    });

    it("claims due notices once per lease, retries later, and ends sent or failed", async () => {
      await store.enqueueNotice(queued("a"));
      await store.enqueueNotice(queued("b", { createdAt: at(minute) }));
      const first = await store.queue("notices").claim(at(minute), 10, 2 * minute);
      expect(first.map((item) => item.key)).toEqual(["a", "b"]);
      expect(first[0]?.attempts).toBe(1);
      expect(await store.queue("notices").claim(at(minute), 10, 2 * minute)).toEqual([]);
      expect(await store.queue("notices").nextDue(2 * minute)).toEqual(at(3 * minute));

      await store.queue("notices").complete("a", at(2 * minute));
      await store.queue("notices").retry("b", "HTTP 503", at(10 * minute));
      expect(await store.queue("notices").nextDue(2 * minute)).toEqual(at(10 * minute));
      expect(await store.queue("notices").claim(at(9 * minute), 10, 2 * minute)).toEqual([]);
      const retried = await store.queue("notices").claim(at(10 * minute), 10, 2 * minute);
      expect(retried).toMatchObject([{ key: "b", attempts: 2, lastError: "HTTP 503" }]);
      await store.queue("notices").giveUp("b", "gave up");

      const byKey = Object.fromEntries((await store.listNotices()).map((item) => [item.key, item]));
      expect(byKey.a).toMatchObject({ status: "sent", sentAt: at(2 * minute).toISOString() });
      expect(byKey.b).toMatchObject({ status: "failed", lastError: "gave up" });
      expect(await store.queue("notices").nextDue(2 * minute)).toBeNull();
      expect(await store.queue("notices").claim(at(60 * minute), 10, 2 * minute)).toEqual([]);
    });

    it("claims an abandoned notice again after its lease", async () => {
      await store.enqueueNotice(queued("a"));
      await store.queue("notices").claim(t0, 10, 2 * minute);
      expect(await store.queue("notices").claim(at(minute), 10, 2 * minute)).toEqual([]);
      expect(await store.queue("notices").claim(at(2 * minute), 10, 2 * minute)).toMatchObject([
        { key: "a", attempts: 2 },
      ]);
    });
  });
}
