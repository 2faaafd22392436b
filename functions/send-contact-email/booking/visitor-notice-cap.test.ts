/**
 * The owner's notices of visitors' changes, all requests together, through the assembled
 * function (contact-function.ts) on the real SQLite store in memory: past VISITOR_NOTICES_PER_HOUR
 * a change's notice waits until the window frees, and later changes of the same request join it,
 * so that a burst of posts makes a bounded number of e-mails while every change still reaches the
 * owner (counted in the joined notices, and on each request page's history).
 */
import { afterEach, describe, expect, it } from "vitest";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { parseContactConfig } from "../base/config.ts";
import { silentLogger } from "../base/log.ts";
import { type ContactFunction, createContactFunction } from "../contact-function.ts";
import { createLinkSigner } from "../links/signed-links.ts";
import type { ContactEmail } from "../mail/email.ts";
import { parseOwnerConfig } from "../owner/owner-config.ts";

const key = "test-public-key";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
};
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const visitor = createLinkSigner(secrets.VISITOR_LINK_SECRET, { scope: "visitor" });
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

describe("the owner's notices of visitors' changes, all requests together", () => {
  it("past the hourly cap, hold and join per request: fewer e-mails, no change lost", async () => {
    const mails: ContactEmail[] = [];
    const fn = createContactFunction({
      config: parseContactConfig({
        CONTACT_PUBLIC_KEY: key,
        VISITOR_NOTICE_HOLD_SECONDS: "0",
        VISITOR_NOTICES_PER_HOUR: "3",
        VISITOR_CHANGES_PER_HOUR: "100",
        VISITOR_RATE_LIMIT_MAX: "1000",
      }),
      owner: parseOwnerConfig(
        { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
        { production: true, defaultFunctionUrl: functionUrl },
      ),
      openStore: async () => ({ store: testStore() }),
      mailer: {
        async send(email) {
          mails.push(email);
          return "test";
        },
        async close() {},
      },
      log: silentLogger,
    });
    running.push(fn);
    await fn.start();
    const call = (path: string, init: RequestInit) =>
      fn.fetch(new Request(`${functionUrl}${path}`, init), { peer: "198.51.100.9" });
    const ids: string[] = [];
    for (const name of ["Dana Whitfield", "Eli Morgan"]) {
      const stored = await call("", {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify(validRequest({ name })),
      });
      ids.push(((await stored.json()) as { id: string }).id);
    }
    // Thirty posts from one address on the two requests, each changing the address.
    for (let post = 0; post < 30; post += 1) {
      const id = ids[post % 2] as string;
      const token = await visitor.sign(id, new Date());
      const answer = await call(`/request/${id}?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ action: "address", address: `${post} Elm St` }),
      });
      expect(answer.status).toBe(303);
    }
    await fn.drain();
    const store = fn.store;
    if (!store) throw new Error("not open");
    const notices = (await store.listNotices()).filter((item) => item.key.startsWith("visitor:"));
    const sent = notices.filter((item) => item.status === "sent");
    const waiting = notices.filter((item) => item.status === "pending");
    // Three e-mails in the hour, then one waiting notice per request that holds the rest.
    expect(sent).toHaveLength(3);
    expect(waiting).toHaveLength(2);
    expect(
      mails.filter((mail) => mail.headers["X-Owner-Notice"]?.startsWith("visitor:")),
    ).toHaveLength(3);
    const told = notices.reduce((sum, item) => sum + (item.notice.changes ?? 1), 0);
    expect(told).toBe(30);
    for (const item of waiting)
      expect(item.notice.title).toMatch(/made \d+ changes to their request/);
    // Each request's page keeps every change.
    for (const id of ids) expect(await store.listEvents(id)).toHaveLength(15);
  });
});
