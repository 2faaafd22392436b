/**
 * The customer manages their plan on their own page, through the assembled function on the real
 * SQLite store in memory: a weekly plan booked as a visitor books it, then skipped, put back,
 * moved, paused, resumed, changed to every two weeks, cancelled; each change stored with its
 * event, the customer's e-mail and the owner's notice; a taken time, a stale page, a visit past
 * the cut-off, a cancelled plan and altered fields change nothing. The clock is fixed (Monday,
 * March 1, 2027, 10 AM in New York); the times are the ones the page offers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../shared/calendar-day.ts";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { estimate, formatRange, type HomeInputs } from "../../../shared/quote/estimate.ts";
import {
  bookingFunctions,
  homeInputs,
  homeRequest,
  type Visitor,
} from "../../../tests/support/booking-function.ts";

/** Monday, March 1, 2027, 10:00 AM in New York. */
const monday = new Date("2027-03-01T15:00:00Z");
const functions = bookingFunctions();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: monday });
});
afterEach(async () => {
  await functions.stopAll();
  vi.useRealTimers();
});

/** A home in Exton with a weekly estimate: the repository's settings book it online as a plan. */
const weeklyHome = (frequency: HomeInputs["frequency"] = "weekly") => homeRequest({ frequency });

async function setup() {
  const t = await functions.start();
  /** A plan's change as the page posts it, with the SEQUENCE the page shows now. */
  const change = async (request: Visitor, fields: Record<string, string>) => {
    const sequence = String((await t.store().get(request.id))?.visitSequence);
    return t.post(request, { sequence, ...fields });
  };
  return { ...t, change };
}

/** The times a page offers, as the buttons post them. */
const offered = (html: string) =>
  [...html.matchAll(/<button value="([^"]+)" name="start"/g)].map((match) => match[1] as string);
/** The visits the page lets the customer skip (their series dates), in order. */
const skippable = (html: string) =>
  [
    ...html.matchAll(
      /name="occurrence" value="(\d{4}-\d{2}-\d{2})"\/><button value="skip" name="action"/g,
    ),
  ].map((match) => match[1] as string);
const bytes = (html: string) => new TextEncoder().encode(html).length;

/** A weekly plan booked at the first time its page offers (Tuesday, March 2, 8:00 AM). */
async function bookedPlan(t: Awaited<ReturnType<typeof setup>>, body = weeklyHome()) {
  const request = await t.send(body);
  const [first] = offered(await t.page(request));
  const booked = await t.post(request, { action: "book", start: first as string });
  expect(booked.status, await booked.clone().text()).toBe(303);
  return { request, first: first as string };
}

/** The page after a 303, as its Location sends the browser. */
async function landing(t: Awaited<ReturnType<typeof setup>>, request: Visitor, answer: Response) {
  expect(answer.status, await answer.clone().text()).toBe(303);
  const location = answer.headers.get("location") ?? "";
  return t.page(request, location.slice(location.indexOf("?") + 1).replace(/^token=[^&]+/, ""));
}

describe("the customer's plan on their page", () => {
  it("says where it stands, with its prices and next visits, each with Skip and Move, within the first round trip", async () => {
    const t = await setup();
    const { request, first } = await bookedPlan(t);
    expect(first).toBe("2027-03-02T08:00");
    const html = await t.page(request);
    expect(html).toContain("Your plan: every week on Tuesday at 8:00 AM");
    const stored = await t.store().get(request.id);
    const laterPrice = stored?.plan?.laterPrice;
    expect(laterPrice).toBeTruthy();
    expect(html).toContain(
      `<dt>Later visits</dt><dd>${formatRange(laterPrice as never)} each</dd>`,
    );
    expect(html).toContain(
      `<dt>First visit</dt><dd>${formatRange(stored?.estimate as never)}</dd>`,
    );
    expect(html).toContain("<dt>Each visit</dt><dd>About 4 hours</dd>");
    // The first visit is 22 hours away: no buttons, our number instead.
    expect(html).toContain("<b>Tuesday, March 2</b><br/>8:00 AM–12:00 PM");
    expect(html).toMatch(
      /Less than 24 hours away: please call us at <a href="tel:\+1\d{10}">[^<]+<\/a> to change it\./,
    );
    // The next five (across the change to daylight saving time) can be skipped and moved.
    expect(skippable(html)).toEqual([
      "2027-03-09",
      "2027-03-16",
      "2027-03-23",
      "2027-03-30",
      "2027-04-06",
    ]);
    expect(html).toContain("<b>Tuesday, March 16</b><br/>8:00 AM–12:00 PM");
    expect(html).toContain(`move=2027-03-09#move`);
    expect(html).toContain(
      '<label class="check"><input type="checkbox" required="" name="confirm"',
    );
    expect(bytes(html)).toBeLessThanOrEqual(14_100);
    // Headings in order, a label for every field the customer fills.
    const headings = [...html.matchAll(/<h(\d)/g)].map((match) => Number(match[1]));
    for (const [index, level] of headings.entries())
      expect(level - (headings[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    expect(html).toContain('<label for="until">Pause until</label><input type="date" id="until"');
    // The pages as a person sees them (docs/booking/plan-*.png): VISITOR_SHOTS=<folder> writes them.
    if (process.env.VISITOR_SHOTS) {
      const { writeFileSync } = await import("node:fs");
      const folder = process.env.VISITOR_SHOTS;
      writeFileSync(`${folder}/plan.html`, html);
      writeFileSync(`${folder}/plan-move.html`, await t.page(request, "&move=2027-03-09"));
      const skipped = await landing(
        t,
        request,
        await t.change(request, { action: "skip", occurrence: "2027-03-16" }),
      );
      writeFileSync(`${folder}/plan-skipped.html`, skipped);
      const moved = await landing(
        t,
        request,
        await t.change(request, {
          action: "move",
          occurrence: "2027-03-09",
          start: "2027-03-11T13:00",
        }),
      );
      writeFileSync(`${folder}/plan-moved.html`, moved);
      const paused = await landing(
        t,
        request,
        await t.change(request, { action: "pause", until: "2027-04-01" }),
      );
      writeFileSync(`${folder}/plan-paused.html`, paused);
      const cancelled = await landing(
        t,
        request,
        await t.change(request, { action: "cancel", confirm: "yes" }),
      );
      writeFileSync(`${folder}/plan-cancelled.html`, cancelled);
      console.log("PAGE BYTES", bytes(html), bytes(skipped), bytes(paused), bytes(cancelled));
    }
  });

  it("skips a visit and puts it back: each stored with its event, the customer's e-mail and the owner's notice", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const skipped = await landing(
      t,
      request,
      await t.change(request, { action: "skip", occurrence: "2027-03-09" }),
    );
    expect(skipped).toContain("<p>Skipped Tuesday, March 9.</p>");
    expect(skipped).toContain("<b>Tuesday, March 9</b>: skipped");
    expect(skippable(skipped)).not.toContain("2027-03-09");
    expect((await t.store().get(request.id))?.plan?.skipped).toEqual(["2027-03-09"]);
    const events = await t.store().listEvents(request.id);
    expect(events.at(-1)).toMatchObject({
      actor: "visitor",
      kind: "plan-skipped",
      details: { occurrence: "2027-03-09", visit: "Tuesday, March 9, 8:00 AM–12:00 PM" },
    });
    const emails = await t.store().listVisitorEmails(request.id);
    expect(emails.at(-1)).toMatchObject({
      kind: "plan",
      payload: { action: { kind: "skipped", occurrence: "2027-03-09" } },
    });
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    const lines = notices.flatMap((one) => [one.notice.title, ...one.notice.lines]).join("\n");
    expect(lines).toContain("Skipped the plan's visit of Tuesday, March 9, 8:00 AM–12:00 PM");
    // "Put it back", the undo the notice offers.
    const undo = /<div class="notice" role="status">.*?<\/div>/s.exec(skipped)?.[0] ?? "";
    expect(undo).toContain('name="occurrence" value="2027-03-09"');
    expect(undo).toContain('<button value="unskip" name="action">Put it back</button>');
    const back = await landing(
      t,
      request,
      await t.change(request, { action: "unskip", occurrence: "2027-03-09" }),
    );
    expect(back).toContain("Put back: Tuesday, March 9, 8:00 AM–12:00 PM.");
    expect(skippable(back)).toContain("2027-03-09");
    expect((await t.store().get(request.id))?.plan?.skipped).toEqual([]);
    expect((await t.store().listEvents(request.id)).at(-1)?.kind).toBe("plan-unskipped");
  });

  it("puts a skipped visit back only while a crew is free then (409 and nothing changed once taken)", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    await landing(
      t,
      request,
      await t.change(request, { action: "skip", occurrence: "2027-03-16" }),
    );
    // Its time is free again: someone else books it.
    const other = await t.send(weeklyHome("one-time"));
    expect((await t.post(other, { action: "book", start: "2027-03-16T08:00" })).status).toBe(303);
    const before = await t.store().get(request.id);
    const refused = await t.change(request, { action: "unskip", occurrence: "2027-03-16" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "That visit cannot come back: every crew is now busy then.",
    );
    const after = await t.store().get(request.id);
    expect(after?.plan?.skipped).toEqual(["2027-03-16"]);
    expect(after?.visitSequence).toBe(before?.visitSequence);
    // The booking and the skip reach the owner as one notice, joined while it waited.
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    expect(notices.map((one) => one.notice.title)).toContain(
      "Jane Doe made 2 changes to their request",
    );
  });

  it("moves a visit to an open time of the next week; the plan's other visits are not offered", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    let html = await t.page(request, "&move=2027-03-09");
    expect(html).toContain('<h2 id="move">Move your visit of Tuesday, March 9</h2>');
    expect(bytes(html)).toBeLessThanOrEqual(14_100);
    const seen: string[] = [];
    for (let pages = 0; pages < 6; pages += 1) {
      seen.push(...offered(html));
      const later =
        /href="\?token=[^"&]+&amp;move=2027-03-09&amp;from=(\d{4}-\d{2}-\d{2})#move"/.exec(html);
      if (!later) break;
      html = await t.page(request, `&move=2027-03-09&from=${later[1]}`);
    }
    // Its week and the next, Monday to Sunday; not its own time, not the plan's visit of March 16.
    expect(seen[0]?.slice(0, 10)).toBe("2027-03-08");
    expect(seen.every((time) => time >= "2027-03-08" && time <= "2027-03-21")).toBe(true);
    expect(seen).not.toContain("2027-03-09T08:00");
    expect(
      seen
        .filter((time) => time.startsWith("2027-03-16"))
        .every((time) => time >= "2027-03-16T12:30"),
    ).toBe(true);
    const target = seen.find((time) => time >= "2027-03-15") as string;
    expect(target).toBe("2027-03-15T08:00");
    const moved = await landing(
      t,
      request,
      await t.change(request, { action: "move", occurrence: "2027-03-09", start: target }),
    );
    expect(moved).toContain("<p>Moved to Monday, March 15, 8:00 AM–12:00 PM.</p>");
    expect(moved).toContain(
      "<b>Monday, March 15</b><br/>8:00 AM–12:00 PM<br/>Moved from Tuesday, March 9",
    );
    expect(moved).toContain('<button value="move" name="action">Move it back</button>');
    expect((await t.store().get(request.id))?.plan?.moved).toEqual([
      { from: "2027-03-09", to: { day: "2027-03-15", time: "08:00" } },
    ]);
    expect((await t.store().listEvents(request.id)).at(-1)).toMatchObject({
      kind: "plan-moved",
      details: {
        from: "Tuesday, March 9, 8:00 AM–12:00 PM",
        to: "Monday, March 15, 8:00 AM–12:00 PM",
      },
    });
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    expect(notices.flatMap((one) => one.notice.lines).join("\n")).toContain(
      "Moved the plan's visit of Tuesday, March 9, 8:00 AM–12:00 PM to Monday, March 15, 8:00 AM–12:00 PM",
    );
  });

  it("says from what time a visit moved within its own day", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const html = await t.page(request, "&move=2027-03-09");
    const sameDay = offered(html).find((time) => time.startsWith("2027-03-09")) as string;
    expect(sameDay).toBeTruthy();
    const moved = await landing(
      t,
      request,
      await t.change(request, { action: "move", occurrence: "2027-03-09", start: sameDay }),
    );
    expect(moved).toContain("Moved from 8:00 AM that day");
    expect(moved).not.toContain("Moved from Tuesday, March 9");
  });

  it("refuses a move to a time taken meanwhile with 409 and the times again, and changes nothing", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const html = await t.page(request, "&move=2027-03-23");
    const [time] = offered(html);
    expect(time).toBe("2027-03-22T08:00");
    // Someone else books that time first.
    const other = await t.send(weeklyHome("one-time"));
    expect((await t.post(other, { action: "book", start: time as string })).status).toBe(303);
    const before = await t.store().get(request.id);
    const taken = await t.change(request, {
      action: "move",
      occurrence: "2027-03-23",
      start: time as string,
    });
    expect(taken.status).toBe(409);
    const again = await taken.text();
    expect(again).toContain("That time was just taken. Here are the other open times.");
    expect(again).toContain('<h2 id="move">Move your visit of Tuesday, March 23</h2>');
    expect(offered(again).length).toBeGreaterThan(0);
    expect(offered(again)).not.toContain(time);
    const unchanged = await t.store().get(request.id);
    expect(unchanged?.plan).toEqual(before?.plan);
    expect(unchanged?.visitSequence).toBe(before?.visitSequence);
    expect((await t.store().listEvents(request.id)).map((event) => event.kind)).toEqual(["booked"]);
  });

  it("pauses until a date from the first visit open to changes, and resumes", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const paused = await landing(
      t,
      request,
      await t.change(request, { action: "pause", until: "2027-03-17" }),
    );
    expect(paused).toContain(
      "Your plan: every week on Tuesday at 8:00 AM, paused until Wednesday, March 17",
    );
    expect(paused).toContain("<p>Paused until Wednesday, March 17.</p>");
    expect(paused).toContain("Paused until Wednesday, March 17: no visits before then.");
    expect(paused).toContain("<b>Paused until Wednesday, March 17</b>: no visits before then.");
    // The visit inside the cut-off stays; March 9 and 16 are off.
    expect(paused).toContain("<b>Tuesday, March 2</b><br/>8:00 AM–12:00 PM");
    expect(skippable(paused)[0]).toBe("2027-03-23");
    expect((await t.store().get(request.id))?.plan).toMatchObject({
      pausedFrom: "2027-03-09",
      pausedUntil: "2027-03-17",
    });
    expect((await t.store().listEvents(request.id)).at(-1)).toMatchObject({
      kind: "plan-paused",
      details: { from: "2027-03-09", until: "2027-03-17" },
    });
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    expect(notices.flatMap((one) => one.notice.lines).join("\n")).toContain(
      "Paused the plan: no visits from Tuesday, March 9 until Wednesday, March 17",
    );
    const resumed = await landing(t, request, await t.change(request, { action: "resume" }));
    expect(resumed).toContain("Resumed. Your next visit: Tuesday, March 2, 8:00 AM–12:00 PM.");
    expect(skippable(resumed)[0]).toBe("2027-03-09");
    expect((await t.store().get(request.id))?.plan?.pausedUntil).toBeUndefined();
    expect(
      (await t.store().listVisitorEmails(request.id))
        .filter((email) => email.kind === "plan")
        .map((email) => (email.payload.action as { kind: string }).kind),
    ).toEqual(["booked", "paused", "resumed"]);
  });

  it("changes to every two weeks at the price list's price for it; the series so far is kept", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const weekly = (await t.store().get(request.id))?.plan?.laterPrice;
    const price = estimate(homeInputs("bi-weekly"), null, repositoryFacts().priceList).recurring;
    expect(price).not.toEqual(weekly);
    const html = await t.page(request);
    expect(html).toContain(`Every two weeks: ${formatRange(price as never)} a visit`);
    const changed = await landing(
      t,
      request,
      await t.change(request, { action: "every", every: "two-weeks" }),
    );
    expect(changed).toContain(
      `Your plan is now every two weeks on Tuesday at 8:00 AM, from Tuesday, March 9: ${formatRange(price as never)} a visit.`,
    );
    expect(changed).toContain("Your plan: every two weeks on Tuesday at 8:00 AM");
    expect(skippable(changed).slice(0, 3)).toEqual(["2027-03-09", "2027-03-23", "2027-04-06"]);
    const plan = (await t.store().get(request.id))?.plan;
    expect(plan).toMatchObject({
      every: "two-weeks",
      first: { day: "2027-03-09", time: "08:00" },
      laterPrice: price,
    });
    expect(plan?.earlier).toEqual([
      expect.objectContaining({
        every: "week",
        first: { day: "2027-03-02", time: "08:00" },
        cancelledFrom: "2027-03-09",
      }),
    ]);
    expect((await t.store().listEvents(request.id)).at(-1)).toMatchObject({
      kind: "plan-every",
      details: { every: "two-weeks", from: "2027-03-09", laterPrice: price },
    });
    const emails = await t.store().listVisitorEmails(request.id);
    expect(
      emails.filter(
        (email) =>
          email.kind === "plan" && (email.payload.action as { kind: string }).kind === "every",
      ).length,
    ).toBeGreaterThan(0);
  });

  it("cancels only with the box ticked; the visit inside the cut-off stays and the page says so", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const unticked = await t.change(request, { action: "cancel" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain(
      "Nothing was cancelled: please tick “Yes, cancel my plan”",
    );
    expect((await t.store().get(request.id))?.plan?.cancelledFrom).toBeUndefined();
    const cancelled = await landing(
      t,
      request,
      await t.change(request, { action: "cancel", confirm: "yes" }),
    );
    expect(cancelled).toContain("Your plan is cancelled: no visits from Tuesday, March 9 on.");
    expect(cancelled).toContain(
      "Your visit of Tuesday, March 2, 8:00 AM–12:00 PM stays: it is less than 24 hours away.",
    );
    expect(skippable(cancelled)).toEqual([]);
    expect(cancelled).not.toContain("Cancel my plan");
    const stored = await t.store().get(request.id);
    expect(stored?.status).toBe("booked");
    expect(stored?.plan?.cancelledFrom).toBe("2027-03-09");
    expect((await t.store().listEvents(request.id)).at(-1)).toMatchObject({
      kind: "plan-cancelled",
      details: { from: "2027-03-09", kept: ["Tuesday, March 2, 8:00 AM–12:00 PM"] },
    });
    // A change to a cancelled plan changes nothing.
    const refused = await t.change(request, { action: "skip", occurrence: "2027-03-09" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "This plan is cancelled. To start again, please call us.",
    );
    expect((await t.store().get(request.id))?.visitSequence).toBe(stored?.visitSequence);
  });

  it("cancelled before its first visit: the request is lost, like a cancelled request", async () => {
    const t = await setup();
    const request = await t.send(weeklyHome());
    // Wednesday's first time: two days away, open to changes.
    const wednesday = offered(await t.page(request)).find((time) => time.startsWith("2027-03-03"));
    expect((await t.post(request, { action: "book", start: wednesday as string })).status).toBe(
      303,
    );
    const html = await landing(
      t,
      request,
      await t.change(request, { action: "cancel", confirm: "yes" }),
    );
    expect(html).toContain("You cancelled your plan on Mon Mar 1.");
    expect(html).toContain("Your request is cancelled. We are sorry to see you go.");
    const stored = await t.store().get(request.id);
    expect(stored?.status).toBe("lost");
    expect(stored?.visit).toBeUndefined();
    expect(stored?.plan?.cancelledFrom).toBe("2027-03-03");
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    expect(notices.flatMap((one) => one.notice.lines).join("\n")).toContain(
      "The request is now Lost.",
    );
  });
});

describe("what changes nothing", () => {
  it("a visit past the cut-off, a stale page, a foreign link, altered fields", async () => {
    const t = await setup();
    const { request } = await bookedPlan(t);
    const sequence = (await t.store().get(request.id))?.visitSequence;
    const tooLate = await t.change(request, { action: "skip", occurrence: "2027-03-02" });
    expect(tooLate.status).toBe(400);
    expect(await tooLate.text()).toContain("That visit is less than 24 hours away");
    // A day later, Tuesday's visit of March 9 is inside the cut-off too.
    vi.setSystemTime(new Date("2027-03-08T15:00:00Z"));
    const late = await t.page(request);
    expect(skippable(late)[0]).toBe("2027-03-16");
    expect(late).not.toContain('value="2027-03-09"/><button');
    const moveLate = await t.page(request, "&move=2027-03-09");
    expect(moveLate).toContain("That visit is less than 24 hours away");
    expect(offered(moveLate)).toEqual([]);
    expect(
      (
        await t.change(request, {
          action: "move",
          occurrence: "2027-03-09",
          start: "2027-03-17T08:00",
        })
      ).status,
    ).toBe(400);
    // A page older than the plan.
    const stale = await t.post(request, {
      action: "skip",
      occurrence: "2027-03-16",
      sequence: "0",
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Your plan was changed meanwhile");
    // Another request's link.
    const other = await t.send(weeklyHome());
    const foreign = await t.call(`/request/${request.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: other.token,
        action: "skip",
        occurrence: "2027-03-16",
        sequence: String(sequence),
      }),
    });
    expect(foreign.status).toBe(403);
    for (const fields of <Record<string, string>[]>[
      { action: "skip", occurrence: "next week" },
      { action: "move", occurrence: "2027-03-16", start: "2027-03-17T08:00:00-04:00" },
      { action: "every", every: "daily" },
      { action: "pause", until: "2027-13-40" },
      { action: "skip", occurrence: "2027-03-17" },
    ])
      expect((await t.change(request, fields)).status, JSON.stringify(fields)).toBe(400);
    const stored = await t.store().get(request.id);
    expect(stored?.visitSequence).toBe(sequence);
    expect((await t.store().listEvents(request.id)).map((event) => event.kind)).toEqual(["booked"]);
    expect(addDays("2027-03-08", 0)).toBe("2027-03-08");
  });
});
