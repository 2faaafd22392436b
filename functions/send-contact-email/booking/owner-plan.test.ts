/**
 * The owner's request page for a customer with a recurring plan, through the assembled function
 * (contact-function.ts) on the real SQLite store in memory: the plan in words with its next six
 * visits; Skip (and Put it back), Move, Pause (and Resume), How often and Cancel posted with the
 * owner's link, each stored with
 * its event and the customer's plan e-mail at the next SEQUENCE, a crew's capacity held for the
 * visits a change adds, no cut-off for the owner, and the page saying afterwards what was done.
 *
 * The clock is Monday Nov 30, 2026, 10:00 AM in New York; the plan is every Tuesday at 9:00 AM
 * from tomorrow (23 hours away: inside the customer's 24-hour cut-off, not the owner's).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { estimate, formatRange, type PriceRange } from "../../../shared/quote/estimate.ts";
import {
  bookingFunctions,
  functionUrl,
  homeInputs,
  storedWeeklyHome,
} from "../../../tests/support/booking-function.ts";
import { local } from "../../../tests/support/booking-week.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import type { StoredPlan } from "../store/store.ts";

const now = new Date("2026-11-30T15:00:00Z");

const plan: StoredPlan = {
  first: { day: "2026-12-01", time: "09:00" },
  minutes: 180,
  every: "week",
  skipped: [],
  moved: [],
  laterPrice: { low: 150, high: 190 },
};

const functions = bookingFunctions();
beforeEach(() => {
  // Date alone: the function's queues keep their real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(async () => {
  await functions.stopAll();
  vi.useRealTimers();
});

async function setup() {
  const { call, store: opened, owner, visitor } = await functions.start();
  const store = opened();
  const book = async (name: string, change: Parameters<typeof store.changeRequest>[1]) => {
    const id = await storeSample(
      store,
      new Date("2026-11-20T15:00:00Z"),
      { name, email: `${name.split(" ")[0]?.toLowerCase()}@example.org` },
      { details: storedWeeklyHome },
    );
    const result = await store.changeRequest(id, change, new Date("2026-11-20T16:00:00Z"));
    if (!result.ok) throw new Error(`not booked: ${result.reason}`);
    return id;
  };
  const id = await book("Dana Whitfield", {
    status: "booked",
    visit: { start: local("2026-12-01", "09:00"), end: local("2026-12-01", "12:00") },
    plan,
    // As the customer's online booking records it (visitor-booking.ts).
    event: {
      actor: "visitor",
      kind: "booked",
      details: {
        visit: { start: "2026-12-01T14:00:00.000Z", end: "2026-12-01T17:00:00.000Z" },
        online: true,
        plan: "every week on Tuesday",
      },
    },
  });
  const token = await owner.sign(id, now);
  const page = async (query = "") =>
    (await call(`/lead/${id}?token=${encodeURIComponent(token)}${query}`)).text();
  /** Posts a form of the plan, at the SEQUENCE the page shows unless given; the 303's Location. */
  const post = async (fields: Record<string, string>) => {
    const sequence = String((await store.get(id))?.visitSequence);
    const response = await call(`/lead/${id}/visit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, sequence, ...fields }),
    });
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location") ?? "", `${functionUrl}/lead/${id}/visit`);
  };
  /** The page the 303 leads to. */
  const follow = async (location: URL) =>
    (await call(`${location.pathname.replace(/^.*\/lead\//, "/lead/")}${location.search}`)).text();
  return { store, id, token, page, post, follow, book, call, visitor };
}

/** The visible text of the page, without its tags. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the owner's page of a plan", () => {
  it("shows how often, the prices and the next six visits, each with Skip; Move and Cancel", async () => {
    const t = await setup();
    const html = await t.page();
    const words = text(html);
    expect(html).toContain('<h2 id="visit">Plan</h2>');
    expect(words).toContain(
      "Every week on Tuesday at 9:00 AM, 3 hours each. First visit $180–$220, then $150–$190 a visit.",
    );
    const rows = [...html.matchAll(/<li><span>([^<]*)<br\/>([^<]*)<\/span>/g)].map(
      (row) => `${row[1]}, ${row[2]}`,
    );
    expect(rows).toEqual([
      "Tue Dec 1, 9:00 AM–12:00 PM",
      "Tue Dec 8, 9:00 AM–12:00 PM",
      "Tue Dec 15, 9:00 AM–12:00 PM",
      "Tue Dec 22, 9:00 AM–12:00 PM",
      "Tue Dec 29, 9:00 AM–12:00 PM",
      "Tue Jan 5, 9:00 AM–12:00 PM",
    ]);
    expect(html).toContain('aria-label="Skip: the visit of Tue Dec 1">Skip</button>');
    expect(words).toContain(
      "Visit booked: Tue Dec 1, 9:00 AM–12:00 PM, then every week on Tuesday",
    );
    expect(html.match(/name="action" value="plan-skip"/g)).toHaveLength(6);
    expect(html).toContain('<legend>Move one visit</legend><label for="plan-visit">Visit</label>');
    expect(html).toContain('<option value="2026-12-08">Tue Dec 8, 9:00 AM–12:00 PM</option>');
    expect(html).toContain('name="action" value="plan-cancel"');
    // The one visit's forms are not there: the plan's visits replace it.
    expect(html).not.toContain('value="book"');
    expect(html).not.toContain("Cancel the visit");
  });

  it("skips a visit 23 hours away (no cut-off for the owner), says so, and puts it back", async () => {
    const t = await setup();
    const location = await t.post({ action: "plan-skip", occurrence: "2026-12-01" });
    expect(location.searchParams.get("visit")).toBe("plan-skipped");
    expect(location.searchParams.get("day")).toBe("2026-12-01");
    const stored = await t.store.get(t.id);
    expect(stored?.plan?.skipped).toEqual(["2026-12-01"]);
    expect(stored?.plan?.laterPrice).toEqual({ low: 150, high: 190 });
    expect(stored?.visitSequence).toBe(2);
    const events = await t.store.listEvents(t.id);
    expect(events.at(-1)).toMatchObject({
      actor: "owner",
      kind: "plan-skipped",
      details: { occurrence: "2026-12-01" },
    });
    const emails = await t.store.listVisitorEmails(t.id);
    expect(emails.at(-1)).toMatchObject({
      key: `plan:${t.id}:2`,
      kind: "plan",
      recipient: "dana@example.org",
      payload: { action: { kind: "skipped", occurrence: "2026-12-01" }, sequence: 2 },
    });

    const after = text(await t.follow(location));
    expect(after).toContain(
      "Skipped the visit of Tue Dec 1. Dana Whitfield is e-mailed the change, with their calendar updated. To undo it, press Put it back beside it.",
    );
    expect(after).toContain("Tue Dec 1: skipped Put it back");
    expect(after).toContain("A visit of the plan skipped: Tue Dec 1");

    const back = await t.post({ action: "plan-unskip", occurrence: "2026-12-01" });
    expect(back.searchParams.get("visit")).toBe("plan-unskipped");
    expect((await t.store.get(t.id))?.plan?.skipped).toEqual([]);
    expect(text(await t.follow(back))).toContain("Put back the visit of Tue Dec 1.");
  });

  it("moves a visit within its week or the next, to a time a crew is free unless told otherwise", async () => {
    const t = await setup();
    // The one crew is busy Wednesday Dec 9 from 1 to 3 PM with another customer.
    await t.book("Other Olga", {
      status: "booked",
      visit: { start: local("2026-12-09", "13:00"), end: local("2026-12-09", "15:00") },
      event: { actor: "owner", kind: "booked" },
    });
    const move = { action: "plan-move", occurrence: "2026-12-08", date: "2026-12-09" };
    const full = await t.post({ ...move, time: "14:00" });
    expect(full.searchParams.get("why")).toBe("plan-full");
    expect(text(await t.follow(full))).toContain("Nothing was changed: every crew is busy then");
    expect((await t.store.get(t.id))?.plan?.moved).toEqual([]);
    // Two weeks on is not that visit's week nor the next.
    const far = await t.post({ ...move, date: "2026-12-22", time: "10:00" });
    expect(far.searchParams.get("why")).toBe("plan-week");

    const moved = await t.post({ ...move, time: "16:00" });
    expect(moved.searchParams.get("visit")).toBe("plan-moved");
    expect((await t.store.get(t.id))?.plan?.moved).toEqual([
      { from: "2026-12-08", to: { day: "2026-12-09", time: "16:00" } },
    ]);
    const page = text(await t.follow(moved));
    expect(page).toContain("Moved the visit of Tue Dec 8 to Wed Dec 9 at 4:00 PM.");
    expect(page).toContain("Wed Dec 9 4:00–7:00 PM (moved from Tue Dec 8)");
    expect(page).toContain("A visit of the plan moved: Tue Dec 8 to Wed Dec 9, 4:00–7:00 PM");
    expect((await t.store.listVisitorEmails(t.id)).at(-1)?.payload).toEqual({
      action: { kind: "moved", occurrence: "2026-12-08" },
      sequence: 2,
    });

    // Into the crew's busy time when the owner says so.
    const anyway = await t.post({
      action: "plan-move",
      occurrence: "2026-12-08",
      date: "2026-12-09",
      time: "13:00",
      anyway: "yes",
    });
    expect(anyway.searchParams.get("visit")).toBe("plan-moved");
    expect((await t.store.get(t.id))?.plan?.moved.at(-1)).toEqual({
      from: "2026-12-08",
      to: { day: "2026-12-09", time: "13:00" },
    });
  });

  it("cancels the plan only with the tick, from its next visit on", async () => {
    const t = await setup();
    const unticked = await t.post({ action: "plan-cancel" });
    expect(unticked.searchParams.get("why")).toBe("plan-confirm");
    expect((await t.store.get(t.id))?.plan?.cancelledFrom).toBeUndefined();

    const cancelled = await t.post({ action: "plan-cancel", confirm: "yes" });
    expect(cancelled.searchParams.get("visit")).toBe("plan-cancelled");
    expect((await t.store.get(t.id))?.plan?.cancelledFrom).toBe("2026-12-01");
    expect((await t.store.listEvents(t.id)).at(-1)).toMatchObject({
      actor: "owner",
      kind: "plan-cancelled",
      details: { from: "2026-12-01" },
    });
    expect((await t.store.listVisitorEmails(t.id)).at(-1)?.payload).toMatchObject({
      action: { kind: "cancelled" },
    });
    const page = await t.follow(cancelled);
    expect(text(page)).toContain(
      "Plan cancelled: no visits from Tue Dec 1 on. Dana Whitfield is e-mailed the change",
    );
    expect(text(page)).toContain("Cancelled: no visits from Tue Dec 1 on.");
    expect(page).not.toContain('value="plan-skip"');
    expect(page).not.toContain('value="plan-cancel"');
  });

  it("changes nothing on a second tap or a stale page, nor with a one-time visit's form", async () => {
    const t = await setup();
    const fields = {
      token: t.token,
      sequence: "1",
      action: "plan-skip",
      occurrence: "2026-12-08",
    };
    const post = (body: Record<string, string>) =>
      t.call(`/lead/${t.id}/visit`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    expect((await post(fields)).headers.get("location")).toContain("visit=plan-skipped");
    expect((await post(fields)).headers.get("location")).toContain("why=stale");
    const oneTime = await post({ ...fields, sequence: "2", action: "cancel", confirm: "yes" });
    expect(oneTime.headers.get("location")).toContain("why=plan-one-time");
    expect((await t.store.get(t.id))?.plan?.skipped).toEqual(["2026-12-08"]);
    expect((await t.store.listEvents(t.id)).map((event) => event.kind)).toEqual([
      "booked",
      "plan-skipped",
    ]);
    // The customer's link never reaches the owner's route.
    const theirs = await post({ ...fields, token: await t.visitor.sign(t.id, now), sequence: "2" });
    expect(theirs.status).toBe(403);
  });

  it("pauses the plan until a day (no cut-off for the owner), says so, and resumes it", async () => {
    const t = await setup();
    const html = await t.page();
    expect(html).toContain(
      '<legend>Pause the plan</legend><label for="plan-until">Visits start again on</label>',
    );
    // After the plan's next visit, and within a year.
    for (const until of ["2026-12-01", "2027-12-31", "someday"]) {
      const refused = await t.post({ action: "plan-pause", until });
      expect(refused.searchParams.get("why"), until).toBe("plan-pause-date");
    }
    expect((await t.store.get(t.id))?.plan?.pausedUntil).toBeUndefined();

    const paused = await t.post({ action: "plan-pause", until: "2027-01-05" });
    expect(paused.searchParams.get("visit")).toBe("plan-paused");
    // From tomorrow's visit: 23 hours away is inside the customer's cut-off, not the owner's.
    expect((await t.store.get(t.id))?.plan).toMatchObject({
      pausedFrom: "2026-12-01",
      pausedUntil: "2027-01-05",
    });
    expect((await t.store.listEvents(t.id)).at(-1)).toMatchObject({
      actor: "owner",
      kind: "plan-paused",
      details: { from: "2026-12-01", until: "2027-01-05" },
    });
    expect((await t.store.listVisitorEmails(t.id)).at(-1)?.payload).toMatchObject({
      action: { kind: "paused", until: "2027-01-05" },
    });
    const page = text(await t.follow(paused));
    expect(page).toContain("Plan paused until Tue Jan 5. Dana Whitfield is e-mailed the change");
    expect(page).toContain("Paused: no visits until Tue Jan 5.");
    expect(page).toContain("Change the pause");
    const again = await t.post({ action: "plan-pause", until: "2027-01-05" });
    expect(again.searchParams.get("why")).toBe("plan-paused-already");

    const resumed = await t.post({ action: "plan-resume" });
    expect(resumed.searchParams.get("visit")).toBe("plan-resumed");
    expect((await t.store.get(t.id))?.plan?.pausedUntil).toBeUndefined();
    expect(text(await t.follow(resumed))).toContain("Plan resumed.");
    const twice = await t.post({ action: "plan-resume" });
    expect(twice.searchParams.get("why")).toBe("plan-not-paused");
  });

  it("changes how often from the next visit, at the price of the request's own price list", async () => {
    const t = await setup();
    const priceOf = (frequency: "bi-weekly" | "monthly") =>
      formatRange(
        estimate({ ...homeInputs("weekly"), frequency }, null, repositoryFacts().priceList)
          .recurring as PriceRange,
      );
    const html = text(await t.page());
    expect(html).toContain(`Every two weeks on Tuesday ${priceOf("bi-weekly")} a visit`);
    expect(html).toContain(`Every month on the first Tuesday ${priceOf("monthly")} a visit`);
    expect(html).not.toMatch(/Every week on Tuesday \$/);

    const refused = await t.post({ action: "plan-every", every: "fortnight" });
    expect(refused.searchParams.get("why")).toBe("plan-every");
    const same = await t.post({ action: "plan-every", every: "week" });
    expect(same.searchParams.get("why")).toBe("plan-every-same");

    const changed = await t.post({ action: "plan-every", every: "two-weeks" });
    expect(changed.searchParams.get("visit")).toBe("plan-every");
    const stored = await t.store.get(t.id);
    expect(stored?.plan).toMatchObject({ every: "two-weeks", first: { day: "2026-12-01" } });
    expect(formatRange(stored?.plan?.laterPrice as PriceRange)).toBe(priceOf("bi-weekly"));
    // The weekly series is kept, ended where the new one starts: the customer's calendar ends it.
    expect(stored?.plan?.earlier).toMatchObject([{ every: "week", cancelledFrom: "2026-12-01" }]);
    expect((await t.store.listEvents(t.id)).at(-1)).toMatchObject({
      actor: "owner",
      kind: "plan-every",
    });
    expect((await t.store.listVisitorEmails(t.id)).at(-1)?.payload).toMatchObject({
      action: { kind: "every" },
    });
    const page = text(await t.follow(changed));
    expect(page).toContain("Now every two weeks on Tuesday, from Tue Dec 1.");
    expect(page).toContain(`then ${priceOf("bi-weekly")} a visit`);
  });

  it("brings a paused plan's visits back only where a crew is free, unless told otherwise", async () => {
    const t = await setup();
    await t.post({ action: "plan-pause", until: "2027-01-05" });
    // Meanwhile the one crew was given Tuesday Dec 15 at 9:00 AM.
    await t.book("Other Olga", {
      status: "booked",
      visit: { start: local("2026-12-15", "09:00"), end: local("2026-12-15", "11:00") },
      event: { actor: "owner", kind: "booked" },
    });
    const full = await t.post({ action: "plan-resume" });
    expect(full.searchParams.get("why")).toBe("plan-full");
    expect((await t.store.get(t.id))?.plan?.pausedUntil).toBe("2027-01-05");
    const anyway = await t.post({ action: "plan-resume", anyway: "yes" });
    expect(anyway.searchParams.get("visit")).toBe("plan-resumed");
    expect((await t.store.get(t.id))?.plan?.pausedUntil).toBeUndefined();
  });
});
