import { describe, expect, it, vi } from "vitest";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import type { ContactEmail } from "../mail/email.ts";
import type { Mailer } from "../mail/mailer.ts";
import { hourOf, type MailCount, memoryMailCount } from "../store/mail-count.ts";
import { createNotifier } from "./notifier.ts";

const secretMessage = "NEVER-IN-A-NOTICE";
const signers = createLinkSigners(parseLinkSettings({}, "notifier-test-secret-0123456789"));

/** The scope of the request page's token in `url`, among the two the owner's page reads. */
async function scopeOf(url: string, now: Date) {
  const link = new URL(url);
  const id = link.pathname.split("/").pop() ?? "";
  const token = link.searchParams.get("token") ?? "";
  if (await signers.owner.verify(id, token, now)) return "owner";
  if (await signers["owner-read"].verify(id, token, now)) return "owner-read";
  return null;
}
const hour = 3_600_000;
const inboxLink = "https://www.example.com/functions/v1/send-contact-email/inbox?token=1.x";

function setup(options: {
  push?: boolean;
  start: string;
  store?: ReturnType<typeof testStore>;
  weeklyReportTime?: string;
  reminderAfterHours?: number;
  mailCap?: { count: MailCount; hourlyCap: number };
}) {
  let clock = new Date(options.start);
  const store = options.store ?? testStore();
  const mails: ContactEmail[] = [];
  const mailer: Mailer = {
    async send(email) {
      mails.push(email);
      return "test";
    },
    async close() {},
  };
  const pushes: string[] = [];
  let pushStatus = 200;
  const fetcher = (async (_url: string | URL | Request, init?: RequestInit) => {
    if (pushStatus === 200) pushes.push(String(init?.body));
    return new Response("", { status: pushStatus });
  }) as typeof fetch;
  const notifier = createNotifier({
    store,
    mailer,
    mail: { from: "Site <site@example.com>", to: ["owner@example.com"], businessName: "Keystone" },
    content: fixedContent(),
    config: {
      functionUrl: "https://www.example.com/functions/v1/send-contact-email",
      push: options.push ? { url: "https://ntfy.example/leads", format: "ntfy" } : null,
      clock: {
        reminderAfterHours: options.reminderAfterHours ?? 20,
        digestTime: "08:00",
        weeklyReportTime: options.weeklyReportTime ?? null,
        timeZone: "America/New_York",
      },
    },
    signers,
    inboxLink: async (access) => `${inboxLink}&access=${access}`,
    mailCap: options.mailCap,
    retry: { baseMs: 1000, maxMs: 4000 },
    leaseMs: 60_000,
    maxAttempts: 3,
    now: () => clock,
    fetcher,
  });
  const submit = (name: string) => storeSample(store, clock, { name, message: secretMessage });
  return {
    store,
    mails,
    pushes,
    notifier,
    submit,
    setPushStatus: (status: number) => {
      pushStatus = status;
    },
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

describe("owner notifier (fake time, SQLite in memory)", () => {
  it("pushes a new request's alert with its link, never its message", async () => {
    const t = setup({ push: true, start: "2026-11-24T15:00:00Z" });
    const id = await t.submit("Ana Alert");
    await t.notifier.onStored(id);
    expect(t.pushes).toHaveLength(1);
    const body = JSON.parse(t.pushes[0] as string);
    expect(body.title).toBe("New quote request: Ana Alert");
    expect(body.click).toMatch(new RegExp(`/lead/${id}\\?token=\\d+\\.`));
    expect(t.pushes[0]).not.toContain(secretMessage);
    // Whoever reads the topic can open the request, not act on it.
    expect(await scopeOf(body.click, new Date("2026-11-24T15:00:00Z"))).toBe("owner-read");
  });

  it("retries a push service that is down, with backoff, and gives up after the last attempt", async () => {
    // 07:00 in New York: no digest due in this test.
    const t = setup({ push: true, start: "2026-11-24T12:00:00Z" });
    t.setPushStatus(503);
    const id = await t.submit("Rita Retry");
    await t.notifier.onStored(id);
    expect(t.pushes).toHaveLength(0);
    const [notice] = await t.store.listNotices();
    expect(notice).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "push refused: HTTP 503",
    });
    t.advance(500);
    expect(await t.notifier.tick()).toMatchObject({ sent: 0, failed: 0 });
    t.setPushStatus(200);
    t.advance(1000);
    expect(await t.notifier.tick()).toMatchObject({ sent: 1 });
    expect(t.pushes).toHaveLength(1);

    t.setPushStatus(500);
    const other = await t.submit("Gil Givenup");
    await t.notifier.onStored(other);
    for (let step = 0; step < 5; step += 1) {
      t.advance(10_000);
      await t.notifier.tick();
    }
    const given = (await t.store.listNotices()).find((item) => item.key === `alert:${other}:push`);
    expect(given).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("turned on later, pushes only the recent requests still new, not those already answered", async () => {
    // 07:00 in New York: no digest due in this test.
    const before = setup({ start: "2026-11-24T12:00:00Z" });
    const waiting = await before.submit("Una Unanswered");
    const answered = await before.submit("Cal Called");
    await before.store.setStatus(answered, "contacted", new Date("2026-11-24T12:10:00Z"));
    const spam = await before.submit("Sid Spam");
    await before.store.setStatus(spam, "spam", new Date("2026-11-24T12:11:00Z"));
    // ALERT_URL set, and a restart.
    const after = setup({ push: true, start: "2026-11-24T12:30:00Z", store: before.store });
    await after.notifier.tick();
    const pushed = after.pushes.map((body) => JSON.parse(body));
    expect(pushed.map((body) => body.title)).toEqual(["New quote request: Una Unanswered"]);
    expect(pushed[0].click).toContain(`/lead/${waiting}?`);
  });

  it("without a push channel, queues no alert (the e-mail is the alert)", async () => {
    const t = setup({ start: "2026-11-24T15:00:00Z" });
    await t.notifier.onStored(await t.submit("Nia Nopush"));
    expect(await t.store.listNotices()).toEqual([]);
  });

  it("reminds once, 20 hours later, only while the request is still new", async () => {
    const t = setup({ push: true, start: "2026-11-24T15:00:00Z" });
    const waiting = await t.submit("Wes Waiting");
    const answered = await t.submit("Ada Answered");
    await t.store.setStatus(answered, "contacted", new Date("2026-11-24T16:00:00Z"));
    t.advance(19 * hour);
    await t.notifier.tick();
    expect(t.mails.filter((mail) => mail.subject.startsWith("Still waiting"))).toHaveLength(0);
    t.advance(hour);
    await t.notifier.tick();
    await t.notifier.tick();
    const reminders = t.mails.filter((mail) => mail.subject.startsWith("Still waiting"));
    expect(reminders.map((mail) => mail.subject)).toEqual([
      "Still waiting after 20 hours: Wes Waiting",
    ]);
    expect(reminders[0]?.text).toContain(`/lead/${waiting}?token=`);
    expect(reminders[0]?.text).not.toContain(secretMessage);
    expect(reminders[0]?.text).toContain(`All requests (your inbox): ${inboxLink}&access=act`);
    const pushed = t.pushes.filter((body) => body.includes("Still waiting"));
    expect(pushed).toHaveLength(1);
    // The e-mail's link acts; the push's only shows the one request, and has no inbox.
    expect(JSON.parse(pushed[0] as string).actions).toHaveLength(1);
    expect(pushed[0]).not.toContain(inboxLink);
    const at = new Date("2026-11-25T11:00:00Z");
    const mailed = /https:\/\/\S+\/lead\/\S+/.exec(reminders[0]?.text ?? "")?.[0] ?? "";
    expect(await scopeOf(mailed, at)).toBe("owner");
    expect(await scopeOf(JSON.parse(pushed[0] as string).click, at)).toBe("owner-read");
  });

  it("keeps a new request's reminder wake-up when a pass that began before it was stored ends", async () => {
    // The pass's last look at the store (for its next wake-up) is held until the request is in.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = testStore();
    let looks = 0;
    const store = Object.assign(Object.create(inner), {
      async listSince(since: Date) {
        looks += 1;
        const snapshot = await inner.listSince(since);
        if (looks === 3) await held;
        return snapshot;
      },
    }) as typeof inner;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const t = setup({ start: "2026-11-24T15:00:00Z", store, reminderAfterHours: 0.003 });
      vi.setSystemTime(new Date("2026-11-24T15:00:00Z"));
      t.notifier.start();
      await vi.waitFor(() => expect(looks).toBe(3));
      const id = await t.submit("Nell Waiting");
      await t.notifier.onStored(id);
      release();
      await vi.advanceTimersByTimeAsync(0);
      // 0.003 hours is 10.8 s; the pass alone would have slept five minutes.
      t.advance(11_000);
      await vi.advanceTimersByTimeAsync(11_000);
      await vi.waitFor(() =>
        expect(t.mails.map((mail) => mail.subject)).toContain(
          "Still waiting after 0.003 hours: Nell Waiting",
        ),
      );
      await t.notifier.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts acting links in the e-mailed digest and read-only ones in the pushed digest", async () => {
    const t = setup({ push: true, start: "2026-11-24T12:59:00Z" });
    const id = await t.submit("Dee Digest");
    t.advance(60_000);
    await t.notifier.tick();
    const at = new Date("2026-11-24T13:00:00Z");
    const mailed = t.mails.find((mail) => mail.subject.startsWith("Quote requests, digest"));
    const link = (text: string) =>
      new RegExp(`https://\\S+/lead/${id}\\?token=[\\w.-]+`).exec(text)?.[0] ?? "";
    expect(await scopeOf(link(mailed?.text ?? ""), at)).toBe("owner");
    const pushed = t.pushes.find((body) => body.includes("digest of"));
    expect(await scopeOf(link(JSON.parse(pushed ?? "{}").message ?? ""), at)).toBe("owner-read");
  });

  it("sends the digest at 08:00 New York time once, and catches it up after a restart", async () => {
    // 12:59 UTC is 07:59 in New York (winter time).
    const t = setup({ start: "2026-11-24T12:59:00Z" });
    await t.submit("Dee Digest");
    await t.notifier.tick();
    expect(t.mails).toHaveLength(0);
    t.advance(60_000);
    await t.notifier.tick();
    await t.notifier.tick();
    const digests = t.mails.filter((mail) =>
      mail.subject.startsWith("Quote requests, digest of 2026-11-24"),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain("Dee Digest");
    expect(digests[0]?.text).toContain("1 request still waiting for an answer:");
    expect(digests[0]?.text).toContain(`All requests (your inbox): ${inboxLink}`);

    // A restart (a new notifier on the same store) finds that digest sent: nothing twice.
    const again = setup({ start: "2026-11-24T14:00:00Z", store: t.store });
    expect(await again.notifier.tick()).toMatchObject({ queued: 0, sent: 0 });
    expect(again.mails).toHaveLength(0);

    // Down from 07:00 to 10:00 the next day: the missed digest goes out at the first tick.
    const late = setup({ start: "2026-11-25T15:00:00Z", store: t.store });
    await late.notifier.tick();
    // (with the reminder that fell due at 08:59 UTC while it was down)
    expect(late.mails.map((mail) => mail.subject).sort()).toEqual([
      "Quote requests, digest of 2026-11-25: 0 new, 1 waiting",
      "Still waiting after 20 hours: Dee Digest",
    ]);
  });

  it("e-mails last week's numbers on Monday at 07:00 New York time, once, also after a restart", async () => {
    // Requests and counts of the week of Mon Nov 16 – Sun Nov 22.
    const during = setup({ start: "2026-11-18T15:00:00Z", weeklyReportTime: "07:00" });
    const won = await during.submit("Willa Won");
    await during.store.setStatus(won, "won", new Date("2026-11-18T16:00:00Z"));
    await during.submit("Nate New");
    await during.store.addCount("2026-11-18", "/exton", "call");
    await during.store.addCount("2026-11-18", "/contact", "form-start");
    // And one of this week, not in last week's numbers.
    const monday = setup({
      start: "2026-11-23T11:59:00Z",
      store: during.store,
      weeklyReportTime: "07:00",
    });
    await monday.submit("Mo Monday");
    await monday.notifier.tick();
    expect(monday.mails.filter((mail) => mail.subject.startsWith("Last week"))).toHaveLength(0);
    monday.advance(60_000);
    await monday.notifier.tick();
    await monday.notifier.tick();
    const reports = monday.mails.filter((mail) => mail.subject.startsWith("Last week"));
    expect(reports.map((mail) => mail.subject)).toEqual(["Last week: 2 requests, 0 booked, 1 won"]);
    const text = reports[0]?.text ?? "";
    expect(text).toContain("Last week (Mon Nov 16 – Sun Nov 22): 2 requests");
    expect(text).toContain("What became of them: 0 booked, 1 won, 0 lost");
    expect(text).toContain("Quote forms: 1 started, 2 sent");
    expect(text).toContain("Phone taps: 1 (/exton 1)");
    expect(text).toContain(`All requests (your inbox): ${inboxLink}`);
    expect(text).not.toContain("Mo Monday");
    const restarted = setup({
      start: "2026-11-23T13:00:00Z",
      store: during.store,
      weeklyReportTime: "07:00",
    });
    await restarted.notifier.tick();
    expect(restarted.mails.filter((mail) => mail.subject.startsWith("Last week"))).toHaveLength(0);
  });

  it("counts the e-mails of visitors' changes in the hourly cap, and past it holds them to the next hour", async () => {
    const count = memoryMailCount();
    const t = setup({ start: "2026-11-24T15:30:00Z", mailCap: { count, hourlyCap: 2 } });
    const id = await t.submit("Vera Visitor");
    const notice = (key: string) =>
      t.store.enqueueNotice({
        key,
        channel: "email",
        requestId: id,
        notice: {
          kind: "visitor",
          title: "Vera Visitor added the address",
          lines: ["Residential Cleaning", "Address: 12 Elm St"],
          url: null,
          leads: [],
          replyTo: { name: "Vera Visitor", address: "vera@example.org" },
          changes: 1,
        },
        createdAt: new Date("2026-11-24T15:30:00Z"),
      });
    const hour = hourOf(new Date("2026-11-24T15:30:00Z"));
    const visitorMails = () =>
      t.mails.filter((mail) => mail.headers["X-Owner-Notice"]?.startsWith("visitor:"));
    await notice(`visitor:${id}:e1:email`);
    await t.notifier.tick();
    expect(visitorMails().map((mail) => mail.subject)).toEqual(["Vera Visitor added the address"]);
    expect(await count.sent(hour)).toBe(1);
    // A request's e-mail takes the cap's last place this hour: the next change's notice waits.
    await count.add(hour);
    await notice(`visitor:${id}:e2:email`);
    await t.notifier.tick();
    expect(visitorMails()).toHaveLength(1);
    const held = (await t.store.listNotices()).find((item) => item.key.includes(":e2:"));
    expect(held).toMatchObject({ status: "pending" });
    expect(held?.lastError).toContain("MAIL_HOURLY_CAP");
    // Kept, never dropped: it goes when the hour turns, and counts in the new hour.
    t.advance(30 * 60_000);
    await t.notifier.tick();
    expect(visitorMails()).toHaveLength(2);
    expect(await count.sent(hour + 1)).toBe(1);
  });
});
