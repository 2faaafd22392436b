/**
 * The assembly both hosts run (contact-function.ts): its routes, its queues and the store's
 * opening, on the real SQLite store in memory. The hosts' own parts are tested over HTTP
 * (tests/integration/node-host.test.ts, deno-host.test.ts: the contract cases).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { testStore } from "../../tests/support/stores.ts";
import { parseContactConfig } from "./base/config.ts";
import { type Logger, silentLogger } from "./base/log.ts";
import {
  type ContactFunction,
  type ContactFunctionOptions,
  createContactFunction,
  type OpenedStore,
} from "./contact-function.ts";
import type { ContactEmail } from "./mail/email.ts";
import type { Mailer } from "./mail/mailer.ts";
import { parseOwnerConfig } from "./owner/owner-config.ts";

const key = "test-public-key";
const secret = "an-owner-link-secret-of-enough-length";
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

function setup(
  env: Record<string, string> = {},
  openStore: () => Promise<OpenedStore> = async () => ({ store: testStore() }),
  log: Logger = silentLogger,
  host: Pick<ContactFunctionOptions, "build" | "preview" | "waitUntil"> = {},
) {
  const mails: ContactEmail[] = [];
  const mailer: Mailer = {
    async send(email) {
      mails.push(email);
      return "test:owner@example.org";
    },
    async close() {},
  };
  const fn = createContactFunction({
    config: parseContactConfig({ CONTACT_PUBLIC_KEY: key, TRUST_PROXY: "1", ...env }),
    owner: parseOwnerConfig(
      { OWNER_LINK_SECRET: secret, DIGEST_TIME: "off" },
      { production: true, defaultFunctionUrl: functionUrl },
    ),
    openStore,
    mailer,
    log,
    reopenDelayMs: 10,
    ...host,
  });
  running.push(fn);
  return { fn, mails };
}

const send = (
  fn: ContactFunction,
  path = "/functions/v1/send-contact-email",
  client = "10.0.0.9",
  peer = "127.0.0.1",
) =>
  fn.fetch(
    new Request(`http://127.0.0.1:3000${path}`, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(validRequest()),
    }),
    { peer },
  );

/** Until the function gets there (its queue, its store): the condition itself, checked as it runs. */
const until = (check: () => boolean | Promise<boolean>) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5000, interval: 10 });

describe("the contact function", () => {
  it("stores a request on either path form, and its e-mail goes out from the queue", async () => {
    const { fn, mails } = setup();
    await fn.start();
    for (const path of ["/functions/v1/send-contact-email", "/send-contact-email"]) {
      const response = await send(fn, path);
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      await until(() => mails.some((mail) => mail.requestId === id));
      expect(mails.map((mail) => mail.requestId)).toContain(id);
    }
  });

  it("counts the rate limit per visitor, read through the trusted proxy", async () => {
    const { fn } = setup({ RATE_LIMIT_MAX: "1" });
    await fn.start();
    expect((await send(fn, undefined, "198.51.100.1")).status).toBe(200);
    expect((await send(fn, undefined, "198.51.100.1")).status).toBe(429);
    expect((await send(fn, undefined, "198.51.100.2")).status).toBe(200);
  });

  it("warns once when a proxy on this machine forwards visitors while TRUST_PROXY is off", async () => {
    const warningsWith = async (trustProxy: string, peer: string) => {
      const warnings: string[] = [];
      const log = { ...silentLogger, warn: (message: string) => void warnings.push(message) };
      const { fn } = setup({ TRUST_PROXY: trustProxy }, undefined, log);
      await fn.start();
      for (const client of ["198.51.100.1", "198.51.100.2"])
        await send(fn, undefined, client, peer);
      return warnings.filter((message) => message.includes("TRUST_PROXY")).length;
    };
    expect(await warningsWith("false", "127.0.0.1")).toBe(1);
    expect(await warningsWith("false", "::ffff:127.0.0.1")).toBe(1);
    expect(await warningsWith("1", "127.0.0.1")).toBe(0);
    // A visitor on another machine who sends the header: nothing to say to the owner.
    expect(await warningsWith("false", "203.0.113.5")).toBe(0);
  });

  it("answers 503 until the store opens, retries opening, and then takes requests", async () => {
    let attempts = 0;
    const { fn } = setup({}, async () => {
      attempts += 1;
      if (attempts < 3) throw new Error("disk not mounted yet");
      return { store: testStore() };
    });
    await fn.start();
    expect((await send(fn)).status).toBe(503);
    await until(() => fn.store !== null);
    expect(attempts).toBe(3);
    expect((await send(fn)).status).toBe(200);
  });

  it("serves the owner's page as a private page (COOP), and the JSON answers without it", async () => {
    const { fn, mails } = setup();
    await fn.start();
    const stored = await send(fn);
    expect(stored.headers.get("cross-origin-opener-policy")).toBeNull();
    const { id } = (await stored.json()) as { id: string };
    // The owner's e-mail, whichever of it and the visitor's acknowledgement went first.
    const ownerMail = () => mails.find((mail) => /\/lead\//.test(mail.text));
    await until(() => ownerMail() !== undefined);
    const link = new URL(/https:\/\/\S+\/lead\/\S+/.exec(ownerMail()?.text ?? "")?.[0] ?? "");
    expect(link.pathname).toBe(`/functions/v1/send-contact-email/lead/${id}`);
    const page = await fn.fetch(new Request(link), { peer: "127.0.0.1" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const refused = await fn.fetch(new Request(`${functionUrl}/lead/${id}?token=forged`), {
      peer: "127.0.0.1",
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it.each(["/functions/v1/send-contact-email/other", "/functions/v1/send-contact-email/lead/../x"])(
    "answers a path it has no route for with a JSON 404: %s",
    async (path) => {
      const { fn } = setup();
      const response = await fn.fetch(new Request(`http://127.0.0.1:3000${path}`), {
        peer: "127.0.0.1",
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    },
  );

  it("drains every queue behind its secret, and has no drain route without one", async () => {
    const drain = (fn: ContactFunction, authorization: string) =>
      fn.fetch(
        new Request(`${functionUrl}/drain`, { method: "POST", headers: { authorization } }),
        { peer: "127.0.0.1" },
      );
    const off = setup();
    await off.fn.start();
    expect((await drain(off.fn, "Bearer anything")).status).toBe(404);
    expect(() => setup({ OUTBOX_DRAIN_SECRET: "short-drain-secret" })).toThrow(/at least 32/);
    const on = setup({ OUTBOX_DRAIN_SECRET: "drain-secret-of-at-least-32-characters" });
    await on.fn.start();
    expect((await drain(on.fn, "Bearer wrong")).status).toBe(401);
    const response = await drain(on.fn, "Bearer drain-secret-of-at-least-32-characters");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mail: { sent: expect.any(Number), failed: expect.any(Number) },
      notices: { queued: expect.any(Number), sent: expect.any(Number), failed: expect.any(Number) },
      visitors: {
        queued: expect.any(Number),
        sent: expect.any(Number),
        failed: expect.any(Number),
      },
      followUps: {
        queued: expect.any(Number),
        sent: expect.any(Number),
        stopped: expect.any(Number),
        waiting: expect.any(Number),
      },
    });
    // A dozen a minute, tried or refused alike: then 429 with Retry-After.
    const statuses = [];
    for (let index = 0; index < 12; index += 1)
      statuses.push((await drain(on.fn, "Bearer guess")).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const limited = await drain(on.fn, "Bearer drain-secret-of-at-least-32-characters");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the contact function on the live content version", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const withPercent = (percentOff: number) => {
    const document = structuredClone(repositoryContent) as SiteContent;
    document.offer.percentOff = percentOff;
    return document;
  };

  /** Whether the function's own check of a request refuses `offer` (nothing is stored: 400). */
  async function refusesOffer(fn: ContactFunction, offer: string) {
    const response = await fn.fetch(
      new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify({ offer }),
      }),
      { peer: "127.0.0.1" },
    );
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    return "offer" in fields;
  }

  it("comes back to the store's live version when it starts", async () => {
    const store = testStore();
    await store.publishContent({ document: withPercent(25), changes: [] });
    const { fn } = setup({}, async () => ({ store }));
    expect(await refusesOffer(fn, "welcome-25")).toBe(true);
    await fn.start();
    expect(fn.publishing.status()).toEqual({ serving: 1, building: null, failed: null });
    expect(await refusesOffer(fn, "welcome-25")).toBe(false);
    expect(await refusesOffer(fn, "welcome-20")).toBe(true);
  });

  it("has the host build a version published on its store before its own content switches", async () => {
    const builds: { version: number; servingThen: number | null }[] = [];
    const { fn } = setup({}, undefined, silentLogger, {
      build: async (_document, version) => {
        builds.push({ version, servingThen: fn.publishing.status().serving });
      },
    });
    await fn.start();
    const published = await fn.store?.publishContent({ document: withPercent(30), changes: [] });
    await fn.publishing.checkNow();
    expect(builds).toEqual([{ version: published?.version, servingThen: null }]);
    expect(fn.publishing.status().serving).toBe(published?.version);
    expect(await refusesOffer(fn, "welcome-30")).toBe(false);
  });

  it("looks again on a request once the last check is older than CONTENT_CHECK_MS, after the response", async () => {
    const kept: Promise<unknown>[] = [];
    const { fn } = setup({ CONTENT_CHECK_MS: "600000" }, undefined, silentLogger, {
      waitUntil: (work) => void kept.push(work),
    });
    await fn.start();
    await fn.store?.publishContent({ document: withPercent(35), changes: [] });
    await fn.fetch(new Request(`${functionUrl}/nothing-here`), { peer: "127.0.0.1" });
    expect(kept).toHaveLength(0);
    // Ten minutes later (an instance that slept, its timer with it): the next request looks.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 600_001);
    await fn.fetch(new Request(`${functionUrl}/nothing-here`), { peer: "127.0.0.1" });
    expect(kept).toHaveLength(1);
    await kept[0];
    expect(await refusesOffer(fn, "welcome-35")).toBe(false);
  });

  it("exposes the host's preview, and none without it", async () => {
    const preview = async () => "<!doctype html><title>Preview</title>";
    expect(setup({}, undefined, silentLogger, { preview }).fn.publishing.preview).toBe(preview);
    expect(setup().fn.publishing.preview).toBeUndefined();
  });
});
