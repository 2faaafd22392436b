/**
 * A plan's e-mails to the customer, from the queue rows its booking and changes leave (planEmail in
 * the change's own transaction, the real SQLite store in memory): each says what changed in the
 * customer's words and the business's time zone, and carries the series as it now is, which a
 * real parser (ical.js) expands to exactly the plan's visits (planVisits). Also the customer's
 * "Add to my calendar" file of a plan.
 */
import { describe, expect, it } from "vitest";
import { type Plan, planVisits } from "../../../shared/booking/plans.ts";
import { addDays } from "../../../shared/calendar-day.ts";
import { bookedPlan, changeBookedPlan } from "../../../tests/support/booked-plan.ts";
import { letters } from "../../../tests/support/booking.ts";
import { expandSeries, unfoldedLines } from "../../../tests/support/ical.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { planRulesOf } from "../leads/booked-visits.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { type PlanPayload, visitCalendar } from "./visit-changes.ts";
import { composePlanEmail } from "./visitor-emails.ts";

const links = {
  requestPage: "https://www.example.com/functions/v1/send-contact-email/request/x?token=1.y",
};
const hour = 3_600_000;
/** Booked on Tuesday, November 24, 2026, 4:13 PM: every Tuesday at 9:00 AM from December 1. */
const bookedAt = new Date("2026-11-24T21:13:00Z");
const tuesdays = { day: "2026-12-01", time: "09:00" };

/** The e-mails the request's changes queued, newest last, each composed as the outbox would at `at`. */
async function emailsOf(
  store: ReturnType<typeof testStore>,
  request: StoredContactRequest,
  at: Date,
) {
  const queued = (await store.listVisitorEmails(request.id)).filter((row) => row.kind === "plan");
  return queued.map((row) => ({
    key: row.key,
    payload: row.payload as PlanPayload,
    email: composePlanEmail(row.key, request, row.payload as PlanPayload, letters, links, at),
  }));
}

async function latest(
  store: ReturnType<typeof testStore>,
  request: StoredContactRequest,
  at: Date,
) {
  const all = await emailsOf(store, request, at);
  const last = all.filter((item) => !item.payload.ended).at(-1);
  if (!last) throw new Error("no plan e-mail");
  return last.email;
}

/** The series' first visits as planVisits makes them, as the parser reports them. */
function planned(series: Plan, count: number) {
  return planVisits(series, {
    ...planRulesOf(letters.live),
    from: series.first.day,
    to: addDays(series.first.day, 400),
  })
    .slice(0, count)
    .map((visit) => ({
      start: visit.start.toISOString(),
      end: visit.end.toISOString(),
      hour: Number(visit.time.slice(0, 2)),
    }));
}

const uidOf = (request: StoredContactRequest, firstDay: string) =>
  `plan-${request.id}-${firstDay.replace(/-/g, "")}@example.com`;

describe("a plan's e-mails", () => {
  it("booked: the plan in words, both prices, the next visits, and the series as an invitation", async () => {
    const store = testStore();
    const request = await bookedPlan(store, bookedAt, tuesdays);
    const email = await latest(store, request, bookedAt);
    expect(email.subject).toBe("Your cleaning plan is booked: every week on Tuesday at 9:00 AM");
    for (const part of [email.text, email.html]) {
      expect(part).toContain(
        "Your cleaning plan is booked: every week on Tuesday at 9:00 AM, first visit Tuesday, December 1.",
      );
      expect(part).toContain("$150–$185 (estimate)");
      expect(part).toContain("$120–$145 (estimate)");
      expect(part).toContain("Tuesday, December 8, 9:00–11:00 AM");
      expect(part).toContain("a reminder the day before each visit");
      expect(part).not.toMatch(/\d{4}-\d\d-\d\d/);
      expect(part).not.toContain("UTC");
    }
    expect(email.text).toContain("First visit's price:");
    expect(email.text).toContain("Each later visit's price:");
    expect(email.text).toContain(links.requestPage);
    expect(email.calendar?.method).toBe("REQUEST");
    const lines = unfoldedLines(email.calendar?.content ?? "");
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain(`UID:${uidOf(request, "2026-12-01")}`);
    expect(lines).toContain("SEQUENCE:1");
    expect(lines).toContain("DTSTART;TZID=America/New_York:20261201T090000");
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU");
    expect(lines.some((line) => line.startsWith("ORGANIZER;"))).toBe(true);
    expect(lines.some((line) => line.startsWith("ATTENDEE;"))).toBe(true);
    // Christmas Day 2026 is a Friday: a Tuesday plan loses no date that year; New Year's Day 2030 is one.
    expect(lines).toContain("BEGIN:VTIMEZONE");
    const plan = request.plan as Plan;
    expect(expandSeries(email.calendar?.content ?? "", 12)).toEqual(planned(plan, 12));
  });

  it("skipped, put back, moved: that date in words, the series updated (EXDATE, override)", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date("2026-12-02T15:00:00Z");
    const skipped = await changeBookedPlan(
      store,
      booked.id,
      { kind: "skip", occurrence: "2026-12-08" },
      at,
    );
    const skip = await latest(store, skipped, at);
    expect(skip.subject).toBe("Your visit on Tuesday, December 8 is skipped");
    expect(skip.text).toContain("Your visit on Tuesday, December 8 is skipped.");
    expect(skip.text).toContain("Tuesday, December 15, 9:00–11:00 AM");
    const skipLines = unfoldedLines(skip.calendar?.content ?? "");
    expect(skipLines).toContain("SEQUENCE:2");
    expect(skipLines).toContain("EXDATE;TZID=America/New_York:20261208T090000");
    expect(skipLines).toContain(`UID:${uidOf(booked, "2026-12-01")}`);
    const shown = expandSeries(skip.calendar?.content ?? "", 12);
    expect(shown).toEqual(planned(skipped.plan as Plan, 12));
    expect(shown.map((visit) => visit.start.slice(0, 10))).not.toContain("2026-12-08");

    const back = await changeBookedPlan(
      store,
      booked.id,
      { kind: "unskip", occurrence: "2026-12-08" },
      at,
    );
    const unskip = await latest(store, back, at);
    expect(unskip.subject).toBe("Your visit on Tuesday, December 8 is back on");
    expect(unskip.text).toContain("Your visit on Tuesday, December 8, 9:00–11:00 AM is back on.");
    expect(expandSeries(unskip.calendar?.content ?? "", 12)).toEqual(
      planned(back.plan as Plan, 12),
    );

    const moved = await changeBookedPlan(
      store,
      booked.id,
      { kind: "move", occurrence: "2026-12-15", to: { day: "2026-12-16", time: "10:00" } },
      at,
    );
    const move = await latest(store, moved, at);
    expect(move.subject).toBe(
      "Your visit on Tuesday, December 15 has moved to Wednesday, December 16",
    );
    expect(move.text).toContain(
      "Your visit on Tuesday, December 15 has moved to Wednesday, December 16, 10:00 AM–12:00 PM.",
    );
    const moveLines = unfoldedLines(move.calendar?.content ?? "");
    expect(moveLines).toContain("SEQUENCE:4");
    expect(moveLines).toContain("RECURRENCE-ID;TZID=America/New_York:20261215T090000");
    expect(moveLines).toContain("DTSTART;TZID=America/New_York:20261216T100000");
    expect(expandSeries(move.calendar?.content ?? "", 12)).toEqual(planned(moved.plan as Plan, 12));
  });

  it("paused until a date, then resumed: the dates the pause takes off and the first visit after it", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date("2026-12-02T15:00:00Z");
    const paused = await changeBookedPlan(
      store,
      booked.id,
      { kind: "pause", until: "2027-01-12" },
      at,
    );
    const pause = await latest(store, paused, at);
    expect(pause.subject).toBe("Your cleaning plan is paused until Tuesday, January 12");
    expect(pause.text).toContain(
      "Your cleaning plan is paused: no visits from Tuesday, December 8 until Tuesday, January 12.",
    );
    expect(pause.text).toContain(
      "Your first visit after the pause is Tuesday, January 12, 9:00–11:00 AM.",
    );
    const shown = expandSeries(pause.calendar?.content ?? "", 6);
    expect(shown).toEqual(planned(paused.plan as Plan, 6));
    expect(shown.map((visit) => visit.start.slice(0, 10))).toEqual([
      "2026-12-01",
      "2027-01-12",
      "2027-01-19",
      "2027-01-26",
      "2027-02-02",
      "2027-02-09",
    ]);

    const resumed = await changeBookedPlan(store, booked.id, { kind: "resume" }, at);
    const resume = await latest(store, resumed, at);
    expect(resume.subject).toBe("Your cleaning plan is back on");
    expect(resume.text).toContain(
      "Your cleaning plan is back on: every week on Tuesday at 9:00 AM.",
    );
    expect(resume.text).toContain("Your next visit is Tuesday, December 8, 9:00–11:00 AM.");
    expect(expandSeries(resume.calendar?.content ?? "", 8)).toEqual(
      planned(resumed.plan as Plan, 8),
    );
  });

  it("how often: the new series' invitation, and a second e-mail that ends the old series under its own UID", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date("2026-12-02T15:00:00Z");
    const changed = await changeBookedPlan(
      store,
      booked.id,
      { kind: "every", every: "two-weeks" },
      at,
    );
    const emails = await emailsOf(store, changed, at);
    expect(emails.map((item) => item.key)).toEqual([
      `plan:${booked.id}:1`,
      `plan:${booked.id}:2`,
      `plan:${booked.id}:2:ended`,
    ]);
    const [, renewed, ended] = emails.map((item) => item.email);
    expect(renewed?.subject).toBe("Your cleaning plan now comes every two weeks on Tuesday");
    expect(renewed?.text).toContain(
      "Your cleaning plan now comes every two weeks on Tuesday at 9:00 AM, from Tuesday, December 8.",
    );
    expect(renewed?.text).toContain(
      "A second e-mail from us ends your visits every week on Tuesday there.",
    );
    const newLines = unfoldedLines(renewed?.calendar?.content ?? "");
    expect(newLines).toContain(`UID:${uidOf(booked, "2026-12-08")}`);
    expect(newLines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    expect(newLines).toContain("SEQUENCE:2");
    expect(newLines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    const plan = changed.plan as Plan;
    expect(expandSeries(renewed?.calendar?.content ?? "", 8)).toEqual(planned(plan, 8));

    expect(ended?.subject).toBe("Calendar update: your visits every week on Tuesday end");
    expect(ended?.calendar?.method).toBe("REQUEST");
    const oldLines = unfoldedLines(ended?.calendar?.content ?? "");
    expect(oldLines).toContain(`UID:${uidOf(booked, "2026-12-01")}`);
    expect(oldLines).toContain("SEQUENCE:2");
    expect(oldLines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20261201T140000Z");
    const [series] = changed.plan?.earlier ?? [];
    expect(expandSeries(ended?.calendar?.content ?? "", 10)).toEqual(planned(series as Plan, 10));
    expect(expandSeries(ended?.calendar?.content ?? "", 10)).toHaveLength(1);
  });

  it("how often, before the first visit: one e-mail, whose invitation replaces the series (same UID)", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date(bookedAt.getTime() + hour);
    const changed = await changeBookedPlan(store, booked.id, { kind: "every", every: "month" }, at);
    const emails = await emailsOf(store, changed, at);
    expect(emails.map((item) => item.key)).toEqual([`plan:${booked.id}:1`, `plan:${booked.id}:2`]);
    const renewed = emails[1]?.email;
    expect(renewed?.text).toContain("now comes every month on the first Tuesday at 9:00 AM");
    const lines = unfoldedLines(renewed?.calendar?.content ?? "");
    expect(lines).toContain(`UID:${uidOf(booked, "2026-12-01")}`);
    expect(lines).toContain("RRULE:FREQ=MONTHLY;BYDAY=1TU");
  });

  it("cancelled: the visit inside the cut-off stays, the series ends with UNTIL", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    // Monday, December 7, 10:00 AM: Tuesday's visit is less than 24 hours away.
    const at = new Date("2026-12-07T15:00:00Z");
    const cancelled = await changeBookedPlan(store, booked.id, { kind: "cancel" }, at);
    const email = await latest(store, cancelled, at);
    expect(email.subject).toBe("Your cleaning plan is cancelled");
    expect(email.text).toContain(
      "Your cleaning plan is cancelled: no visits from Tuesday, December 15 on.",
    );
    expect(email.text).toContain("This visit stays");
    expect(email.text).toContain("Tuesday, December 8, 9:00–11:00 AM");
    expect(email.calendar?.method).toBe("REQUEST");
    const text = email.calendar?.content ?? "";
    expect(unfoldedLines(text)).toContain(
      "RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20261208T140000Z",
    );
    expect(expandSeries(text, 50).map((visit) => visit.start.slice(0, 10))).toEqual([
      "2026-12-01",
      "2026-12-08",
    ]);
  });

  it("cancelled before the first visit: METHOD:CANCEL of the series", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date(bookedAt.getTime() + hour);
    const cancelled = await changeBookedPlan(store, booked.id, { kind: "cancel" }, at);
    const email = await latest(store, cancelled, at);
    expect(email.text).toContain("no visits from Tuesday, December 1 on.");
    expect(email.text).not.toContain("stays");
    expect(email.calendar?.method).toBe("CANCEL");
    const lines = unfoldedLines(email.calendar?.content ?? "");
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain(`UID:${uidOf(booked, "2026-12-01")}`);
    expect(lines).toContain("SEQUENCE:2");
  });
});

describe("the customer's Add to my calendar file of a plan", () => {
  it("holds every series with a visit, each under the UID its e-mails used", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date("2026-12-02T15:00:00Z");
    const changed = await changeBookedPlan(
      store,
      booked.id,
      { kind: "every", every: "two-weeks" },
      at,
    );
    const file = visitCalendar(changed, letters.from, letters.businessName, at, letters.live) ?? "";
    const lines = unfoldedLines(file);
    expect(lines).not.toContain("METHOD:REQUEST");
    expect(lines).toContain(`UID:${uidOf(booked, "2026-12-01")}`);
    expect(lines).toContain(`UID:${uidOf(booked, "2026-12-08")}`);
    const plan = changed.plan as Plan;
    expect(expandSeries(file, 8, uidOf(booked, "2026-12-08"))).toEqual(planned(plan, 8));
    expect(expandSeries(file, 8, uidOf(booked, "2026-12-01"))).toHaveLength(1);
  });

  it("is nothing to add for a plan cancelled before its first visit", async () => {
    const store = testStore();
    const booked = await bookedPlan(store, bookedAt, tuesdays);
    const at = new Date(bookedAt.getTime() + hour);
    const cancelled = await changeBookedPlan(store, booked.id, { kind: "cancel" }, at);
    expect(
      visitCalendar(cancelled, letters.from, letters.businessName, at, letters.live),
    ).toBeNull();
  });
});
