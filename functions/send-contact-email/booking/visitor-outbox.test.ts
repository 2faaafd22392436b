/**
 * The visitor's e-mails on a fake clock over the real SQLite store in memory: one acknowledgement
 * per request, at most 3 a day per address, none for spam, through a mail outage; a visit e-mail
 * a later change replaced is not sent; one reminder the day before at 10:00 New York time,
 * daylight saving included, none for a visit booked just before, none after a change. A plan's
 * e-mail is sent with its series unless a later change replaced it; every visit of a plan has its
 * reminder, which a change of another visit leaves alone.
 */
import { describe, expect, it } from "vitest";
import { bookedPlan, changeBookedPlan, factsWith } from "../../../tests/support/booked-plan.ts";
import {
  storeRequest,
  visitorOutboxOnFakeClock,
  visitorSigner,
} from "../../../tests/support/booking.ts";
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

  it("sends, in a pass, the acknowledgement of a request stored just before it, still being queued", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T15:00:00Z");
    await t.outbox.tick(); // the first pass catches up on the day's requests; later ones do not
    const id = await storeRequest(t.store, t.now(), { email: "dana@example.org" });
    // The store answers slowly (a loaded machine): the pass must wait for the queueing.
    const get = t.store.get.bind(t.store);
    let answer = () => {};
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    t.store.get = async (one) => {
      await slow;
      return get(one);
    };
    const stored = t.outbox.onStored(id);
    const pass = t.outbox.tick();
    answer();
    await pass;
    // Sent by the time the pass is over, not some time after it.
    expect(t.sent).toHaveLength(1);
    await stored;
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

const at = (iso: string) => new Date(iso);
/** Every Tuesday at 9:00 AM from December 1, 2026, booked the Tuesday before. */
const tuesdays = { day: "2026-12-01", time: "09:00" };

describe("a plan's e-mails", () => {
  it("sends the latest with its series, and not one a later change replaced", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(t.store, t.now(), tuesdays);
    await changeBookedPlan(t.store, booked.id, { kind: "skip", occurrence: "2026-12-08" }, t.now());
    await t.outbox.tick();
    expect(t.sent.map((email) => email.subject)).toEqual([
      "Your visit on Tuesday, December 8 is skipped",
    ]);
    expect(t.sent[0]?.calendar?.content).toContain("EXDATE;TZID=America/New_York:20261208T090000");
    expect(
      (await t.store.listVisitorEmails(booked.id)).find(
        (email) => email.key === `plan:${booked.id}:1`,
      ),
    ).toMatchObject({ status: "failed", lastError: expect.stringContaining("replaced") });
  });

  it("always sends the update that ends a series, even after a later change", async () => {
    const t = visitorOutboxOnFakeClock("2026-12-02T15:00:00Z");
    const booked = await bookedPlan(t.store, at("2026-11-24T21:13:00Z"), tuesdays);
    await changeBookedPlan(t.store, booked.id, { kind: "every", every: "two-weeks" }, t.now());
    await changeBookedPlan(t.store, booked.id, { kind: "skip", occurrence: "2026-12-22" }, t.now());
    await t.outbox.tick();
    expect(t.sent.map((email) => email.subject).sort()).toEqual([
      "Calendar update: your visits every week on Tuesday end",
      "Your visit on Tuesday, December 22 is skipped",
    ]);
  });
  it("gives a paused plan's e-mail a link that works until well after the pause, and others the usual 60 days", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(t.store, t.now(), tuesdays);
    await changeBookedPlan(t.store, booked.id, { kind: "skip", occurrence: "2026-12-08" }, t.now());
    await t.outbox.tick();
    await changeBookedPlan(t.store, booked.id, { kind: "pause", until: "2027-05-04" }, t.now());
    await t.outbox.tick();
    const [skipped, paused] = t.sent.map((email) => {
      const token = /\/request\/[^?\s]+\?token=([^\s&]+)/.exec(email.text)?.[1];
      return decodeURIComponent(token ?? "");
    });
    expect(paused, "the pause e-mail has a link").toMatch(/\S/);
    expect(t.sent[1]?.text).toContain("its link opens your page all through the pause");
    const opens = (token: string, iso: string) => visitorSigner.verify(booked.id, token, at(iso));
    // 60 days after it was sent, the skip's link stops working; the pause's still opens the page.
    expect(await opens(skipped as string, "2027-01-22T21:00:00Z")).toBe(true);
    expect(await opens(skipped as string, "2027-01-24T21:14:00Z")).toBe(false);
    expect(await opens(paused as string, "2027-05-03T12:00:00Z")).toBe(true);
    // Until 60 days after the morning the plan resumes.
    expect(await opens(paused as string, "2027-07-02T12:00:00Z")).toBe(true);
    expect(await opens(paused as string, "2027-07-04T12:00:00Z")).toBe(false);
  });
});

const reminderSubjects = (t: ReturnType<typeof visitorOutboxOnFakeClock>) =>
  reminders(t).map((email) => email.subject);

describe("a plan's reminders", () => {
  it("remind the day before every visit of a weekly plan, not only the first", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    await bookedPlan(t.store, t.now(), tuesdays);
    for (const monday of ["2026-11-30", "2026-12-07", "2026-12-14"]) {
      t.set(`${monday}T14:59:00Z`);
      await t.outbox.tick();
      t.set(`${monday}T15:00:00Z`); // 10:00 AM in New York
      await t.outbox.tick();
      t.advance(hour);
      await t.outbox.tick();
    }
    expect(reminderSubjects(t)).toEqual([
      "Reminder: your cleaning is tomorrow, Tue Dec 1, 9:00–11:00 AM",
      "Reminder: your cleaning is tomorrow, Tue Dec 8, 9:00–11:00 AM",
      "Reminder: your cleaning is tomorrow, Tue Dec 15, 9:00–11:00 AM",
    ]);
    expect(reminders(t)[1]?.text).toContain(
      "After this one, your next visit is Tuesday, December 15, 9:00–11:00 AM.",
    );
    // Each carries its own freshly signed link to the customer's page.
    expect(reminders(t)[2]?.text).toMatch(/See your request: https:\/\/\S+\/request\/\S+token=/);
  });

  it("none for a skipped date; a skip next month does not stop tomorrow's, a move gives the visit its own", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(t.store, t.now(), tuesdays);
    await changeBookedPlan(t.store, booked.id, { kind: "skip", occurrence: "2026-12-08" }, t.now());
    await changeBookedPlan(
      t.store,
      booked.id,
      { kind: "move", occurrence: "2026-12-15", to: { day: "2026-12-16", time: "10:00" } },
      t.now(),
    );
    t.set("2026-12-07T15:00:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);
    // The 15th's reminder is queued on Monday morning; a skip in January follows before it goes.
    t.set("2026-12-15T15:00:00Z");
    t.fail("server");
    await t.outbox.tick();
    t.fail(null);
    await changeBookedPlan(t.store, booked.id, { kind: "skip", occurrence: "2027-01-12" }, t.now());
    t.advance(hour);
    await t.outbox.tick();
    expect(reminderSubjects(t)).toEqual([
      "Reminder: your cleaning is tomorrow, Wed Dec 16, 10:00 AM–12:00 PM",
    ]);
    expect(
      (await t.store.listVisitorEmails(booked.id))
        .filter((email) => email.kind === "reminder")
        .map((email) => email.key),
    ).toEqual([`reminder:${booked.id}:2026-12-15:2026-12-16T15:00:00.000Z`]);
  });

  it("a reminder queued for a visit skipped since is not sent", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(t.store, t.now(), tuesdays);
    t.set("2026-12-07T15:00:00Z");
    t.fail("server");
    await t.outbox.tick();
    t.fail(null);
    // The owner skips it after the customer's cut-off.
    await changeBookedPlan(
      t.store,
      booked.id,
      { kind: "skip", occurrence: "2026-12-08" },
      t.now(),
      undefined,
      "owner",
    );
    t.advance(hour);
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);
    expect(
      (await t.store.listVisitorEmails(booked.id)).find((email) => email.kind === "reminder"),
    ).toMatchObject({ status: "failed", lastError: expect.stringContaining("no longer has") });
  });

  it("none for a plan held for the owner's confirmation", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(t.store, t.now(), tuesdays);
    await t.store.changeRequest(
      booked.id,
      { visitHeld: true, event: { actor: "visitor", kind: "booked" } },
      t.now(),
    );
    t.set("2026-12-07T15:00:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);
  });

  it("the 12-hour rule: none for a first visit booked that morning, one for a later visit after a change", async () => {
    const t = visitorOutboxOnFakeClock("2026-11-30T13:00:00Z"); // Mon 8:00 AM
    await bookedPlan(t.store, t.now(), tuesdays);
    t.set("2026-11-30T15:00:00Z");
    await t.outbox.tick();
    expect(reminders(t)).toHaveLength(0);

    const u = visitorOutboxOnFakeClock("2026-11-24T21:13:00Z");
    const booked = await bookedPlan(u.store, u.now(), tuesdays);
    u.set("2026-12-07T13:00:00Z"); // Mon 8:00 AM: a skip next month
    await changeBookedPlan(u.store, booked.id, { kind: "skip", occurrence: "2027-01-05" }, u.now());
    u.set("2026-12-07T15:00:00Z");
    await u.outbox.tick();
    expect(reminderSubjects(u)).toEqual([
      "Reminder: your cleaning is tomorrow, Tue Dec 8, 9:00–11:00 AM",
    ]);
  });

  it("a visit moved off a closed day says why; a closed date skipped is named in the reminder before it", async () => {
    // Thursdays at 9:00 AM from November 19, 2026: Thanksgiving is the 26th.
    const thursdays = { day: "2026-11-19", time: "09:00" };
    const moving = visitorOutboxOnFakeClock("2026-11-10T15:00:00Z", "10:00", 0, factsWith("move"));
    await bookedPlan(moving.store, moving.now(), thursdays);
    moving.set("2026-11-26T15:00:00Z"); // Thursday 10:00 AM, the day before Friday's visit
    await moving.outbox.tick();
    expect(reminderSubjects(moving)).toEqual([
      "Reminder: your cleaning is tomorrow, Fri Nov 27, 9:00–11:00 AM",
    ]);
    expect(reminders(moving)[0]?.text).toContain(
      "We are closed on Thanksgiving (Thursday, November 26), so this visit moved to Friday.",
    );
    // 23 hours before the visit, past the customer's 24-hour cut-off: the page can no longer change it.
    expect(reminders(moving)[0]?.text).toContain(
      "Something changed? Please call us: this visit is too close to change on that page.",
    );

    const skipping = visitorOutboxOnFakeClock(
      "2026-11-10T15:00:00Z",
      "10:00",
      0,
      factsWith("skip"),
    );
    await bookedPlan(skipping.store, skipping.now(), thursdays);
    skipping.set("2026-11-18T15:00:00Z");
    await skipping.outbox.tick();
    expect(reminders(skipping)[0]?.text).toContain(
      "No visit on Thursday, November 26: we are closed on Thanksgiving.",
    );
    expect(reminders(skipping)[0]?.text).toContain(
      "After this one, your next visit is Thursday, December 3, 9:00–11:00 AM.",
    );
    skipping.set("2026-11-25T15:00:00Z");
    await skipping.outbox.tick();
    expect(reminders(skipping)).toHaveLength(1);
  });
});
