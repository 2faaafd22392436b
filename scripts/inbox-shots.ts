/**
 * `npm run screenshots -- --inbox`: the owner's inbox as the owner sees it on a phone and on a
 * desktop, into docs/images/ (linked from docs/owner.md). The server it is given holds nothing
 * yet: a week of a small business is sent to it first, the way the site sends it (quote requests
 * with their sources, the pages' beacons, the owner's buttons), then the inbox is opened from a
 * link signed with the server's own OWNER_LINK_SECRET.
 */

import { join } from "node:path";
import type { Browser } from "@playwright/test";
import {
  createLinkSigners,
  inboxSubject,
  parseLinkSettings,
} from "../functions/send-contact-email/index.ts";
import { repositoryFacts } from "../shared/content/facts.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { bookableDates } from "../shared/quote/preferred-windows.ts";
import { savePalettePng, type Width } from "./quote-form-shots.ts";

/** The server's OWNER_LINK_SECRET: the script signs the inbox link with it. */
export const shotsLinkSecret = "screenshots-owner-link-secret-0123456789";

const functionPath = deploymentDefaults.functionPath;
const home = (frequency: string, bedrooms = 3) => ({
  kind: "home",
  bedrooms,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency,
  addOns: [],
});

type Sent = { name: string; service: string; status?: string; book?: true } & Record<
  string,
  unknown
>;

/** A week of requests: who, what, from where, and what the owner did. */
const week: Sent[] = [
  {
    name: "Dana Whitfield",
    service: "residential",
    zip: "19341",
    estimate: home("bi-weekly"),
    offer: "welcome-20",
    source: { landingPage: "/exton", referrer: "www.google.com" },
    status: "contacted",
    // Then booked: the row shows its visit.
    book: true,
  },
  {
    name: "Marcus Lee",
    service: "commercial",
    zip: "19406",
    estimate: { kind: "business", squareFeet: 4000, visitsPerWeek: 2, addOns: [] },
    source: {
      landingPage: "/commercial-cleaning",
      referrer: "www.google.com",
      utm: { source: "google", medium: "cpc", campaign: "kop-offices" },
    },
    status: "won",
  },
  {
    name: "Priya Shah",
    service: "carpet",
    zip: "19380",
    source: { landingPage: "/", referrer: "l.facebook.com" },
  },
  {
    name: "Tom Becker",
    service: "post-construction",
    zip: "19312",
    source: { landingPage: "/post-construction", referrer: null },
    status: "lost",
  },
  {
    name: "Alicia Gomez",
    service: "floor-wax",
    zip: "19462",
    source: { landingPage: "/floor-strip-wax", referrer: "nextdoor.com" },
  },
  { name: "Jordan Alvarez", service: "residential", zip: "90210", estimate: home("one-time", 2) },
];

const beacons: Array<[string, string, number]> = [
  ["view", "/", 41],
  ["view", "/exton", 17],
  ["view", "/contact", 12],
  ["call", "/", 6],
  ["call", "/exton", 3],
  ["call", "/contact", 2],
  ["form-start", "/contact", 9],
];

async function sendWeek(base: string) {
  const headers = {
    "content-type": "application/json",
    apikey: deploymentDefaults.publicKey,
    origin: base,
  };
  const links = createLinkSigners(parseLinkSettings({}, shotsLinkSecret));
  for (const [index, lead] of week.entries()) {
    const { status, book, ...fields } = lead;
    const response = await fetch(`${base}${functionPath}`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        ...fields,
        email: `${lead.name.split(" ")[0]?.toLowerCase()}@example.org`,
        phone: `(484) 555-01${String(20 + index)}`,
        message: "Please call in the afternoon.",
        elapsedMs: 60_000,
      }),
    });
    if (!response.ok) throw new Error(`a request was refused: ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    if (status) {
      const token = await links.owner.sign(id, new Date());
      await fetch(`${base}${functionPath}/lead/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({ token, status }),
        redirect: "manual",
      });
    }
    if (book) {
      const token = await links.owner.sign(id, new Date());
      const [day] = bookableDates(new Date(), repositoryFacts());
      await fetch(`${base}${functionPath}/lead/${id}/visit`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({
          token,
          sequence: "0",
          action: "book",
          date: day ?? "",
          time: "09:00",
          minutes: "120",
        }),
        redirect: "manual",
      });
    }
  }
  // A bot's request: caught by the spam filter, left out of the inbox unless asked for.
  await fetch(`${base}${functionPath}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Cheap SEO",
      email: "seo@spam.example",
      phone: "555 010 9999",
      service: "other",
      otherService: "Backlinks",
      message: "Rank #1 today",
      website: "https://spam.example",
    }),
  });
  for (const [event, path, times] of beacons)
    for (let index = 0; index < times; index += 1)
      await fetch(`${base}${functionPath}/count`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({ e: event, p: path }),
      });
  return `${base}${functionPath}/inbox?token=${encodeURIComponent(await links.inbox.sign(inboxSubject, new Date()))}`;
}

export async function shootInbox(
  browser: Browser,
  base: string,
  widths: readonly Width[],
  out: string,
): Promise<string[]> {
  const inbox = await sendWeek(base);
  const saved: string[] = [];
  for (const { width, height, mobile } of widths) {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
    });
    const page = await context.newPage();
    await page.goto(inbox);
    const file = join(out, `inbox-${width}.png`);
    await savePalettePng(await page.screenshot({ fullPage: true }), file);
    saved.push(file);
    await context.close();
  }
  return saved;
}
