/**
 * From a request to a booked visit on the real embedded server, with SQLite and with Postgres
 * (DATABASE_URL), a real SMTP server and a loopback push receiver: the visitor's acknowledgement
 * (never their message), their page and its actions reaching the owner by e-mail and push and on
 * the owner's page, the owner's one-tap booking with an invitation a calendar parser reads, the
 * move (same UID, SEQUENCE + 1), the cancellation (METHOD:CANCEL), the reminder the day before,
 * the calendar feed, and `npm run leads -- --json` with the visit.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wallClock } from "../../shared/calendar-day.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { functionPath } from "./contract-cases.ts";
import { drainQueues, drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { unusedPort } from "./support/ports.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { type PushReceiver, startPushReceiver } from "./support/push-receiver.ts";
import { validRequest } from "./support/requests.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

const key = "sb_publishable_booking-test-key";
const message = "THE-VISITORS-OWN-WORDS <b>never relayed</b>";

type Store = "SQLite" | "Postgres";

/** The reminder's time of day a minute ago in New York, and the visit's day: the day after. */
const reminder = (() => {
  const at = wallClock(new Date(Date.now() - 60_000), "America/New_York");
  const pad = (value: number) => String(value).padStart(2, "0");
  const day = new Date(Date.UTC(at.year, at.month - 1, at.day + 1));
  return { time: `${pad(at.hour)}:${pad(at.minute)}`, visitDay: day.toISOString().slice(0, 10) };
})();
const stores: Store[] = postgresRuns ? ["SQLite", "Postgres"] : ["SQLite"];

describe.each(stores)("booking on the embedded server with %s", (storeName) => {
  let folder = "";
  let smtp: SmtpSink;
  let push: PushReceiver;
  let server: HostProcess;
  let pg: LocalPostgres | undefined;
  let functionUrl = "";
  let databaseUrl = "";

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "booking-"));
    smtp = await startSmtpSink();
    push = await startPushReceiver();
    if (storeName === "Postgres") {
      pg = await startLocalPostgres();
      databaseUrl = pg.createDatabase("booking");
    }
    const port = await unusedPort();
    functionUrl = `http://127.0.0.1:${port}${functionPath}`;
    server = await startNodeServer(
      {
        PORT: String(port),
        OWNER_LINK_SECRET: "booking-test-owner-secret-0123456789abcdef",
        VISITOR_LINK_SECRET: "booking-test-visitor-secret-0123456789abc",
        CALENDAR_LINK_SECRET: "booking-test-calendar-secret-0123456789ab",
        FUNCTION_URL: functionUrl,
        ALERT_URL: `${push.url}/keystone-leads`,
        CONTACT_PUBLIC_KEY: key,
        MAIL_TO: "owner@example.com",
        MAIL_FROM: "Keystone Shine Website <website@example.com>",
        OUTBOX_RETRY_BASE_MS: "100",
        OUTBOX_RETRY_MAX_MS: "400",
        OUTBOX_DRAIN_SECRET: drainSecret,
        RATE_LIMIT_DISABLED: "true",
        // Long enough for a burst of posts to join one notice, short enough to wait for.
        VISITOR_NOTICE_HOLD_SECONDS: "2",
        // A minute ago, New York time: a visit on the day after is due for its reminder now.
        VISIT_REMINDER_TIME: reminder.time,
        STATIC_DIR: await createFakeSite(folder),
        DATA_DIR: join(folder, "data"),
        SMTP_URL: smtp.url,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      folder,
    );
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await push?.stop();
    await pg?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function submit(name: string, email: string): Promise<string> {
    const [first] = bookableDates(new Date(), repositoryFacts());
    const response = await fetch(`${server.url}${functionPath}`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: key },
      body: JSON.stringify({
        ...validRequest({ name, email, message, service: "other", otherService: message }),
        preferredWindows: [{ date: first, window: "morning" }],
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  const linkIn = (mail: ReceivedMail, path: string) =>
    new RegExp(`${functionUrl}/${path}/[\\w-]+\\?token=[\\w.%-]+`).exec(mail.mail.text)?.[0] ?? "";

  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual" as const,
  });

  function invitation(mail: ReceivedMail) {
    const part = mail.mail.attachments.find((item) => item.contentType.startsWith("text/calendar"));
    const calendar = new ICAL.Component(ICAL.parse(part?.content ?? ""));
    const event = calendar.getFirstSubcomponent("vevent");
    return {
      method: calendar.getFirstPropertyValue("method"),
      uid: event?.getFirstPropertyValue("uid"),
      sequence: event?.getFirstPropertyValue("sequence"),
      status: event?.getFirstPropertyValue("status"),
      start: (event?.getFirstPropertyValue("dtstart") as ICAL.Time | null)?.toJSDate(),
    };
  }

  async function backdateChange(id: string) {
    if (storeName === "Postgres")
      pg?.psql(
        `update public.contact_requests set visit_changed_at = now() - interval '3 days' where id = '${id}'`,
        { database: "booking" },
      );
    else {
      const db = new DatabaseSync(join(folder, "data", "contact-requests.db"), { timeout: 5000 });
      db.prepare("UPDATE contact_requests SET visit_changed_at = ? WHERE id = ?").run(
        new Date(Date.now() - 3 * 86_400_000).toISOString(),
        id,
      );
      db.close();
    }
  }

  it("acknowledges the request to the visitor at once, without their words, with their page", async () => {
    const id = await submit("Dana Whitfield", "dana@example.org");
    const ack = await smtp.waitForVisitorMail(`acknowledgement:${id}`);
    expect(ack.envelopeTo).toEqual(["dana@example.org"]);
    expect(ack.mail.header("subject")).toBe("We received your request: Other");
    expect(ack.mail.header("auto-submitted")).toBe("auto-generated");
    expect(ack.mail.text).toContain("We will call you by");
    expect(ack.raw).not.toContain("THE-VISITORS-OWN-WORDS");
    const page = await fetch(linkIn(ack, "request"));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await page.text()).toContain("We will call you by");
  });

  it("books in one tap from the owner's page; moves; cancels; each e-mail a calendar reads", async () => {
    const id = await submit("Pat Booker", "pat@example.org");
    const ownerMail = await smtp.waitForRequest(id);
    const ownerLink = new RegExp(`${functionUrl}/lead/${id}\\?token=[\\w.%-]+`).exec(
      ownerMail.mail.text,
    )?.[0] as string;
    const token = new URL(ownerLink).searchParams.get("token") as string;
    const page = await (await fetch(ownerLink)).text();
    expect(page).toMatch(/Book \w{3} \w{3} \d+, 8:00–10:00 AM/);

    const booked = await fetch(
      `${functionUrl}/lead/${id}/visit`,
      form({ token, sequence: "0", action: "book", window: "0" }),
    );
    expect(booked.status).toBe(303);
    const confirmation = await smtp.waitForVisitorMail(`visit:${id}:1`);
    expect(confirmation.envelopeTo).toEqual(["pat@example.org"]);
    expect(confirmation.mail.header("subject")).toMatch(/^Your cleaning is booked: /);
    const first = invitation(confirmation);
    expect(first).toMatchObject({ method: "REQUEST", sequence: 1, status: "CONFIRMED" });
    expect(first.uid).toBe(`visit-${id}@example.com`);

    const [, second] = bookableDates(new Date(), repositoryFacts());
    await fetch(
      `${functionUrl}/lead/${id}/visit`,
      form({
        token,
        sequence: "1",
        action: "book",
        date: second as string,
        time: "14:00",
        minutes: "180",
      }),
    );
    const moved = invitation(await smtp.waitForVisitorMail(`visit:${id}:2`));
    expect(moved).toMatchObject({ method: "REQUEST", sequence: 2, uid: first.uid });
    expect(moved.start?.getTime()).not.toBe(first.start?.getTime());

    const leads = (
      await runLeads(
        join(folder, "data"),
        ["--json"],
        folder,
        databaseUrl ? { DATABASE_URL: databaseUrl } : {},
      )
    )
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(leads.find((lead) => lead.id === id)).toMatchObject({
      status: "booked",
      visit: { start: expect.stringMatching(new RegExp(`^${second}T14:00:00-0[45]:00$`)) },
    });

    await fetch(
      `${functionUrl}/lead/${id}/visit`,
      form({ token, sequence: "2", action: "cancel", confirm: "yes" }),
    );
    const cancelled = invitation(await smtp.waitForVisitorMail(`visit:${id}:3`));
    expect(cancelled).toMatchObject({
      method: "CANCEL",
      sequence: 3,
      status: "CANCELLED",
      uid: first.uid,
    });
  });

  it("the visitor's actions reach the owner by e-mail and push and show on the owner's page", async () => {
    const id = await submit("Val Visitor", "val@example.org");
    const visitorPage = linkIn(await smtp.waitForVisitorMail(`acknowledgement:${id}`), "request");
    const token = new URL(visitorPage).searchParams.get("token") as string;
    const [, second] = bookableDates(new Date(), repositoryFacts());
    const times = await fetch(
      `${functionUrl}/request/${id}`,
      form({ token, action: "times", date: second as string, window: "evening" }),
    );
    expect(times.status).toBe(303);
    await fetch(
      `${functionUrl}/request/${id}`,
      form({ token, action: "address", address: "12 Elm St, Berwyn PA 19312" }),
    );
    // Two changes within the hold: one push and one e-mail telling of both.
    const joined = "Val Visitor made 2 changes to their request";
    const pushed = await push.waitFor((body) => body.includes(joined));
    expect(pushed).toContain("New preferred times");
    expect(pushed).toContain("Address: 12 Elm St");
    const ownerMail = await smtp.waitFor((mail) => mail.mail.header("subject") === joined);
    expect(ownerMail?.envelopeTo).toEqual(["owner@example.com"]);
    // A reply reaches the visitor, so it carries no inbox (the link rule); a push never does.
    expect(ownerMail.mail.header("reply-to")).toContain("val@example.org");
    expect(ownerMail.mail.text).not.toContain("/inbox");
    expect(ownerMail.mail.html).not.toContain("/inbox");
    expect(pushed).not.toContain("/inbox");
    expect(ownerMail?.mail.text).toContain(`${functionUrl}/lead/${id}?token=`);
    const ownerLink = new RegExp(`${functionUrl}/lead/${id}\\?token=[\\w.%-]+`).exec(
      ownerMail?.mail.text ?? "",
    )?.[0] as string;
    const ownerPage = await (await fetch(ownerLink)).text();
    expect(ownerPage).toContain("The visitor asked for other times");
    expect(ownerPage).toContain("12 Elm St, Berwyn PA 19312");
    expect(ownerPage).toContain("evening");

    await fetch(`${functionUrl}/request/${id}`, form({ token, action: "cancel", confirm: "yes" }));
    await push.waitFor((body) => body.includes("Val Visitor cancelled the request"));
    const after = await (await fetch(visitorPage)).text();
    expect(after).toContain("You cancelled this request");
  });

  it("a flood of posts from the visitor's link stores a bounded number and reaches the owner once", async () => {
    const id = await submit("Flo Flood", "flo@example.org");
    const visitorPage = linkIn(await smtp.waitForVisitorMail(`acknowledgement:${id}`), "request");
    const token = new URL(visitorPage).searchParams.get("token") as string;
    const statuses: number[] = [];
    // 60 posts, 6 at a time, to the server on 127.0.0.1.
    for (let round = 0; round < 10; round += 1)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, async (_, index) => {
            const answer = await fetch(
              `${functionUrl}/request/${id}`,
              form({ token, action: "address", address: `${round * 6 + index} Flood Lane` }),
            );
            await answer.arrayBuffer();
            return answer.status;
          }),
        )),
      );
    // VISITOR_CHANGES_PER_HOUR's default: 10 changes stored, the rest refused with 429.
    expect(statuses.filter((status) => status === 303)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    const joined = "Flo Flood made 10 changes to their request";
    await push.waitFor((body) => body.includes(joined));
    await smtp.waitFor((mail) => mail.mail.header("subject") === joined);
    // Everything due has been attempted: another e-mail to the owner would be here by now.
    await drainQueues(functionUrl, drainSecret);
    const toOwner = smtp.received.filter((mail) =>
      String(mail.mail.header("subject") ?? "").startsWith("Flo Flood"),
    );
    expect(toOwner).toHaveLength(1);
    // Beside the new request's alert, one push for all the changes.
    const pushes = push.received.filter((item) => item.body.includes("Flo Flood"));
    expect(pushes.filter((item) => !item.body.includes("New quote request"))).toHaveLength(1);
  }, 60_000);

  it("reminds the visitor the day before, once; the feed lists the visit for a calendar", async () => {
    const id = await submit("Rhea Reminder", "rhea@example.org");
    const ownerMail = await smtp.waitForRequest(id);
    const token = new URL(
      new RegExp(`${functionUrl}/lead/${id}\\?token=[\\w.%-]+`).exec(
        ownerMail.mail.text,
      )?.[0] as string,
    ).searchParams.get("token") as string;
    // The day after the reminder's day, at 11 PM: its reminder fell due a minute ago.
    await fetch(
      `${functionUrl}/lead/${id}/visit`,
      form({
        token,
        sequence: "0",
        action: "book",
        date: reminder.visitDay,
        time: "23:00",
        minutes: "60",
      }),
    );
    await smtp.waitForVisitorMail(`visit:${id}:1`);
    // Booked just now: the confirmation said it all, so no reminder...
    const drain = () => drainQueues(functionUrl, drainSecret);
    await drain();
    expect(smtp.visitorMail(`reminder:${id}`)).toHaveLength(0);
    // ...but a visit booked days ago gets one, once.
    await backdateChange(id);
    await drain();
    const reminded = await smtp.waitForVisitorMail(`reminder:${id}:1`);
    expect(reminded.mail.header("subject")).toMatch(/^Reminder: your cleaning is tomorrow, /);
    await drain();
    expect(smtp.visitorMail(`reminder:${id}`)).toHaveLength(1);

    // The feed is offered on the inbox, not on the request's page; its link comes to the
    // business's own address when asked for (E-mail me my inbox link).
    const asked = await fetch(`${functionUrl}/inbox/new-link`, {
      method: "POST",
      redirect: "manual",
    });
    expect(asked.status).toBe(303);
    await drain();
    const linkMail = await smtp.waitFor(
      (mail) => mail.mail.header("subject") === "Your inbox link",
    );
    expect(linkMail.envelopeTo).toEqual(["owner@example.com"]);
    expect(linkMail.mail.header("reply-to")).not.toContain("val@example.org");
    const inboxLink = new RegExp(`${functionUrl}/inbox\\?token=[\\w.%-]+`).exec(
      linkMail.mail.text,
    )?.[0] as string;
    const inbox = await (await fetch(inboxLink)).text();
    const feedUrl = /(http:\/\/[^"\s<]+\/calendar\/visits\.ics\?token=[\w.%-]+)/.exec(
      inbox.replace(/&amp;/g, "&"),
    )?.[1] as string;
    const feed = await fetch(feedUrl);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.summary)).toContain(
      "Rhea Reminder: Carpet Cleaning".replace("Carpet Cleaning", `Other: ${message}`),
    );
    expect((await fetch(feedUrl.replace(/token=\d/, "token=9"))).status).toBe(403);
  }, 60_000);
});
