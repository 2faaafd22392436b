/**
 * A published version reaches the running function without a restart: once its follower took it
 * up (site/content-follower.ts), the function's checks (the estimate's prices, the offer, the
 * service area, the open days) and its e-mails' words (the business's name and phone) are the new
 * document's.
 */

import { afterEach, describe, expect, it } from "vitest";
import { factsOf, repositoryFacts } from "../../shared/content/facts.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";
import { estimate } from "../../shared/quote/estimate.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import type { PriceList } from "../../shared/quote/price-list.ts";
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

async function started() {
  const store = testStore();
  const mails: ContactEmail[] = [];
  const mailer: Mailer = {
    async send(email) {
      mails.push(email);
      return "test:sent";
    },
    async close() {},
  };
  const fn = createContactFunction({
    config: parseContactConfig({ CONTACT_PUBLIC_KEY: key }),
    owner: parseOwnerConfig(
      { OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length", DIGEST_TIME: "off" },
      {
        production: true,
        defaultFunctionUrl: "https://www.example.org/functions/v1/send-contact-email",
      },
    ),
    openStore: async () => ({ store }),
    mailer,
    log: silentLogger,
    reopenDelayMs: 10,
  });
  running.push(fn);
  await fn.start();
  const send = async (details: Record<string, unknown> = {}) => {
    const response = await fn.fetch(
      new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify({ ...validRequest(), ...details }),
      }),
      { peer: "127.0.0.1" },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { fn, store, mails, send };
}

/** The repository's document with `change` applied, checked by the one schema as the editor does. */
async function published(
  fn: ContactFunction,
  change: (document: SiteContent) => void,
): Promise<SiteContent> {
  const document = structuredClone(repositoryContent) as SiteContent;
  change(document);
  const checked = checkSiteContent(document);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  await publishAndFollow(fn, checked.content);
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

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe("the contact function after a switch to a published version", () => {
  it("prices an estimate from the new list, whatever the old list said", async () => {
    const { fn, store, send } = await started();
    const before = estimate(home, null, repositoryFacts().priceList);
    const document = await published(fn, (next) => {
      next.prices.version = "2026-12-owner";
      next.prices.home.base = 130;
      next.prices.home.perBedroom = 40;
      const oven = next.prices.addOns.find((addOn) => addOn.id === "inside-oven");
      if (oven) oven.price = 60;
    });
    const after = estimate(home, null, document.prices as PriceList);
    expect(after.low).toBeGreaterThan(before.high);

    // The browser still shows the old figures: the function prices the inputs itself.
    const { status } = await send({ estimate: { ...home, low: before.low, high: before.high } });
    expect(status).toBe(200);
    const [stored] = await store.list();
    expect(stored?.estimate).toMatchObject({
      low: after.low,
      high: after.high,
      priceList: "2026-12-owner",
    });
  });

  it("takes an add-on the owner added and refuses one the owner removed", async () => {
    const { fn, send } = await started();
    await published(fn, (next) => {
      next.prices.addOns = next.prices.addOns.filter((addOn) => addOn.id !== "inside-oven");
      next.prices.addOns.push({ id: "patio", label: "Patio sweep", price: 25, for: ["home"] });
    });
    expect((await send({ estimate: { ...home, addOns: ["patio"] } })).status).toBe(200);
    const refused = await send({ estimate: { ...home, addOns: ["inside-oven"] } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields as object)).toEqual(["estimate"]);
  });

  it("accepts the new offer's percent and refuses the old offer's id", async () => {
    const { fn, store, send } = await started();
    const document = await published(fn, (next) => {
      next.offer.percentOff = 30;
    });
    const refused = await send({ offer: "welcome-20" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields as object)).toEqual(["offer"]);
    expect((await send({ offer: "welcome-30", estimate: home })).status).toBe(200);
    const [stored] = await store.list();
    expect(stored?.offer).toEqual({ id: "welcome-30", percentOff: 30 });
    const { offers, priceList } = factsOf(document);
    expect(offers.welcomeOffer.percentOff).toBe(30);
    expect(stored?.estimate?.low).toBe(estimate(home, offers.welcomeOffer, priceList).low);
    expect(stored?.estimate?.low).toBeLessThan(estimate(home, null, priceList).low);
  });

  it("refuses every offer once the owner turns it off", async () => {
    const { fn, send } = await started();
    await published(fn, (next) => {
      next.offer.enabled = false;
    });
    expect((await send({ offer: "welcome-20" })).status).toBe(400);
  });

  it("decides the service area from the new ZIP list", async () => {
    const { fn, store, send } = await started();
    await published(fn, (next) => {
      next.area.exton.zips = ["19460"];
      next.area["west-chester"].nearby = [...next.area["west-chester"].nearby, "19341"];
    });
    await send({ zip: "19460" });
    await send({ zip: "19341" });
    const byZip = Object.fromEntries((await store.list()).map((lead) => [lead.zip, lead]));
    expect(byZip["19460"]).toMatchObject({ inServiceArea: true, town: "Exton" });
    expect(byZip["19460"]).not.toHaveProperty("nearby");
    // Exton's old ZIP, now one of West Chester's nearby ZIPs: stored as nearby, for its words.
    expect(byZip["19341"]).toMatchObject({
      inServiceArea: true,
      town: "West Chester",
      nearby: true,
    });
  });

  it("offers and accepts the preferred times of the new week", async () => {
    const { fn, send } = await started();
    const now = new Date();
    const saturday = bookableDates(now, repositoryFacts()).find(
      (date) => weekday(date) === 6,
    ) as string;
    expect(saturday).toBeDefined();
    expect(bookableDates(now, repositoryFacts()).some((date) => weekday(date) === 0)).toBe(false);

    const week = await published(fn, (next) => {
      next.hours.week.saturday = { open: false };
      next.hours.week.sunday = { open: true, opens: "10:00", closes: "16:00" };
    });
    const dates = bookableDates(now, factsOf(week));
    expect(dates).not.toContain(saturday);
    const sunday = dates.find((date) => weekday(date) === 0) as string;
    expect(sunday).toBeDefined();

    const refused = await send({ preferredWindows: [{ date: saturday, window: "morning" }] });
    expect(refused.status).toBe(400);
    expect((refused.body.fields as Record<string, string>).preferredWindows).toContain("Saturday");
    expect((await send({ preferredWindows: [{ date: sunday, window: "morning" }] })).status).toBe(
      200,
    );
  });

  it("names the new business and phone in the owner's and the visitor's e-mails", async () => {
    const { fn, mails, send } = await started();
    await published(fn, (next) => {
      next.business.name = "Brightwater Home Care";
      next.contact.phone = "(610) 555-0123";
    });
    const { body } = await send();
    await fn.drain();
    const ours = mails.filter((mail) => mail.requestId.endsWith(String(body.id)));
    const toOwner = ours.find((mail) => mail.text.includes("New quote request"));
    const toVisitor = ours.find((mail) => mail.text.includes("Thank you for asking"));
    expect(toOwner?.text).toContain("New quote request from the Brightwater Home Care website.");
    expect(toVisitor?.replyTo.name).toBe("Brightwater Home Care");
    expect(toVisitor?.text).toContain("Thank you for asking Brightwater Home Care");
    expect(toVisitor?.text).toContain("Call us at (610) 555-0123");
    for (const mail of ours) {
      expect(mail.text).not.toContain("Keystone Shine Cleaning");
      expect(mail.text).not.toContain("(484) 555-0142");
    }
  });
});
