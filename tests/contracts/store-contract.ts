/**
 * The behaviour every ContactStore must have, run against each implementation
 * (sqlite-store.test.ts on a file and in memory, postgres-store.test.ts on a real Postgres).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fingerprintContact } from "../../functions/send-contact-email/intake/fingerprint.ts";
import type {
  ContactStore,
  NewContactRequest,
} from "../../functions/send-contact-email/store/store.ts";
import { type ContactRequest, validateContact } from "../../shared/contact-schema.ts";
import { validRequest } from "../integration/support/requests.ts";

const minute = 60_000;
const t0 = new Date("2025-05-01T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

function data(): ContactRequest {
  const result = validateContact(validRequest());
  if (!result.ok) throw new Error("sample request is invalid");
  return result.data;
}

async function newRequest(overrides: Partial<NewContactRequest> = {}): Promise<NewContactRequest> {
  const request = overrides.data ?? data();
  return {
    id: crypto.randomUUID(),
    data: request,
    fingerprint: await fingerprintContact(request),
    receivedAt: t0,
    dedupeWindowMs: 10 * minute,
    ...overrides,
  };
}

export function describeStoreContract(name: string, open: () => Promise<ContactStore>) {
  describe(`${name}: the ContactStore contract`, () => {
    let store: ContactStore;
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("keeps a submitted request with every field, pending, with no attempts", async () => {
      const request = await newRequest();
      expect(await store.submit(request)).toEqual({ id: request.id, duplicate: false });
      const [stored] = await store.list();
      expect(stored).toMatchObject({
        ...request.data,
        id: request.id,
        createdAt: t0.toISOString(),
        status: "new",
        deliveryStatus: "pending",
        attempts: 0,
        lastError: null,
        sentAt: null,
        deliveredRecipients: [],
      });
    });

    it("keeps a request's quote details as the function resolved them, and none when absent", async () => {
      const details = {
        zip: "19406",
        inServiceArea: true,
        town: "King of Prussia",
        estimate: {
          low: 160,
          high: 210,
          // A weekly plan's later visits (contact-api.md, "Recurring schedules have two prices").
          recurring: { low: 200, high: 265 },
          currency: "USD" as const,
          priceList: "test-1",
          inputs: {
            kind: "home" as const,
            bedrooms: 2,
            bathrooms: 1.5,
            squareFeet: 1100,
            condition: "routine" as const,
            frequency: "weekly" as const,
            addOns: ["inside-oven"],
          },
        },
        offer: { id: "welcome-20", percentOff: 20 },
        preferredWindows: [{ date: "2025-05-05", window: "morning" as const }],
      };
      const withDetails = await newRequest({ details });
      const without = await newRequest({
        receivedAt: at(minute),
        data: { ...data(), name: "Other" },
      });
      await store.submit(withDetails);
      await store.submit(without);
      const stored = await store.list();
      expect(stored.find((row) => row.id === withDetails.id)).toMatchObject(details);
      const plain = stored.find((row) => row.id === without.id);
      for (const key of [
        "zip",
        "inServiceArea",
        "town",
        "nearby",
        "estimate",
        "offer",
        "preferredWindows",
      ]) {
        expect(plain?.[key as keyof typeof plain] ?? undefined).toBeUndefined();
      }
    });

    it("keeps where a request's visit came from, and nothing when it carried none", async () => {
      const source = {
        landingPage: "/exton",
        referrer: "www.google.com",
        utm: { source: "google", medium: "cpc", campaign: "fall" },
      };
      const withSource = await newRequest({ source });
      const without = await newRequest({
        receivedAt: at(minute),
        data: { ...data(), name: "Other" },
      });
      await store.submit(withSource);
      await store.submit(without);
      const stored = await store.list();
      expect(stored.find((row) => row.id === withSource.id)?.source).toEqual(source);
      expect(stored.find((row) => row.id === without.id)).not.toHaveProperty("source");
    });

    it("stores spam with its status, and never claims it for delivery", async () => {
      const spam = await newRequest({ status: "spam" });
      await store.submit(spam);
      const [stored] = await store.list();
      expect(stored).toMatchObject({ id: spam.id, status: "spam", deliveryStatus: "pending" });
      expect(await store.queue("deliveries").claim(at(minute), 10, minute)).toEqual([]);
      expect(await store.queue("deliveries").nextDue(minute)).toBeNull();
    });

    it("keeps why the filter judged a request spam, and no reason for the rest", async () => {
      const spam = await newRequest({ status: "spam", spamReason: "the hidden field was filled" });
      const honest = await newRequest({
        receivedAt: at(1000),
        spamReason: "ignored when not spam",
      });
      await store.submit(spam);
      await store.submit(honest);
      const byId = new Map((await store.list()).map((row) => [row.id, row]));
      expect(byId.get(spam.id)?.spamReason).toBe("the hidden field was filled");
      expect(byId.get(honest.id)).not.toHaveProperty("spamReason");
    });

    it("judges a repeat of a spam request afresh instead of merging it into the spam", async () => {
      const spam = await newRequest({ status: "spam", spamReason: "the hidden field was filled" });
      await store.submit(spam);
      const resent = await store.submit({
        ...spam,
        id: crypto.randomUUID(),
        receivedAt: at(minute),
        status: "new",
        spamReason: undefined,
      });
      expect(resent.duplicate).toBe(false);
      expect(resent.id).not.toBe(spam.id);
      const [newest] = await store.list();
      expect(newest).toMatchObject({ id: resent.id, status: "new" });
      expect(
        (await store.queue("deliveries").claim(at(2 * minute), 10, minute)).map((row) => row.id),
      ).toEqual([resent.id]);
    });

    it("answers a repeat inside the window with the first id and stores it once", async () => {
      const first = await newRequest();
      await store.submit(first);
      const repeat = await store.submit({
        ...first,
        id: crypto.randomUUID(),
        receivedAt: at(minute),
      });
      expect(repeat).toEqual({ id: first.id, duplicate: true });
      expect(await store.list()).toHaveLength(1);
    });

    it("stores the same request again once the window has passed", async () => {
      const first = await newRequest();
      await store.submit(first);
      const later = await store.submit({
        ...first,
        id: crypto.randomUUID(),
        receivedAt: at(11 * minute),
      });
      expect(later.duplicate).toBe(false);
      expect(await store.list()).toHaveLength(2);
    });

    it("claims due requests once, counting the attempt, until the lease runs out", async () => {
      const request = await newRequest();
      await store.submit(request);
      const [claimed] = await store.queue("deliveries").claim(at(1000), 10, 2 * minute);
      expect(claimed).toMatchObject({ id: request.id, attempts: 1 });
      expect(await store.queue("deliveries").claim(at(2000), 10, 2 * minute)).toEqual([]);
      expect(await store.queue("deliveries").nextDue(2 * minute)).toEqual(at(1000 + 2 * minute));
      const [reclaimed] = await store
        .queue("deliveries")
        .claim(at(1000 + 2 * minute), 10, 2 * minute);
      expect(reclaimed).toMatchObject({ id: request.id, attempts: 2 });
    });

    it("reschedules a failed delivery and records the error", async () => {
      const request = await newRequest();
      await store.submit(request);
      await store.queue("deliveries").claim(at(0), 10, minute);
      await store.queue("deliveries").retry(request.id, "connection refused", at(30_000));
      expect(await store.queue("deliveries").nextDue(minute)).toEqual(at(30_000));
      expect(await store.queue("deliveries").claim(at(29_999), 10, minute)).toEqual([]);
      const [retry] = await store.queue("deliveries").claim(at(30_000), 10, minute);
      expect(retry).toMatchObject({ attempts: 2, lastError: "connection refused" });
    });

    it("marks a permanent failure failed, with its reason, and never claims it again", async () => {
      const request = await newRequest();
      await store.submit(request);
      await store.queue("deliveries").claim(at(0), 10, minute);
      await store.queue("deliveries").giveUp(request.id, "550 5.7.1 refused by policy");
      expect(await store.queue("deliveries").claim(at(10 * minute), 10, minute)).toEqual([]);
      expect(await store.queue("deliveries").nextDue(minute)).toBeNull();
      const [stored] = await store.list();
      expect(stored).toMatchObject({
        deliveryStatus: "failed",
        attempts: 1,
        lastError: "550 5.7.1 refused by policy",
        sentAt: null,
      });
    });

    it("keeps the recipients that already accepted a partly delivered e-mail", async () => {
      const request = await newRequest();
      await store.submit(request);
      await store.queue("deliveries").claim(at(0), 10, minute);
      await store
        .queue("deliveries")
        .retry(request.id, "450 mailbox busy: b@example.com", at(1000), {
          deliveredRecipients: ["a@example.com"],
        });
      const [retry] = await store.queue("deliveries").claim(at(1000), 10, minute);
      expect(retry).toMatchObject({ attempts: 2, deliveredRecipients: ["a@example.com"] });
      await store.queue("deliveries").giveUp(request.id, "550 no such user: b@example.com", {
        deliveredRecipients: ["a@example.com"],
      });
      expect((await store.list())[0]).toMatchObject({
        deliveryStatus: "failed",
        deliveredRecipients: ["a@example.com"],
      });
    });

    it("claims never-attempted requests before older retries", async () => {
      const old = await newRequest({ receivedAt: at(0) });
      await store.submit(old);
      await store.queue("deliveries").claim(at(0), 10, minute);
      await store.queue("deliveries").retry(old.id, "452 try later", at(1000));
      const fresh = await newRequest({
        receivedAt: at(5000),
        data: { ...data(), name: "Fresh Lead" },
      });
      await store.submit(fresh);
      const [first] = await store.queue("deliveries").claim(at(6000), 1, minute);
      expect(first?.id).toBe(fresh.id);
      const [second] = await store.queue("deliveries").claim(at(6000), 1, minute);
      expect(second?.id).toBe(old.id);
    });

    it("marks a request sent, which ends its deliveries", async () => {
      const request = await newRequest();
      await store.submit(request);
      await store.queue("deliveries").claim(at(0), 10, minute);
      await store.queue("deliveries").complete(request.id, at(500), {
        deliveredTo: "smtp:owner@example.com",
      });
      expect(await store.queue("deliveries").claim(at(10 * minute), 10, minute)).toEqual([]);
      expect(await store.queue("deliveries").nextDue(minute)).toBeNull();
      const [stored] = await store.list();
      expect(stored).toMatchObject({
        deliveryStatus: "sent",
        sentAt: at(500).toISOString(),
        deliveredTo: "smtp:owner@example.com",
        lastError: null,
      });
    });

    it("claims at most the batch size, oldest due first", async () => {
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const request = await newRequest({ receivedAt: at(index * 1000) });
        ids.push(request.id);
        await store.submit(request);
      }
      const batch = await store.queue("deliveries").claim(at(10_000), 3, minute);
      expect(batch.map((row) => row.id)).toEqual(ids.slice(0, 3));
    });

    it("lists newest first", async () => {
      const older = await newRequest({ receivedAt: at(0) });
      const newer = await newRequest({ receivedAt: at(1000) });
      await store.submit(older);
      await store.submit(newer);
      expect((await store.list()).map((row) => row.id)).toEqual([newer.id, older.id]);
    });
  });
}
