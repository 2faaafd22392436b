import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateContact } from "../../../shared/contact-schema.ts";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { waitUntil } from "../../../tests/integration/support/ports.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { openSqliteStore } from "../database/sqlite-store.ts";
import { fingerprintContact } from "../intake/fingerprint.ts";
import { memoryMailCount } from "../store/mail-count.ts";
import type { ContactStore } from "../store/store.ts";
import {
  type ContactEmail,
  composeContactEmail,
  composeDigestEmail,
  composeFailureNotice,
} from "./email.ts";
import { MailDeliveryError, type Mailer } from "./mailer.ts";
import { createOutbox, type OutboxOptions } from "./outbox.ts";

const compose = (request: Parameters<typeof composeContactEmail>[0]) =>
  composeContactEmail(request, {
    from: "site@example.com",
    to: ["owner@example.com"],
    businessName: "Test",
    wordsOf: repositoryFacts,
  });

const letters = {
  from: "site@example.com",
  to: ["owner@example.com"],
  businessName: "Test",
  wordsOf: repositoryFacts,
};

/** A mailer whose outcome the test decides; it records every e-mail it accepted. */
function fakeMailer() {
  const sent: ContactEmail[] = [];
  let attempts = 0;
  let failure: string | null = null;
  let refuse: (email: ContactEmail) => Error | null = () => null;
  const mailer: Mailer & {
    sent: ContactEmail[];
    attempts: () => number;
    fail(reason: string | null): void;
    refuseWhen(decide: (email: ContactEmail) => Error | null): void;
  } = {
    sent,
    attempts: () => attempts,
    fail(reason) {
      failure = reason;
    },
    refuseWhen(decide) {
      refuse = decide;
    },
    async send(email) {
      attempts += 1;
      if (failure) throw new Error(failure);
      const refusal = refuse(email);
      if (refusal) throw refusal;
      sent.push(email);
      return "fake:owner@example.com";
    },
    async close() {},
  };
  return mailer;
}

async function submit(store: ContactStore, receivedAt = new Date(), message?: string) {
  const result = validateContact(validRequest(message ? { message } : {}));
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

function outboxFor(store: ContactStore, mailer: Mailer, overrides: Partial<OutboxOptions> = {}) {
  return createOutbox({
    store,
    mailer,
    compose,
    retry: { baseMs: 20, maxMs: 100 },
    leaseMs: 60_000,
    concurrency: 2,
    ...overrides,
  });
}

const folders: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("outbox", () => {
  it("sends each stored request once and marks it sent", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    const ids = [await submit(store), await submit(store), await submit(store)];
    const outbox = outboxFor(store, mailer);
    outbox.start();
    await waitUntil(() => mailer.sent.length === 3, { what: "three e-mails" });
    await outbox.stop();
    expect(mailer.sent.map((email) => email.requestId).sort()).toEqual([...ids].sort());
    const rows = await store.list();
    expect(rows.every((row) => row.deliveryStatus === "sent" && row.attempts === 1)).toBe(true);
    expect(rows[0]?.deliveredTo).toBe("fake:owner@example.com");
  });

  it("picks up requests committed while it runs, when notified", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    const outbox = outboxFor(store, mailer);
    outbox.start();
    for (let index = 0; index < 10; index += 1) {
      await submit(store);
      outbox.notify();
    }
    await waitUntil(() => mailer.sent.length === 10, { what: "ten e-mails" });
    await outbox.stop();
    expect(new Set(mailer.sent.map((email) => email.requestId)).size).toBe(10);
  });

  it("records the error and retries with backoff until the mail server accepts", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    mailer.fail("connect ECONNREFUSED 127.0.0.1:2525");
    const id = await submit(store);
    const outbox = outboxFor(store, mailer);
    outbox.start();
    await waitUntil(() => mailer.attempts() >= 3, { what: "three attempts" });
    const [pending] = await store.list();
    expect(pending).toMatchObject({
      id,
      deliveryStatus: "pending",
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    });
    expect(pending?.attempts).toBeGreaterThanOrEqual(2);
    mailer.fail(null);
    await waitUntil(() => mailer.sent.length === 1, { what: "delivery after recovery" });
    await outbox.stop();
    const [sent] = await store.list();
    expect(sent).toMatchObject({ deliveryStatus: "sent", lastError: null });
    expect(mailer.sent).toHaveLength(1);
  });

  it("does not hot-loop during a long outage: attempts grow with the log of the time", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T00:00:00Z") });
    const store = testStore();
    const mailer = fakeMailer();
    mailer.fail("mail server down");
    await submit(store, new Date());
    const outbox = outboxFor(store, mailer, {
      retry: { baseMs: 1000, maxMs: 60_000 },
      random: () => 1,
    });
    outbox.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await outbox.stop();
    // 1, 2, 4, ... 32 s, then every 60 s: about 16 attempts in ten minutes, not thousands.
    expect(mailer.attempts()).toBeGreaterThanOrEqual(10);
    expect(mailer.attempts()).toBeLessThanOrEqual(20);
  });

  it("brakes during an outage: one failing batch per backoff, new requests do not wake it", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    mailer.fail("connect ECONNREFUSED");
    for (let index = 0; index < 20; index += 1) await submit(store);
    const outbox = outboxFor(store, mailer, { retry: { baseMs: 300, maxMs: 600 } });
    outbox.start();
    await waitUntil(() => mailer.attempts() === 2, { what: "the first batch" });
    // Each notify settles when the pass it asked for is over (or at once, held by the brake).
    const woken: Promise<void>[] = [];
    for (let index = 0; index < 5; index += 1) {
      await submit(store);
      woken.push(outbox.notify());
    }
    await Promise.all(woken);
    // Without the brake: every pending request tried at once, and again at each notify.
    expect(mailer.attempts()).toBe(2);
    mailer.fail(null);
    await waitUntil(() => mailer.sent.length === 25, { timeoutMs: 5000, what: "all delivered" });
    expect((await store.list()).every((row) => row.deliveryStatus === "sent")).toBe(true);
    await outbox.stop();
  });

  it("marks a message refused for good failed after 3 attempts, and tells the owner once", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z") });
    const store = testStore();
    const mailer = fakeMailer();
    mailer.refuseWhen((email) =>
      email.text.includes("POISON") ? new MailDeliveryError("554 5.7.1 spam", "permanent") : null,
    );
    const id = await submit(store, new Date(), "POISON text the provider refuses");
    const outbox = outboxFor(store, mailer, {
      retry: { baseMs: 1000, maxMs: 1000 },
      composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
    });
    outbox.start();
    await vi.advanceTimersByTimeAsync(60_000);
    await outbox.stop();
    const [row] = await store.list();
    expect(row).toMatchObject({ id, deliveryStatus: "failed", attempts: 3 });
    expect(row?.lastError).toContain("554 5.7.1 spam");
    const notices = mailer.sent.filter((email) => email.requestId.startsWith("failed-"));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(id);
    expect(notices[0]?.text).not.toContain("POISON");
  });

  it("gathers the failures of one retry interval into one notice", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z") });
    const store = testStore();
    const mailer = fakeMailer();
    mailer.refuseWhen((email) =>
      email.text.includes("POISON") ? new MailDeliveryError("554 refused", "permanent") : null,
    );
    for (let index = 0; index < 40; index += 1)
      await submit(store, new Date(), `POISON number ${index}`);
    const outbox = outboxFor(store, mailer, {
      retry: { baseMs: 15_000, maxMs: 60_000 },
      concurrency: 4,
      composeFailureNotice: (failed) => composeFailureNotice(failed, letters),
    });
    outbox.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await outbox.stop();
    expect((await store.list()).every((row) => row.deliveryStatus === "failed")).toBe(true);
    const notices = mailer.sent.filter((email) => email.requestId.startsWith("failed-"));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.length).toBeLessThanOrEqual(4);
    const named = notices.flatMap(
      (email) => email.headers["X-Contact-Failed-Ids"]?.split(" ") ?? [],
    );
    expect(new Set(named).size).toBe(40);
  });

  it("40 messages refused for good never delay a real request", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z") });
    const store = testStore();
    const mailer = fakeMailer();
    mailer.refuseWhen((email) =>
      email.text.includes("POISON") ? new MailDeliveryError("554 refused", "permanent") : null,
    );
    for (let index = 0; index < 40; index += 1)
      await submit(store, new Date(), `POISON number ${index}`);
    const retry = { baseMs: 15_000, maxMs: 30 * 60_000 };
    const outbox = outboxFor(store, mailer, { retry, concurrency: 4 });
    outbox.start();
    // The poison goes through its first attempts, then its retries come due in waves.
    for (let round = 0; round < 6; round += 1) {
      await vi.advanceTimersByTimeAsync(retry.baseMs * 2 ** round);
      const id = await submit(store, new Date(), `Real lead ${round}`);
      void outbox.notify();
      // One normal retry interval at most; in fact at once.
      await vi.advanceTimersByTimeAsync(retry.baseMs);
      expect(mailer.sent.map((email) => email.requestId)).toContain(id);
    }
    await outbox.stop();
  });

  it("a batch refused whole does not pause the outbox: the next request goes at once", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    mailer.refuseWhen((email) =>
      email.text.includes("POISON") ? new MailDeliveryError("550 refused", "permanent") : null,
    );
    for (let index = 0; index < 4; index += 1) await submit(store, new Date(), `POISON ${index}`);
    const outbox = outboxFor(store, mailer, { retry: { baseMs: 60_000, maxMs: 60_000 } });
    outbox.start();
    await waitUntil(() => mailer.attempts() >= 4, { what: "the poison's first attempts" });
    await submit(store, new Date(), "A real lead");
    void outbox.notify();
    await waitUntil(() => mailer.sent.length === 1, { timeoutMs: 2000, what: "the real lead" });
    await outbox.stop();
  });

  it("retries a partly delivered e-mail only to the recipients that did not accept it", async () => {
    const store = testStore();
    const seen: string[][] = [];
    let calls = 0;
    const mailer: Mailer = {
      async send(email) {
        seen.push(email.to);
        calls += 1;
        if (calls === 1)
          throw new MailDeliveryError("450 busy: b@example.com", "transient", ["a@example.com"]);
        return `fake:${email.to.join(",")}`;
      },
      close: async () => {},
    };
    await submit(store);
    const outbox = outboxFor(store, mailer, {
      compose: (request) =>
        composeContactEmail(request, { ...letters, to: ["a@example.com", "b@example.com"] }),
      retry: { baseMs: 10, maxMs: 10 },
    });
    outbox.start();
    await waitUntil(async () => (await store.list())[0]?.deliveryStatus === "sent", {
      what: "delivery to the rest",
    });
    await outbox.stop();
    expect(seen).toEqual([["a@example.com", "b@example.com"], ["b@example.com"]]);
  });

  it("past the hourly cap, stores on and sends what waited as one digest when the hour turns", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z") });
    const store = testStore();
    const mailer = fakeMailer();
    const outbox = outboxFor(store, mailer, {
      hourlyCap: 3,
      composeDigest: (requests) => composeDigestEmail(requests, { ...letters, hourlyCap: 3 }),
    });
    outbox.start();
    const ids: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      ids.push(await submit(store, new Date(), `Lead ${index}`));
      void outbox.notify();
      await vi.advanceTimersByTimeAsync(60_000);
    }
    expect(mailer.sent).toHaveLength(3);
    expect((await store.list()).filter((row) => row.deliveryStatus === "pending")).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(mailer.sent).toHaveLength(4);
    const digest = mailer.sent[3];
    expect(digest?.subject).toMatch(/5 quote requests \(hourly e-mail limit reached\)/);
    for (const id of ids.slice(3)) expect(digest?.text).toContain(id);
    expect((await store.list()).every((row) => row.deliveryStatus === "sent")).toBe(true);
    // The new hour counts the digest; the next request goes out alone.
    await submit(store, new Date(), "After the digest");
    void outbox.notify();
    await vi.advanceTimersByTimeAsync(1000);
    expect(mailer.sent).toHaveLength(5);
    await outbox.stop();
  });

  it("with one count shared by two outboxes (two servers), both hold one cap and one digest goes out", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z") });
    const store = testStore();
    const mailCount = memoryMailCount();
    const mailers = [fakeMailer(), fakeMailer()];
    const outboxes = mailers.map((mailer) =>
      outboxFor(store, mailer, {
        hourlyCap: 3,
        mailCount,
        composeDigest: (requests) => composeDigestEmail(requests, { ...letters, hourlyCap: 3 }),
      }),
    );
    for (const outbox of outboxes) outbox.start();
    for (let index = 0; index < 8; index += 1) {
      await submit(store, new Date(), `Lead ${index}`);
      void outboxes[index % 2]?.notify();
      await vi.advanceTimersByTimeAsync(60_000);
    }
    const sent = () => mailers.flatMap((mailer) => mailer.sent);
    expect(sent()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const digests = sent().filter((email) => /hourly e-mail limit reached/.test(email.subject));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toMatch(/^5 quote requests/);
    expect(sent()).toHaveLength(4);
    expect((await store.list()).every((row) => row.deliveryStatus === "sent")).toBe(true);
    for (const outbox of outboxes) await outbox.stop();
  });

  it("sleeps without a timer when nothing is pending, and wakes when notified", async () => {
    vi.useFakeTimers();
    const store = testStore();
    const mailer = fakeMailer();
    const outbox = outboxFor(store, mailer);
    outbox.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(0);
    await submit(store);
    outbox.notify();
    await vi.advanceTimersByTimeAsync(10);
    expect(mailer.sent).toHaveLength(1);
    await outbox.stop();
  });

  it("delivers after a restart what a previous run could not send", async () => {
    const folder = mkdtempSync(join(tmpdir(), "outbox-"));
    folders.push(folder);
    const path = join(folder, "contact.db");

    const firstStore = openSqliteStore(path);
    const down = fakeMailer();
    down.fail("mail server down");
    const id = await submit(firstStore);
    const first = outboxFor(firstStore, down, { retry: { baseMs: 60_000, maxMs: 60_000 } });
    first.start();
    await waitUntil(() => down.attempts() === 1, { what: "first attempt" });
    await first.stop();
    await firstStore.close();

    const secondStore = openSqliteStore(path);
    const up = fakeMailer();
    // The failed attempt scheduled its retry a minute ahead; run the new clock past it.
    const second = outboxFor(secondStore, up, { now: () => new Date(Date.now() + 61_000) });
    second.start();
    await waitUntil(() => up.sent.length === 1, { what: "delivery after restart" });
    await second.stop();
    expect(up.sent[0]?.requestId).toBe(id);
    const [row] = await secondStore.list();
    expect(row).toMatchObject({ deliveryStatus: "sent", attempts: 2 });
    await secondStore.close();
  });

  it("waits for an e-mail in flight when stopped", async () => {
    const store = testStore();
    let release: () => void = () => {};
    const slow: Mailer = {
      send: () =>
        new Promise<string>((resolve) => {
          release = () => resolve("slow:owner");
        }),
      close: async () => {},
    };
    await submit(store);
    const outbox = outboxFor(store, slow);
    outbox.start();
    await waitUntil(async () => (await store.list())[0]?.attempts === 1, { what: "claim" });
    let stopped = false;
    const stopping = outbox.stop().then(() => {
      stopped = true;
    });
    // A stop that did not wait would have settled within this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await store.list())[0]?.deliveryStatus).toBe("sent");
  });

  it("retries, from its loop, a failure met by an explicit drain()", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    const outbox = outboxFor(store, mailer);
    outbox.start();
    mailer.fail("API down");
    await submit(store);
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 1 });
    mailer.fail(null);
    await waitUntil(() => mailer.sent.length === 1, { what: "the scheduled retry" });
    await outbox.stop();
  });

  it("drain() sends everything due and reports counts (hosts without a loop)", async () => {
    const store = testStore();
    const mailer = fakeMailer();
    await submit(store);
    await submit(store);
    const outbox = outboxFor(store, mailer);
    expect(await outbox.drain()).toEqual({ sent: 2, failed: 0 });
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
  });
});
