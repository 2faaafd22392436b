/**
 * The visitor's e-mails on a fake clock over the real SQLite store in memory: one acknowledgement
 * per request, at most 3 a day per address, none for spam, through a mail outage; a visit e-mail
 * a later change replaced is not sent; one reminder the day before at 10:00 New York time,
 * daylight saving included, none for a visit booked just before, none after a change.
 */
import { describe, expect, it } from "vitest";
import { storeRequest, visitorOutboxOnFakeClock } from "../../../tests/support/booking.ts";
import { visitEmail } from "./visit-changes.ts";

const hour = 3_600_000;

describe("acknowledgements", () => {
  it("sends one per new request, to the visitor, and none for spam", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    const id = await storeRequest(t.store, t.now(), { email: "Dana@Example.org" });
    const spam = await storeRequest(t.store, t.now(), { email: "bot@example.org" }, {}, "spam");
    await t.outbox.onStored(id);
    await t.outbox.onStored(id);
    await t.outbox.onStored(spam);
    await t.outbox.tick();
    expect(t.sent.map((email) => email.to)).toEqual([["Dana@Example.org"]]);
    expect(await t.store.listVisitorEmails(id)).toMatchObject([
      { kind: "acknowledgement", recipient: "dana@example.org", status: "sent" },
    ]);
    expect(await t.store.listVisitorEmails(spam)).toEqual([]);
  });

  it("sends at most 3 a day to one address; the 4th is kept as not sent, with the reason", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    const ids = [];
    for (let index = 0; index < 4; index += 1) {
      const id = await storeRequest(t.store, t.now(), { email: "victim@example.org" });
      ids.push(id);
      await t.outbox.onStored(id);
      t.advance(hour);
    }
    expect(t.sent).toHaveLength(3);
    expect((await t.store.listVisitorEmails(ids[3]))[0]).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining("3 acknowledgements"),
    });
    t.advance(24 * hour);
    const later = await storeRequest(t.store, t.now(), { email: "victim@example.org" });
    await t.outbox.onStored(later);
    expect(t.sent).toHaveLength(4);
  });

  it("counts plus-aliases and Gmail's dots as one mailbox: 3 a day in all", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    const aliases = [1, 2, 3, 4, 5, 6].map((n) => `victim+${n}@example.org`);
    const ids = [];
    for (const email of aliases) {
      const id = await storeRequest(t.store, t.now(), { email });
      ids.push(id);
      await t.outbox.onStored(id);
      t.advance(60_000);
    }
    expect(t.sent.map((email) => email.to)).toEqual(aliases.slice(0, 3).map((a) => [a]));
    for (const email of [
      "j.doe@gmail.com",
      "jdoe@gmail.com",
      "J.D.o.e@googlemail.com",
      "jdoe+x@gmail.com",
    ]) {
      const id = await storeRequest(t.store, t.now(), { email });
      await t.outbox.onStored(id);
      t.advance(60_000);
    }
    expect(t.sent).toHaveLength(6);
    // Another mailbox at the same provider is another visitor.
    const other = await storeRequest(t.store, t.now(), { email: "victim2@example.org" });
    await t.outbox.onStored(other);
    expect(t.sent).toHaveLength(7);
  });

  it("sends at most ACKNOWLEDGEMENT_HOURLY_CAP an hour to anyone, and the rest are kept as not sent", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z", "10:00", 5);
    const ids = [];
    for (let index = 0; index < 7; index += 1) {
      const id = await storeRequest(t.store, t.now(), { email: `stranger${index}@example.org` });
      ids.push(id);
      await t.outbox.onStored(id);
      t.advance(60_000);
    }
    expect(t.sent).toHaveLength(5);
    expect((await t.store.listVisitorEmails(ids[6]))[0]).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining("ACKNOWLEDGEMENT_HOURLY_CAP"),
    });
    t.advance(hour);
    const later = await storeRequest(t.store, t.now(), { email: "late@example.org" });
    await t.outbox.onStored(later);
    expect(t.sent).toHaveLength(6);
  });

  it("waits out a mail outage and then sends each once", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    t.fail("server");
    const id = await storeRequest(t.store, t.now());
    await t.outbox.onStored(id);
    expect(t.sent).toHaveLength(0);
    expect((await t.store.listVisitorEmails(id))[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "mail server failure",
    });
    t.fail(null);
    await t.outbox.tick();
    expect(t.sent).toHaveLength(0);
    t.advance(5000);
    await t.outbox.tick();
    await t.outbox.tick();
    expect(t.sent).toHaveLength(1);
  });

  it("gives a message refused for good up after 3 attempts", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    t.fail("permanent");
    const id = await storeRequest(t.store, t.now());
    await t.outbox.onStored(id);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      t.advance(10_000);
      await t.outbox.tick();
    }
    expect((await t.store.listVisitorEmails(id))[0]).toMatchObject({
      status: "failed",
      attempts: 3,
    });
  });

  it("catches up at start on requests stored while it was not running (a crash after the answer)", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    await storeRequest(t.store, new Date(t.now().getTime() - hour));
    await storeRequest(t.store, new Date(t.now().getTime() - 13 * hour));
    const result = await t.outbox.tick();
    expect(result).toMatchObject({ queued: 1, sent: 1 });
  });
});

async function book(
  t: ReturnType<typeof visitorOutboxOnFakeClock>,
  id: string,
  start: string,
  action: "booked" | "rebooked" = "booked",
) {
  const before = await t.store.get(id);
  if (!before) throw new Error("missing");
  const result = await t.store.changeRequest(
    id,
    {
      status: "booked",
      visit: { start: new Date(start), end: new Date(Date.parse(start) + 2 * hour) },
      event: { actor: "owner", kind: action },
      visitorEmail: visitEmail(action, before),
    },
    t.now(),
  );
  if (!result.ok) throw new Error("not booked");
}

const reminders = (t: ReturnType<typeof visitorOutboxOnFakeClock>) =>
  t.sent.filter((email) => email.subject.startsWith("Reminder"));

describe("visit e-mails", () => {
  it("sends the confirmation with its invitation, and skips one a later change replaced", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    const id = await storeRequest(t.store, t.now());
    await book(t, id, "2026-12-01T14:00:00Z");
    await book(t, id, "2026-12-02T14:00:00Z", "rebooked");
    await t.outbox.tick();
    const visits = t.sent.filter((email) => email.calendar);
    expect(visits.map((email) => email.subject)).toEqual([
      "Your cleaning has moved: Wed Dec 2, 9:00–11:00 AM",
    ]);
    expect(
      (await t.store.listVisitorEmails(id)).find((email) => email.key === `visit:${id}:1`),
    ).toMatchObject({ status: "failed", lastError: expect.stringContaining("replaced") });
  });
});

describe("the reminder the day before", () => {
  it("goes out once at 10:00 New York time the day before, not before", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-27T15:00:00Z");
    const id = await storeRequest(t.store, t.now());
    // Tue Dec 1, 9:00 AM EST, booked on Friday.
    await book(t, id, "2026-12-01T14:00:00Z");
    t.set("2026-11-30T14:59:00Z"); // Mon 9:59 AM EST
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);
    t.set("2026-11-30T15:00:00Z"); // Mon 10:00 AM EST
    await t.outbox.tick();
    t.advance(hour);
    await t.outbox.tick();
    expect(reminders(t).map((email) => email.subject)).toEqual([
      "Reminder: your cleaning is tomorrow, Tue Dec 1, 9:00–11:00 AM",
    ]);
  });

  it("keeps the business's clock across the spring change (10:00 EDT is 14:00 UTC)", async () => {
    const t = visitorOutboxOnFakeClock("2026-03-02T15:00:00Z");
    const id = await storeRequest(t.store, t.now());
    // Mon Mar 9 2026, 9:00 AM EDT; the clocks went forward on Sun Mar 8.
    await book(t, id, "2026-03-09T13:00:00Z");
    t.set("2026-03-08T13:59:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);
    t.set("2026-03-08T14:00:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(1);
    expect(reminders(t)[0]?.subject).toContain("Mon Mar 9, 9:00–11:00 AM");
  });

  it("none for a visit booked less than 12 hours before, none at night, none once it changed", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-30T13:00:00Z"); // Mon 8:00 AM EST
    const fresh = await storeRequest(t.store, t.now());
    await book(t, fresh, "2026-12-01T14:00:00Z");
    t.set("2026-11-30T15:00:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);

    const u = visitorOutboxOnFakeClock("2026-11-27T15:00:00Z");
    const late = await storeRequest(u.store, u.now());
    await book(u, late, "2026-12-01T14:00:00Z");
    u.set("2026-12-01T01:30:00Z"); // Mon 8:30 PM EST: past the last call
    await u.outbox.tick();
    expect(reminders(u)).toHaveLength(0);

    const v = visitorOutboxOnFakeClock("2026-11-27T15:00:00Z");
    const moved = await storeRequest(v.store, v.now());
    await book(v, moved, "2026-12-01T14:00:00Z");
    v.set("2026-11-30T15:00:00Z");
    // The reminder is queued, then the visit moves before it goes out: it is not sent.
    await v.store.enqueueVisitorEmail({
      key: `reminder:${moved}:1`,
      kind: "reminder",
      requestId: moved,
      recipient: "jane.doe@example.org",
      payload: { start: "2026-12-01T14:00:00.000Z", end: "2026-12-01T16:00:00.000Z", sequence: 1 },
      createdAt: v.now(),
    });
    await book(v, moved, "2026-12-04T14:00:00Z", "rebooked");
    await v.outbox.tick();
    expect(reminders(v)).toHaveLength(0);
  });
});
