import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import type { ContactEmail } from "../mail/email.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createFollowUpJob } from "./follow-up-job.ts";
import { followUpLines } from "./follow-up-lines.ts";
import type { FollowUpSettings } from "./follow-up-rules.ts";
import { addressHash, optOutSubject } from "./opt-out-routes.ts";

const hour = 3_600_000;
const day = 24 * hour;
const links = createLinkSigners(parseLinkSettings({}, "follow-up-test-owner-secret-0123456789"));
const functionUrl = "https://fn.example/functions/v1/send-contact-email";
const reviewUrl = "https://g.page/r/keystone/review";

function setup(settings: Partial<FollowUpSettings> = {}) {
  // Friday Nov 20, 2026, 10:00 in New York.
  let clock = new Date("2026-11-20T15:00:00Z");
  const store = testStore();
  const mails: ContactEmail[] = [];
  let refuse = 0;
  const mailer: Mailer = {
    async send(email) {
      if (refuse > 0) {
        refuse -= 1;
        throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
      }
      mails.push(email);
      return "test";
    },
    async close() {},
  };
  const full = {
    reviewUrl,
    reviewAfterHours: 1,
    followUpAfterDays: 4,
    perAddressPerDay: 1,
    ...settings,
  } as FollowUpSettings;
  const job = createFollowUpJob({
    store,
    mailer,
    letters: {
      from: "Site <site@example.com>",
      replyTo: "owner@example.com",
      businessName: "Keystone",
      live: repositoryFacts(),
    },
    settings: full,
    functionUrl,
    signer: links.visitor,
    retry: { baseMs: 1000, maxMs: 4000 },
    leaseMs: 60_000,
    maxAttempts: 3,
    now: () => clock,
  });
  const submit = (name: string, email = `${name.split(" ")[0]?.toLowerCase()}@example.org`) =>
    storeSample(store, clock, { name, email, message: "MY OWN WORDS" });
  return {
    store,
    mails,
    job,
    submit,
    settings: full,
    refuseNext: (times: number) => {
      refuse = times;
    },
    now: () => clock,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

const sentTo = (mails: ContactEmail[], address: string) =>
  mails.filter((mail) => mail.to.includes(address));

describe("follow-ups to customers (fake time, SQLite in memory)", () => {
  it("asks for a review once, an hour after the job is marked won", async () => {
    const t = setup();
    const id = await t.submit("Dana Whitfield");
    await t.store.setStatus(id, "won", t.now());
    // Queued at once (the page shows when it goes), sent an hour later.
    expect(await t.job.tick()).toMatchObject({ queued: 1, sent: 0 });
    expect((await t.store.listFollowUps(id))[0]).toMatchObject({ state: "pending" });
    t.advance(hour - 1);
    expect(await t.job.tick()).toMatchObject({ queued: 0, sent: 0 });
    t.advance(1);
    expect(await t.job.tick()).toMatchObject({ queued: 0, sent: 1 });
    for (let index = 0; index < 3; index += 1) {
      t.advance(day);
      await t.job.tick();
    }
    const reviews = sentTo(t.mails, "dana@example.org");
    expect(reviews.map((mail) => mail.subject)).toEqual([
      "Thank you from Keystone Shine Cleaning: would you review us?",
    ]);
    expect(reviews[0]?.text).toContain(reviewUrl);
    expect(reviews[0]?.text).not.toContain("MY OWN WORDS");
    const lines = followUpLines(
      (await t.store.get(id)) ?? { id, status: "", createdAt: "" },
      await t.store.listFollowUps(id),
      t.settings,
    );
    expect(lines.map((line) => line.text)).toEqual([
      "Review request: e-mailed Fri Nov 20, 11:00 AM.",
    ]);
  });

  it("asks for a review an hour after a booked visit has ended; a booking stops a quiet quote's follow-up", async () => {
    const t = setup();
    const id = await t.submit("Bea Booked");
    // Booked on day 3 for day 5, 09:00 to 11:00 New York time (booking/).
    t.advance(3 * day);
    const booked = await t.store.changeRequest(
      id,
      {
        status: "booked",
        visit: {
          start: new Date("2026-11-25T14:00:00Z"),
          end: new Date("2026-11-25T16:00:00Z"),
        },
        event: { actor: "owner", kind: "booked" },
      },
      t.now(),
    );
    expect(booked.ok).toBe(true);
    await t.job.changed(id);
    // Day 4: a quiet quote would have had its follow-up; a booked one has none.
    t.advance(day);
    await t.job.tick();
    expect(t.mails).toHaveLength(0);
    // 17:00 UTC on day 5: an hour after the visit ended.
    t.advance(new Date("2026-11-25T17:00:00Z").getTime() - t.now().getTime());
    await t.job.tick();
    expect(sentTo(t.mails, "bea@example.org").map((mail) => mail.subject)).toEqual([
      "Thank you from Keystone Shine Cleaning: would you review us?",
    ]);
  });

  it("follows up a quote still new after N days once; a status change stops it", async () => {
    const t = setup();
    const quiet = await t.submit("Quinn Quiet");
    const answered = await t.submit("Ada Answered");
    t.advance(3 * day);
    await t.job.tick();
    expect(t.mails).toHaveLength(0);
    // The plan, on the request's page, before anything is queued.
    expect(
      followUpLines(
        (await t.store.get(quiet)) ?? { id: "", status: "", createdAt: "" },
        [],
        t.settings,
      ).map((line) => line.text),
    ).toEqual([
      "Follow-up of the quote: will be e-mailed Tue Nov 24, 10:00 AM if the status is still New.",
    ]);
    // Ada is answered on day 3: her four days start again from then.
    await t.store.setStatus(answered, "contacted", t.now());
    t.advance(day);
    expect(await t.job.tick()).toMatchObject({ queued: 1, sent: 1 });
    expect(sentTo(t.mails, "quinn@example.org").map((mail) => mail.subject)).toEqual([
      "Your carpet cleaning quote from Keystone Shine Cleaning",
    ]);
    t.advance(2 * day);
    await t.job.tick();
    t.advance(day);
    await t.job.tick();
    expect(sentTo(t.mails, "ada@example.org")).toHaveLength(1);
    t.advance(7 * day);
    await t.job.tick();
    expect(t.mails).toHaveLength(2);
  });

  it("stops a review request at once when Won is taken back, and queues it again when set again", async () => {
    const t = setup();
    const id = await t.submit("Tina Tapped");
    await t.store.setStatus(id, "won", t.now());
    await t.job.changed(id);
    expect(await t.store.listFollowUps(id)).toMatchObject([{ state: "pending" }]);
    t.advance(10 * 60_000);
    await t.store.setStatus(id, "lost", t.now());
    await t.job.changed(id);
    expect(await t.store.listFollowUps(id)).toMatchObject([
      { state: "stopped", lastError: "the status changed to lost" },
    ]);
    t.advance(10 * 60_000);
    await t.store.setStatus(id, "won", t.now());
    await t.job.changed(id);
    expect(await t.store.listFollowUps(id)).toMatchObject([{ state: "pending", attempts: 0 }]);
    t.advance(hour);
    await t.job.tick();
    t.advance(day);
    await t.job.tick();
    expect(sentTo(t.mails, "tina@example.org")).toHaveLength(1);
    await t.job.stop();
  });

  it("stops a queued follow-up when the status changes before it goes", async () => {
    const t = setup();
    const id = await t.submit("Will Wait");
    t.advance(4 * day);
    // The mail server refuses it once: it waits for its retry, queued with status new.
    t.refuseNext(1);
    expect(await t.job.tick()).toMatchObject({ queued: 1, sent: 0, waiting: 1 });
    await t.store.setStatus(id, "lost", t.now());
    t.advance(hour);
    expect(await t.job.tick()).toMatchObject({ sent: 0, stopped: 1 });
    expect(t.mails).toHaveLength(0);
    expect(
      followUpLines(
        (await t.store.get(id)) ?? { id, status: "", createdAt: "" },
        await t.store.listFollowUps(id),
        t.settings,
      ).map((line) => line.text),
    ).toEqual(["Follow-up of the quote: not sent, the status changed to lost."]);
  });

  it("honours an opt-out from then on, for every request from that address", async () => {
    const t = setup();
    await t.store.optOut(await addressHash(" Dana@Example.org "), t.now());
    const won = await t.submit("Dana Whitfield");
    const quiet = await t.submit("Dana Whitfield", "dana@example.org");
    await t.store.setStatus(won, "won", t.now());
    t.advance(hour);
    expect(await t.job.tick()).toMatchObject({ queued: 1, stopped: 1, sent: 0 });
    t.advance(4 * day);
    expect(await t.job.tick()).toMatchObject({ queued: 1, stopped: 1, sent: 0 });
    expect(t.mails).toHaveLength(0);
    for (const id of [won, quiet]) {
      const reasons = (await t.store.listFollowUps(id)).map((item) => item.lastError);
      expect(reasons).toEqual(["the customer opted out"]);
    }
  });

  it("sends one follow-up per address a day; the next waits for the cap's day to pass", async () => {
    const t = setup();
    const first = await t.submit("Pat Twice", "pat@example.org");
    const second = await t.submit("Pat Twice", "PAT@example.org");
    await t.store.setStatus(first, "won", t.now());
    await t.store.setStatus(second, "won", t.now());
    t.advance(hour);
    expect(await t.job.tick()).toMatchObject({ queued: 2, sent: 1, waiting: 1 });
    t.advance(6 * hour);
    expect(await t.job.tick()).toMatchObject({ sent: 0, waiting: 1 });
    // 24 hours after the first one went, the second may.
    t.advance(18 * hour + 60_000);
    expect(await t.job.tick()).toMatchObject({ sent: 1 });
    expect(t.mails.map((mail) => mail.to[0]?.toLowerCase())).toEqual([
      "pat@example.org",
      "pat@example.org",
    ]);
  });

  it("retries a refused e-mail with backoff, then gives it up", async () => {
    const t = setup({ followUpAfterDays: null });
    const id = await t.submit("Rita Refused");
    await t.store.setStatus(id, "won", t.now());
    t.advance(hour);
    t.refuseNext(5);
    await t.job.tick();
    for (let index = 0; index < 4; index += 1) {
      t.advance(hour);
      await t.job.tick();
    }
    expect(t.mails).toHaveLength(0);
    expect(await t.store.listFollowUps(id)).toMatchObject([
      { state: "failed", attempts: 3, lastError: "550 mailbox unavailable" },
    ]);
  });

  it("queues nothing while both settings are off", async () => {
    const t = setup({ reviewUrl: null, followUpAfterDays: null });
    const id = await t.submit("Nobody");
    await t.store.setStatus(id, "won", t.now());
    t.advance(30 * day);
    expect(await t.job.tick()).toEqual({ queued: 0, sent: 0, stopped: 0, waiting: 0 });
  });

  it("links each e-mail to an opt-out page for that address alone", async () => {
    const t = setup();
    const id = await t.submit("Dana Whitfield");
    await t.store.setStatus(id, "won", t.now());
    t.advance(hour);
    await t.job.tick();
    const hash = await addressHash("dana@example.org");
    const link = new RegExp(`${functionUrl}/opt-out/${hash}\\?token=(\\S+)`).exec(
      t.mails[0]?.text ?? "",
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? "");
    expect(await links.visitor.verify(optOutSubject(hash), token, t.now())).toBe(true);
    expect(await links.visitor.verify(id, token, t.now())).toBe(false);
    expect(await links.owner.verify(optOutSubject(hash), token, t.now())).toBe(false);
  });
});
