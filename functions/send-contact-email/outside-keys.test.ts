/**
 * Words an address, a request or a stored row may carry that are also the names of an object's
 * own machinery (`constructor`, `__proto__`, `toString`, `hasOwnProperty`): every page keyed by
 * them answers as for any other unknown word, never 503 (shared/own-key.ts).
 */

import { afterEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { testStore } from "../../tests/support/stores.ts";
import { parseContactConfig } from "./base/config.ts";
import { silentLogger } from "./base/log.ts";
import { type ContactFunction, createContactFunction } from "./contact-function.ts";
import { createLinkSigner } from "./links/signed-links.ts";
import { parseOwnerConfig } from "./owner/owner-config.ts";

const key = "test-public-key";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
};
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const words = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

async function setup() {
  const fn = createContactFunction({
    config: parseContactConfig({ CONTACT_PUBLIC_KEY: key }),
    owner: parseOwnerConfig(
      { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
      { production: true, defaultFunctionUrl: functionUrl },
    ),
    openStore: async () => ({ store: testStore() }),
    mailer: { send: async () => "test", close: async () => {} },
    log: silentLogger,
  });
  running.push(fn);
  await fn.start();
  const [first] = bookableDates(new Date(), repositoryFacts());
  const stored = await fn.fetch(
    new Request(functionUrl, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify({
        ...validRequest({ name: "Dana Whitfield" }),
        preferredWindows: [{ date: first, window: "morning" }],
      }),
    }),
    { peer: "127.0.0.1" },
  );
  const { id } = (await stored.json()) as { id: string };
  const get = (path: string) =>
    fn.fetch(new Request(`${functionUrl}${path}`), { peer: "127.0.0.1" });
  return { id, get };
}

describe("pages keyed by words from outside", () => {
  it("the owner's request page shows itself for ?visit=, ?why= and ?saved= of any word", async () => {
    const t = await setup();
    const token = encodeURIComponent(
      await createLinkSigner(secrets.OWNER_LINK_SECRET, { scope: "owner" }).sign(t.id, new Date()),
    );
    for (const word of words) {
      const value = encodeURIComponent(word);
      for (const query of [`visit=${value}`, `visit=problem&why=${value}`, `saved=${value}`]) {
        const page = await t.get(`/lead/${t.id}?token=${token}&${query}`);
        expect(page.status, query).toBe(200);
        const html = await page.text();
        expect(html, query).toContain("Dana Whitfield");
        expect(html, query).not.toMatch(/function \w*\(|native code|\[object /);
      }
    }
  });

  it("the visitor's page shows itself for ?saved= and ?why= of any word", async () => {
    const t = await setup();
    const token = encodeURIComponent(
      await createLinkSigner(secrets.VISITOR_LINK_SECRET, { scope: "visitor" }).sign(
        t.id,
        new Date(),
      ),
    );
    for (const word of words) {
      const value = encodeURIComponent(word);
      for (const query of [`saved=${value}`, `why=${value}`, `visit=${value}`]) {
        const page = await t.get(`/request/${t.id}?token=${token}&${query}`);
        expect(page.status, query).toBe(200);
        const html = await page.text();
        expect(html, query).toContain("Your request");
        expect(html, query).not.toMatch(/function \w*\(|native code|\[object /);
      }
    }
  });
});
