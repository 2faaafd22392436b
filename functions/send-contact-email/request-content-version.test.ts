/**
 * A request speaks from the content version it was made with (decision 0028): the function stamps
 * the live version on what it stores, and the owner's e-mail, composed when the outbox sends it
 * (maybe after a publish), describes the estimate with that version's price list and offers: the
 * add-on as it was named, the offer as it was made, the price list's version the figures came from.
 */
import { afterEach, describe, expect, it } from "vitest";
import { factsOf } from "../../shared/content/facts.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";
import { estimate } from "../../shared/quote/estimate.ts";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { publishAndFollow } from "../../tests/support/content-source.ts";
import { testStore } from "../../tests/support/stores.ts";
import { parseContactConfig } from "./base/config.ts";
import { silentLogger } from "./base/log.ts";
import { type ContactFunction, createContactFunction } from "./contact-function.ts";
import type { ContactEmail } from "./mail/email.ts";
import type { Mailer } from "./mail/mailer.ts";
import { parseOwnerConfig } from "./owner/owner-config.ts";

const key = "test-public-key";
const running: ContactFunction[] = [];

afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

/** The repository's document with `change` applied, checked by the one schema as the editor does. */
function document(change: (next: SiteContent) => void = () => {}): SiteContent {
  const next = structuredClone(repositoryContent) as SiteContent;
  change(next);
  const checked = checkSiteContent(next);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.content;
}

const home = {
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency: "one-time",
  addOns: ["inside-oven"],
} as const;

/**
 * A mailer whose first owner's e-mail waits until `release()`, then fails (a mail server down for
 * a while): the outbox tries again later and composes the e-mail again then. The visitor's
 * acknowledgement goes through.
 */
function mailerDownUntilReleased() {
  const sent: ContactEmail[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let tried!: () => void;
  const firstTry = new Promise<void>((resolve) => {
    tried = resolve;
  });
  let waiting: ((email: ContactEmail) => void) | undefined;
  let calls = 0;
  const mailer: Mailer = {
    async send(email) {
      if (email.requestId.startsWith("visitor-")) return "test:sent";
      calls += 1;
      if (calls === 1) {
        tried();
        await released;
        throw new Error("421 the mail server is down for a while");
      }
      sent.push(email);
      waiting?.(email);
      return "test:sent";
    },
    async close() {},
  };
  const nextSent = () =>
    new Promise<ContactEmail>((resolve) => {
      waiting = resolve;
    });
  return { mailer, sent, release, firstTry, nextSent };
}

describe("a request across a publish", () => {
  it("keeps the version it was made with, and the owner's e-mail speaks from it", async () => {
    const store = testStore();
    const first = await store.publishContent({ document: document(), changes: [] });
    const mail = mailerDownUntilReleased();
    const fn = createContactFunction({
      config: parseContactConfig({
        CONTACT_PUBLIC_KEY: key,
        OUTBOX_RETRY_BASE_MS: "10",
        OUTBOX_RETRY_MAX_MS: "10",
      }),
      owner: parseOwnerConfig(
        { OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length", DIGEST_TIME: "off" },
        {
          production: true,
          defaultFunctionUrl: "https://www.example.org/functions/v1/send-contact-email",
        },
      ),
      openStore: async () => ({ store }),
      mailer: mail.mailer,
      log: silentLogger,
    });
    running.push(fn);
    await fn.start();
    expect(fn.publishing.status().serving).toBe(first.version);

    const send = (body: Record<string, unknown>) =>
      fn.fetch(
        new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
          method: "POST",
          headers: { apikey: key, "content-type": "application/json" },
          body: JSON.stringify({ ...validRequest(), ...body }),
        }),
        { peer: "127.0.0.1" },
      );
    const offer = factsOf(document()).offers.welcomeOffer;
    expect((await send({ estimate: home, offer: offer.id })).status).toBe(200);
    const [made] = await store.list();
    expect(made?.contentVersion).toBe(first.version);
    const priced = estimate(home, offer, factsOf(document()).priceList);
    expect(made?.estimate).toMatchObject({ low: priced.low, high: priced.high });

    // The e-mail is being sent when the owner publishes new prices, a new name for the add-on,
    // and the welcome offer off.
    await mail.firstTry;
    const second = await store.publishContent({
      document: document((next) => {
        next.prices.version = "2026-12-owner";
        next.prices.home.base += 40;
        const oven = next.prices.addOns.find((addOn) => addOn.id === "inside-oven");
        if (oven) oven.label = "Oven, inside and out";
        next.offer.enabled = false;
      }),
      changes: [],
    });
    await fn.publishing.checkNow();
    expect(fn.publishing.status().serving).toBe(second.version);

    const delivered = mail.nextSent();
    mail.release();
    const { text, html } = await delivered;
    expect(text).toContain(
      `$${priced.low}–$${priced.high} for a one-time cleaning, with the ${offer.percentOff}% welcome offer`,
    );
    expect(text).toContain("add-ons: Inside the oven");
    expect(text).toContain(`${offer.percentOff}% welcome offer, on the first cleaning`);
    expect(text).toContain(`Price list version ${priced.priceList}`);
    expect(text).not.toContain("Oven, inside and out");
    expect(html).toContain("add-ons: Inside the oven");

    // A request made now is priced and described with the new version.
    const now = mail.nextSent();
    expect((await send({ estimate: home, email: "later@example.com" })).status).toBe(200);
    const later = (await store.list()).find((lead) => lead.email === "later@example.com");
    expect(later?.contentVersion).toBe(second.version);
    expect(later?.estimate?.priceList).toBe("2026-12-owner");
    expect((await now).text).toContain("add-ons: Oven, inside and out");
  });

  it("leaves a request without quote details as it was stored before", async () => {
    const store = testStore();
    await store.publishContent({ document: document(), changes: [] });
    const fn = createContactFunction({
      config: parseContactConfig({ CONTACT_PUBLIC_KEY: key }),
      owner: parseOwnerConfig(
        { OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length", DIGEST_TIME: "off" },
        { production: true, defaultFunctionUrl: "https://www.example.org/fn" },
      ),
      openStore: async () => ({ store }),
      mailer: { send: async () => "test:sent", close: async () => {} },
      log: silentLogger,
    });
    running.push(fn);
    await fn.start();
    const response = await fn.fetch(
      new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify(validRequest()),
      }),
      { peer: "127.0.0.1" },
    );
    expect(response.status).toBe(200);
    const [made] = await store.list();
    expect(made).not.toHaveProperty("contentVersion");
  });

  it("takes no document from the process: only the version its follower made live", async () => {
    const started = async () => {
      const store = testStore();
      const fn = createContactFunction({
        config: parseContactConfig({ CONTACT_PUBLIC_KEY: key }),
        owner: parseOwnerConfig(
          { OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length", DIGEST_TIME: "off" },
          { production: true, defaultFunctionUrl: "https://www.example.org/fn" },
        ),
        openStore: async () => ({ store }),
        mailer: { send: async () => "test:sent", close: async () => {} },
        log: silentLogger,
      });
      running.push(fn);
      await fn.start();
      return fn;
    };
    // Another function in this process, on its own store, makes a version with 35% off live.
    const other = await started();
    const version = await publishAndFollow(
      other,
      document((next) => {
        next.offer.percentOff = 35;
      }),
    );
    expect(other.publishing.status().serving).toBe(version);
    const fn = await started();
    const sendOffer = async (offer: string) =>
      (
        await fn.fetch(
          new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
            method: "POST",
            headers: { apikey: key, "content-type": "application/json" },
            body: JSON.stringify({ ...validRequest(), offer }),
          }),
          { peer: "127.0.0.1" },
        )
      ).status;
    expect(await sendOffer("welcome-35")).toBe(400);
    expect(await sendOffer("welcome-20")).toBe(200);
    expect(fn.publishing.status().serving).toBeNull();
  });
});
