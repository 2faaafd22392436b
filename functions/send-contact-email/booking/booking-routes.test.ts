/**
 * The visitor's page, the owner's booking and the calendar feed through the assembled function
 * (contact-function.ts) on the real SQLite store in memory: each link opens only its own scope
 * and request, GET changes nothing, each POST is stored with its event and reaches the owner, a
 * double tap books once, and the feed parses as iCalendar.
 */

import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { bookableDates } from "../../../shared/quote/preferred-windows.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { publishAndFollow } from "../../../tests/support/content-source.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { parseContactConfig } from "../base/config.ts";
import { silentLogger } from "../base/log.ts";
import { type ContactFunction, createContactFunction } from "../contact-function.ts";
import { inboxSubjects } from "../inbox/inbox-routes.ts";
import { createLinkSigner } from "../links/signed-links.ts";
import type { ContactEmail } from "../mail/email.ts";
import { parseOwnerConfig } from "../owner/owner-config.ts";

const key = "test-public-key";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
  CALENDAR_LINK_SECRET: "a-calendar-link-secret-of-enough-length-012",
};
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

const owner = createLinkSigner(secrets.OWNER_LINK_SECRET, { scope: "owner" });
const visitor = createLinkSigner(secrets.VISITOR_LINK_SECRET, { scope: "visitor" });
const calendar = createLinkSigner(secrets.CALENDAR_LINK_SECRET, { scope: "calendar" });

async function setup(env: Record<string, string> = {}, ownerEnv: Record<string, string> = {}) {
  const mails: ContactEmail[] = [];
  const fn = createContactFunction({
    config: parseContactConfig({
      CONTACT_PUBLIC_KEY: key,
      OUTBOX_DRAIN_SECRET: "drain-secret-of-at-least-32-characters",
      ...env,
    }),
    owner: parseOwnerConfig(
      { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl, ...ownerEnv },
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
  const [first, second] = bookableDates(new Date(), repositoryFacts());
  const response = await fn.fetch(
    new Request(functionUrl, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify({
        ...validRequest({ name: "Dana Whitfield", message: "SECRET-MESSAGE" }),
        preferredWindows: [{ date: first, window: "morning" }],
      }),
    }),
    { peer: "127.0.0.1" },
  );
  const { id } = (await response.json()) as { id: string };
  const call = (path: string, init?: RequestInit) =>
    fn.fetch(new Request(`${functionUrl}${path}`, init), { peer: "127.0.0.1" });
  const post = (path: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const item of [value].flat()) body.append(name, item);
    return call(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  };
  const store = () => {
    if (!fn.store) throw new Error("not open");
    return fn.store;
  };
  return { fn, id, mails, call, post, store, days: { first, second } };
}

/** Until the function's queues get there: the condition itself, checked as they run. */
const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 10 });

const tokenFor = (signer: typeof owner, subject: string, at = new Date()) =>
  signer.sign(subject, at);

describe("the visitor's page", () => {
  it("opens with the visitor's token only: 403 and nothing shown for any other", async () => {
    const t = await setup();
    const page = await t.call(`/request/${t.id}?token=${await tokenFor(visitor, t.id)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your request");
    expect(html).toContain("We will call you by");
    expect(html).not.toContain("SECRET-MESSAGE");
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const otherRequest = await tokenFor(visitor, crypto.randomUUID());
    const expired = await visitor.sign(t.id, new Date(Date.now() - 61 * 86_400_000));
    const good = await tokenFor(visitor, t.id);
    for (const token of [
      await tokenFor(owner, t.id),
      await tokenFor(calendar, t.id),
      otherRequest,
      expired,
      `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`,
      "",
    ]) {
      const refused = await t.call(`/request/${t.id}?token=${encodeURIComponent(token)}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Dana");
    }
    // And the visitor's token never opens the owner's page, nor books.
    expect((await t.call(`/lead/${t.id}?token=${good}`)).status).toBe(403);
    expect(
      (
        await t.post(`/lead/${t.id}/visit`, {
          token: good,
          sequence: "0",
          action: "book",
          window: "0",
        })
      ).status,
    ).toBe(403);
  });

  it("offers other times on the days the office is open, in the week's words", async () => {
    const t = await setup();
    const week = structuredClone(repositoryContent) as SiteContent;
    week.hours.week.wednesday = { open: false };
    await publishAndFollow(t.fn, week);
    const html = await (
      await t.call(`/request/${t.id}?token=${await tokenFor(visitor, t.id)}`)
    ).text();
    expect(html).toContain(
      "from tomorrow to three weeks ahead, Monday to Saturday except Wednesday.",
    );
  });

  it("GET changes nothing; asking for other times is stored, shown to the owner and sent to them", async () => {
    const t = await setup({ VISITOR_NOTICE_HOLD_SECONDS: "0" });
    const token = await tokenFor(visitor, t.id);
    await t.call(`/request/${t.id}?token=${token}`);
    expect(await t.store().listEvents(t.id)).toEqual([]);
    const answer = await t.post(`/request/${t.id}`, {
      token,
      action: "times",
      date: [t.days.second as string, ""],
      window: ["afternoon", "morning"],
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("saved=times");
    expect((await t.store().get(t.id))?.preferredWindows).toEqual([
      { date: t.days.second, window: "afternoon" },
    ]);
    const notices = await t.store().listNotices();
    expect(notices.map((notice) => notice.notice.title)).toContain(
      "Dana Whitfield asked for other times",
    );
    await t.fn.drain();
    await until(() =>
      t.mails.some((mail) => mail.subject === "Dana Whitfield asked for other times"),
    );
    const ownerPage = await (
      await t.call(`/lead/${t.id}?token=${await tokenFor(owner, t.id)}`)
    ).text();
    expect(ownerPage).toContain("The visitor asked for other times");
  });

  it("refuses a closed day, a missing confirmation and an address too long, saying why", async () => {
    const t = await setup();
    const token = await tokenFor(visitor, t.id);
    const sunday = "2030-01-06";
    const bad = await t.post(`/request/${t.id}`, {
      token,
      action: "times",
      date: sunday,
      window: "morning",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please choose a day from tomorrow");
    const unconfirmed = await t.post(`/request/${t.id}`, { token, action: "cancel" });
    expect(await unconfirmed.text()).toContain("Please tick the box");
    const long = await t.post(`/request/${t.id}`, {
      token,
      action: "address",
      address: "x".repeat(301),
    });
    expect(long.status).toBe(400);
    expect(await t.store().listEvents(t.id)).toEqual([]);
  });

  it("adds the address, then cancels: the request is lost and the owner told", async () => {
    const t = await setup();
    const token = await tokenFor(visitor, t.id);
    await t.post(`/request/${t.id}`, { token, action: "address", address: "12 Elm St\nBerwyn PA" });
    expect((await t.store().get(t.id))?.serviceAddress).toBe("12 Elm St Berwyn PA");
    await t.post(`/request/${t.id}`, { token, action: "cancel", confirm: "yes" });
    expect((await t.store().get(t.id))?.status).toBe("lost");
    const page = await (await t.call(`/request/${t.id}?token=${token}`)).text();
    expect(page).toContain("You cancelled this request");
    expect(page).not.toContain('name="action"');
  });
});

describe("the visitor's page under a flood of posts", () => {
  it("stores at most the changes per hour, answers 429 in words with Retry-After, and tells the owner once", async () => {
    const t = await setup({ VISITOR_CHANGES_PER_HOUR: "4", VISITOR_RATE_LIMIT_MAX: "1000" });
    const token = await tokenFor(visitor, t.id);
    const answers = [];
    for (let index = 0; index < 40; index += 1)
      answers.push(
        await t.post(`/request/${t.id}?token=${token}`, {
          action: "address",
          address: `${index} Elm St`,
        }),
      );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(4);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(36);
    const retryAfter = Number(limited[0]?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const words = await (limited[0] as Response).text();
    expect(words).toContain("changed many times in a short while");
    expect(words).toMatch(/try again in \d+ minutes/);
    expect(await t.store().listEvents(t.id)).toHaveLength(4);
    // One notice for the burst, held for more changes to join it: nothing sent yet.
    const notices = (await t.store().listNotices()).filter((row) => row.key.startsWith("visitor:"));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.notice.title).toBe("Dana Whitfield made 4 changes to their request");
    expect(notices[0]?.notice.lines).toContain("Address: 3 Elm St");
    await t.fn.drain();
    expect(t.mails.filter((mail) => mail.subject.includes("Dana Whitfield made"))).toEqual([]);
  });

  it("limits the posts of one client address across requests, and a request's total", async () => {
    const t = await setup({ VISITOR_RATE_LIMIT_MAX: "3" });
    const token = await tokenFor(visitor, t.id);
    const statuses = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push(
        (await t.post(`/request/${t.id}?token=${token}`, { action: "address", address: "1 Elm" }))
          .status,
      );
    expect(statuses).toEqual([303, 303, 303, 429, 429]);

    const capped = await setup({ VISITOR_CHANGES_MAX: "2", VISITOR_CHANGES_PER_HOUR: "10" });
    const its = await tokenFor(visitor, capped.id);
    for (const expected of [303, 303, 429]) {
      const answer = await capped.post(`/request/${capped.id}?token=${its}`, {
        action: "address",
        address: "1 Elm",
      });
      expect(answer.status).toBe(expected);
      if (expected === 429) {
        expect(answer.headers.get("retry-after")).toBeNull();
        expect(await answer.text()).toContain("Please call us to change it");
      }
    }
  });
});

describe("the owner books the visit", () => {
  it("books one of the visitor's times in one tap; a second tap books nothing more", async () => {
    const t = await setup();
    const token = await tokenFor(owner, t.id);
    const page = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(page).toMatch(/Book \w{3} \w{3} \d+, 8:00–10:00 AM/);
    const tap = { token, sequence: "0", action: "book", window: "0" };
    const first = await t.post(`/lead/${t.id}/visit`, tap);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(
      new RegExp(`^\\.\\./${t.id}\\?token=.*&visit=booked$`),
    );
    const second = await t.post(`/lead/${t.id}/visit`, tap);
    expect(second.headers.get("location")).toContain("why=stale");
    const booked = await t.store().get(t.id);
    expect(booked).toMatchObject({ status: "booked", visitSequence: 1 });
    expect(booked?.visit?.start).toMatch(/T08:00:00-0[45]:00$/);
    await until(() => t.mails.some((mail) => mail.subject.startsWith("Your cleaning is booked")));
    const confirmations = t.mails.filter((mail) =>
      mail.subject.startsWith("Your cleaning is booked"),
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.calendar?.method).toBe("REQUEST");
    const visitorPage = await (
      await t.call(`/request/${t.id}?token=${await tokenFor(visitor, t.id)}`)
    ).text();
    expect(visitorPage).toMatch(/Booked: \w{3} \w{3} \d+, 8:00–10:00 AM/);
  });

  it("books a date, time and duration; moves it; cancels it (back to contacted)", async () => {
    const t = await setup();
    const token = await tokenFor(owner, t.id);
    const date = t.days.second as string;
    const booked = await t.post(`/lead/${t.id}/visit`, {
      token,
      sequence: "0",
      action: "book",
      date,
      time: "13:30",
      minutes: "180",
    });
    expect(booked.headers.get("location")).toContain("visit=booked");
    expect((await t.store().get(t.id))?.visit?.start.slice(0, 16)).toBe(`${date}T13:30`);
    const refused = await t.post(`/lead/${t.id}/visit`, {
      token,
      sequence: "1",
      action: "book",
      date,
      time: "13:30",
      minutes: "7",
    });
    expect(refused.headers.get("location")).toContain("why=minutes");
    await t.post(`/lead/${t.id}/visit`, {
      token,
      sequence: "1",
      action: "book",
      date,
      time: "15:00",
      minutes: "120",
    });
    // Not confirmed: nothing is cancelled and the customer is not e-mailed.
    const unconfirmed = await t.post(`/lead/${t.id}/visit`, {
      token,
      sequence: "2",
      action: "cancel",
    });
    expect(unconfirmed.headers.get("location")).toContain("why=confirm");
    expect((await t.store().get(t.id))?.visit).toBeDefined();
    const page = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(page).toMatch(/<input type="checkbox" required="" name="confirm" value="yes"\/>/);
    await t.post(`/lead/${t.id}/visit`, { token, sequence: "2", action: "cancel", confirm: "yes" });
    const cancelled = await t.store().get(t.id);
    expect(cancelled).toMatchObject({ status: "contacted", visitSequence: 3 });
    expect(cancelled?.visit).toBeUndefined();
    expect((await t.store().listEvents(t.id)).map((event) => event.kind)).toEqual([
      "booked",
      "rebooked",
      "visit-cancelled",
    ]);
    await until(() => t.mails.some((mail) => mail.calendar?.method === "CANCEL"));
    // Sent in the order made (a version replaced before it went out is not sent at all); the
    // last word is the cancellation, with the highest SEQUENCE.
    const sequences = t.mails
      .filter((mail) => mail.calendar)
      .map((mail) => Number(/SEQUENCE:(\d+)/.exec(mail.calendar?.content ?? "")?.[1]));
    expect(sequences).toEqual([...sequences].sort());
    expect(sequences.at(-1)).toBe(3);
    // The page's log names each e-mail for what it told the customer.
    await t.fn.drain();
    const after = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(after).toContain("Acknowledgement:");
    expect(after).toContain("Cancellation of the visit:");
    expect(after).not.toContain("Visit e-mail");
  });

  it("puts the message and the estimate before the booking; no one-tap booking once the visitor cancelled", async () => {
    const t = await setup();
    const token = await tokenFor(owner, t.id);
    const before = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(before.indexOf("SECRET-MESSAGE")).toBeGreaterThan(0);
    expect(before.indexOf("SECRET-MESSAGE")).toBeLessThan(before.indexOf('id="visit"'));
    expect(before).toMatch(/>Book \w{3} \w{3} \d+, /);
    await t.post(`/request/${t.id}?token=${await tokenFor(visitor, t.id)}`, {
      action: "cancel",
      confirm: "yes",
    });
    const after = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(after).not.toMatch(/>Book \w{3} \w{3} \d+, /);
    expect(after).toContain("The visitor cancelled");
    // Times on the page are words in New York time, never an ISO stamp.
    expect(after).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });
});

describe("the owner's calendar feed", () => {
  it("serves every booked visit as iCalendar with the calendar token, 403 without", async () => {
    const t = await setup();
    const token = await tokenFor(owner, t.id);
    await t.post(`/lead/${t.id}/visit`, { token, sequence: "0", action: "book", window: "0" });
    const feedToken = await tokenFor(calendar, "visits");
    const feed = await t.call(`/calendar/visits.ics?token=${feedToken}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const parsed = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = parsed.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toBe("Dana Whitfield: Carpet Cleaning");
    expect(events[0]?.description).toContain("(484) 555-0199");
    expect(events[0]?.description).toContain(`/lead/${t.id}?token=`);
    expect(events[0]?.uid).toBe(`visit-${t.id}@example.com`);
    for (const bad of [token, await tokenFor(visitor, "visits"), "", `${feedToken}x`]) {
      const refused = await t.call(`/calendar/visits.ics?token=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe("");
    }
  });

  it("is offered on the inbox opened from the owner's e-mail only: never on a request's page nor a push's inbox", async () => {
    const t = await setup();
    const token = await tokenFor(owner, t.id);
    await t.post(`/lead/${t.id}/visit`, { token, sequence: "0", action: "book", window: "0" });
    const feedAddress = "/functions/v1/send-contact-email/calendar/visits.ics";
    const requestPage = await (await t.call(`/lead/${t.id}?token=${token}`)).text();
    expect(requestPage).not.toContain(feedAddress);
    expect(requestPage).not.toContain("webcal:");
    const inboxSigner = createLinkSigner(secrets.OWNER_LINK_SECRET, { scope: "inbox" });
    const inbox = await (
      await t.call(`/inbox?token=${await inboxSigner.sign(inboxSubjects.act, new Date())}`)
    ).text();
    expect(inbox).toContain(`webcal://www.example.org${feedAddress}?token=`);
    expect(inbox).toContain("Your calendar");
    const pushInbox = await (
      await t.call(`/inbox?token=${await inboxSigner.sign(inboxSubjects.read, new Date())}`)
    ).text();
    expect(pushInbox).toContain("Quote requests");
    expect(pushInbox).not.toContain(feedAddress);
  });

  it("a new CALENDAR_LINK_SECRET revokes the feed alone: the owner's and visitor's links still open", async () => {
    const before = await setup();
    const feedToken = await tokenFor(calendar, "visits");
    expect((await before.call(`/calendar/visits.ics?token=${feedToken}`)).status).toBe(200);
    const after = await setup(
      {},
      { CALENDAR_LINK_SECRET: "a-new-calendar-secret-after-a-lost-phone-01" },
    );
    expect((await after.call(`/calendar/visits.ics?token=${feedToken}`)).status).toBe(403);
    expect(
      (await after.call(`/lead/${after.id}?token=${await tokenFor(owner, after.id)}`)).status,
    ).toBe(200);
    expect(
      (await after.call(`/request/${after.id}?token=${await tokenFor(visitor, after.id)}`)).status,
    ).toBe(200);
  });
});
