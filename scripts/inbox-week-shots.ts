/**
 * `node scripts/inbox-week-shots.ts`: the top of the owner's inbox with a week of booked visits
 * (this week's and next week's, a weekly plan's among them, one of them moved), at 390 px without
 * script, into docs/owner/inbox-week-390.png (linked from docs/owner.md, "Your week"); and the
 * plan's request page as the owner sees it after skipping one of its visits, into
 * docs/owner/request-plan-390.png. Requests are sent and visits booked as the site and the
 * owner's request page do it (the plan booked by its customer on their own page, at the first time
 * it offers), the address added as a customer adds it on their page; the function runs in this
 * process on an in-memory store (owner-pages-harness.ts: no server, no build). Days are counted
 * from today in New York: the pictures show this week as it is.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { createLinkSigners, inboxSubjects } from "../functions/send-contact-email/index.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import { addDays, calendarDay } from "../shared/calendar-day.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { functionUrl, phoneServedBy, startOwnerFunction } from "./owner-pages-harness.ts";
import { savePalettePng } from "./quote-form-shots.ts";

const out = join(import.meta.dirname, "..", "docs", "owner");
const secret = "inbox-week-shots-owner-link-secret-0123456789";
const key = "inbox-week-shots-key";
const origin = new URL(functionUrl).origin;

const { fn, owner } = await startOwnerFunction({
  secret,
  env: { CONTACT_PUBLIC_KEY: key, RATE_LIMIT_DISABLED: "true" },
});
const links = createLinkSigners(owner.links);
const today = calendarDay(new Date(), businessTimeZone);
const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
/** Today at the next hour (from 8:00, none after 8 PM), this week's Friday (or tomorrow from Friday on), next week's Tuesday. */
const hourNow = Number(
  new Intl.DateTimeFormat("en-US", {
    timeZone: businessTimeZone,
    hour: "numeric",
    hourCycle: "h23",
  }).format(new Date()),
);
const todayAt = hourNow < 20 ? `${String(Math.max(hourNow + 1, 8)).padStart(2, "0")}:00` : null;
const later = weekday >= 1 && weekday <= 4 ? addDays(today, 5 - weekday) : addDays(today, 1);
const nextTuesday = addDays(today, ((8 - weekday) % 7 || 7) + 1);

const home = (frequency: string) => ({
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency,
  addOns: [],
});

type Booking = {
  name: string;
  phone: string;
  service: string;
  zip: string;
  estimate?: object;
  address?: string;
  visit: { date: string; time: string; minutes: number };
};

const bookings: Booking[] = [
  {
    name: "Dana Whitfield",
    phone: "(484) 555-0199",
    service: "residential",
    zip: "19341",
    estimate: home("one-time"),
    address: "12 Main St, Exton PA 19341",
    visit: todayAt
      ? { date: today, time: todayAt, minutes: 240 }
      : { date: later, time: "09:00", minutes: 240 },
  },
  {
    name: "Marcus Lee",
    phone: "(610) 555-0142",
    service: "carpet",
    zip: "19406",
    address: "480 Allendale Rd, King of Prussia",
    visit: { date: later, time: "14:00", minutes: 120 },
  },
  {
    name: "Priya Shah",
    phone: "(484) 555-0131",
    service: "carpet",
    zip: "19380",
    visit: { date: nextTuesday, time: "10:00", minutes: 90 },
  },
];

async function send(booking: Booking): Promise<string> {
  const response = await fn.fetch(
    new Request(functionUrl, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify({
        name: booking.name,
        email: `${booking.name.split(" ")[0]?.toLowerCase()}@example.org`,
        phone: booking.phone,
        service: booking.service,
        otherService: "",
        message: "Please call in the afternoon.",
        zip: booking.zip,
        ...(booking.estimate ? { estimate: booking.estimate } : {}),
        elapsedMs: 60_000,
      }),
    }),
    { peer: "127.0.0.1" },
  );
  if (!response.ok) throw new Error(`a request was refused: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function post(path: string, fields: Record<string, string>) {
  const response = await fn.fetch(
    new Request(`${functionUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
    { peer: "127.0.0.1" },
  );
  if (response.status !== 303) throw new Error(`${path}: ${response.status}`);
  const location = response.headers.get("location") ?? "";
  if (/[?&](visit=problem|why=)/.test(location)) throw new Error(`${path}: ${location}`);
  return new URL(location, `${functionUrl}${path}`);
}

for (const booking of bookings) {
  const id = await send(booking);
  if (booking.address)
    await post(`/request/${id}`, {
      token: await links.visitor.sign(id, new Date()),
      action: "address",
      address: booking.address,
    });
  await post(`/lead/${id}/visit`, {
    token: await links.owner.sign(id, new Date()),
    sequence: "0",
    action: "book",
    date: booking.visit.date,
    time: booking.visit.time,
    minutes: String(booking.visit.minutes),
    anyway: "yes",
  });
}
// A weekly plan, booked by its customer on their page at the first time it offers; the owner
// moves its first visit to the next day (so that the week shows a moved visit whatever today
// is), then skips its third.
const plan = {
  name: "Grace Kim",
  phone: "(484) 555-0176",
  service: "residential",
  zip: "19380",
  estimate: home("weekly"),
  address: "27 Sharpless St, West Chester",
} as const;
const planId = await send({ ...plan, visit: { date: today, time: "09:00", minutes: 0 } });
const visitorToken = await links.visitor.sign(planId, new Date());
await post(`/request/${planId}`, { token: visitorToken, action: "address", address: plan.address });
const visitorPage = await (
  await fn.fetch(
    new Request(`${functionUrl}/request/${planId}?token=${encodeURIComponent(visitorToken)}`),
    { peer: "127.0.0.1" },
  )
).text();
const firstTime = /<button value="([^"]+)" name="start"/.exec(visitorPage)?.[1];
if (!firstTime) throw new Error("the plan's customer was offered no time");
await post(`/request/${planId}`, { token: visitorToken, action: "book", start: firstTime });
const booked = await fn.store?.get(planId);
if (!booked?.plan) throw new Error("the plan was not booked");
const ownerToken = await links.owner.sign(planId, new Date());
const first = booked.plan.first.day;
await post(`/lead/${planId}/visit`, {
  token: ownerToken,
  sequence: String(booked.visitSequence),
  action: "plan-move",
  occurrence: first,
  date: addDays(first, 1),
  time: booked.plan.first.time,
  anyway: "yes",
});
const skip = await post(`/lead/${planId}/visit`, {
  token: ownerToken,
  sequence: String(booked.visitSequence + 1),
  action: "plan-skip",
  occurrence: addDays(booked.plan.first.day, 14),
});

// A request not booked yet: in the list below, not in the week.
await send({ ...bookings[0], name: "Jordan Alvarez", zip: "19312" } as Booking);
await fn.drain();

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await phoneServedBy(browser, fn);
const page = await context.newPage();
const token = await links.inbox.sign(inboxSubjects.act, new Date());
await page.goto(`${functionUrl}/inbox?token=${encodeURIComponent(token)}`);
mkdirSync(out, { recursive: true });
// From the top to the end of next week's visits.
const bottom = await page
  .locator("section.week")
  .last()
  .evaluate((section) => section.getBoundingClientRect().bottom + window.scrollY + 12);
const file = join(out, "inbox-week-390.png");
await savePalettePng(
  await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width: 390, height: bottom } }),
  file,
);
console.log(`saved ${file}`);

// The plan's request page where the skip's answer leads: from the Plan heading to Cancel the plan.
await page.goto(skip.href);
const part = await page.evaluate(() => {
  const top = document.querySelector("h2#visit")?.getBoundingClientRect().top ?? 0;
  const legends = [...document.querySelectorAll("legend")];
  const cancel = legends.find((legend) => legend.textContent === "Cancel the plan");
  const end = cancel?.closest("form")?.getBoundingClientRect().bottom ?? 0;
  return { top: top + window.scrollY - 8, bottom: end + window.scrollY + 12 };
});
const planFile = join(out, "request-plan-390.png");
await savePalettePng(
  await page.screenshot({
    fullPage: true,
    clip: { x: 0, y: part.top, width: 390, height: part.bottom - part.top },
  }),
  planFile,
);
console.log(`saved ${planFile}`);
await browser.close();
await fn.stop();
