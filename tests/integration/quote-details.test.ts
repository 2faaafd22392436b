/**
 * Quote details through the real server and SQLite store: the function decides the area and the
 * price, the owner's e-mail (an .eml in the outbox folder) says them in plain words, and
 * `npm run leads -- --json` prints what was stored.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { estimate, formatRange } from "../../shared/quote/estimate.ts";
import { bookableDates, formatWindow } from "../../shared/quote/preferred-windows.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { ownersMailOf, waitForOutboxMail } from "./support/outbox-files.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

const key = "sb_publishable_quote-details-key";
// The server speaks from the repository's version: nothing is published in these tests.
const facts = repositoryFacts();
const { welcomeOffer } = facts.offers;
const business = {
  kind: "business",
  squareFeet: 6000,
  visitsPerWeek: 3,
  addOns: ["interior-windows"],
} as const;
let folder = "";
let server: HostProcess;

const send = async (body: unknown) => {
  const response = await fetch(`${server.url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The owner's e-mail about the request, not the visitor's acknowledgement named after it too. */
const outboxMail = (id: string) =>
  waitForOutboxMail(
    join(folder, "data", "outbox"),
    ownersMailOf(id, facts.business.email),
    `the owner's e-mail about ${id}`,
    10_000,
  );

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "quote-details-"));
  server = await startNodeServer(
    {
      STATIC_DIR: await createFakeSite(folder),
      DATA_DIR: join(folder, "data"),
      CONTACT_PUBLIC_KEY: key,
    },
    folder,
  );
});
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("quote details on the real server", () => {
  it("stores what the function decided, e-mails it in plain words, and leads --json prints it", async () => {
    const [day] = bookableDates(new Date(), facts);
    const windows = [{ date: day as string, window: "afternoon" }];
    const sent = await send({
      ...validRequest({ name: "Office Manager", service: "office" }),
      zip: "19312",
      estimate: { ...business, low: 5, high: 6 },
      offer: "welcome-20",
      preferredWindows: windows,
    });
    expect(sent.status).toBe(200);
    const id = sent.body.id as string;
    const priced = estimate(business, welcomeOffer, facts.priceList);

    const mail = await outboxMail(id);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("19312, Berwyn, in our service area");
      expect(part).toContain(
        `First visit $${priced.low}–$${priced.high} with the 20% welcome offer, then ${formatRange(priced.recurring as never)} a visit, 3 visits a week`,
      );
      expect(part).toContain("20% welcome offer, on the first cleaning");
      expect(part).toContain(formatWindow(windows[0] as never));
    }

    const leads = (await runLeads(join(folder, "data"), ["--json"], folder))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(leads.find((lead) => lead.id === id)).toMatchObject({
      zip: "19312",
      inServiceArea: true,
      town: "Berwyn",
      estimate: {
        low: priced.low,
        high: priced.high,
        recurring: priced.recurring,
        currency: "USD",
        priceList: priced.priceList,
        inputs: business,
      },
      offer: { id: "welcome-20", percentOff: 20 },
      preferredWindows: windows,
    });
  });

  it("a bi-weekly house cleaning with the offer: its subject, both prices, leads and stats", async () => {
    const home = {
      kind: "home",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1800,
      condition: "routine",
      frequency: "bi-weekly",
      addOns: [],
    } as const;
    const sent = await send({
      ...validRequest({ name: "Pat Homeowner", service: "residential", phone: "484 555 0123" }),
      estimate: home,
      offer: "welcome-20",
    });
    expect(sent.status).toBe(200);
    const id = sent.body.id as string;
    const first = estimate(home, welcomeOffer, facts.priceList);
    const later = estimate(home, null, facts.priceList);
    expect(first.recurring).toEqual({ low: later.low, high: later.high });

    const mail = await outboxMail(id);
    expect(mail.header("subject")).toBe("Quote request: Residential Cleaning from Pat Homeowner");
    expect(mail.text).toMatch(/^Phone: +\(484\) 555-0123$/m);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(
        `First visit ${formatRange(first)} with the 20% welcome offer, then ${formatRange(later)} every two weeks`,
      );
    }

    const leads = (
      await runLeads(join(folder, "data"), ["--json", "--service", "residential"], folder)
    )
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id,
      service: "residential",
      serviceLabel: "Residential Cleaning",
      estimate: {
        low: first.low,
        high: first.high,
        recurring: { low: later.low, high: later.high },
      },
    });
    const stats = await runLeads(join(folder, "data"), ["--stats"], folder);
    expect(stats).toMatch(/^ {2}By service: (.*, )?Residential Cleaning 1(, |$)/m);
  });

  it("keeps an out-of-area request, marked, and refuses an offer the site does not make", async () => {
    const outside = await send({ ...validRequest(), zip: "10001" });
    expect(outside.status).toBe(200);
    const refused = await send({ ...validRequest(), offer: "half-price" });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ offer: "That offer is not available." });
    const leads = (await runLeads(join(folder, "data"), ["--json"], folder))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(leads.find((lead) => lead.id === outside.body.id)).toMatchObject({
      zip: "10001",
      inServiceArea: false,
      town: null,
    });
  });
});
