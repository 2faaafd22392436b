/**
 * "Book your first visit" on the visitor's page, through the assembled function on the real
 * SQLite store in memory: who is offered times, a tap books one (the confirmation and the owner's
 * notice queued with it), a taken, closed, past or altered time is refused with its reason and
 * changes nothing, and the last crew at a time goes to one visitor only, the owner included.
 */
import { afterEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { bookingFunctions, homeRequest } from "../../../tests/support/booking-function.ts";
import { publishAndFollow } from "../../../tests/support/content-source.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { visitorStatus } from "./visitor-page.ts";

const functions = bookingFunctions();
const setup = functions.start;
afterEach(functions.stopAll);

/** The times a page offers, as the buttons post them. */
const offered = (html: string) =>
  [...html.matchAll(/<button value="([^"]+)" name="start"/g)].map((match) => match[1] as string);

describe("Book your first visit", () => {
  it("is offered to a home in the area with an estimate, as one button per time, a week at a time", async () => {
    const t = await setup();
    const request = await t.send(homeRequest());
    const html = await t.page(request);
    expect(html).toContain("Book your first visit");
    expect(html).toContain("Your visit takes about 4 hours.");
    const times = offered(html);
    expect(times.length).toBeGreaterThan(10);
    // The whole page, four days of times in it, within the first round trip (14,100 bytes).
    expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(14_100);
    // Four days with times at once; "Later times" pages on.
    const days = new Set(times.map((time) => time.slice(0, 10)));
    expect(days.size).toBe(4);
    const later = /href="\?token=[^"&]+&amp;from=(\d{4}-\d{2}-\d{2})#book"/.exec(html)?.[1];
    expect(later).toBeDefined();
    const next = offered(await t.page(request, `&from=${later}`));
    expect(next[0]?.slice(0, 10)).toBe(later);
    expect(next.some((time) => times.includes(time))).toBe(false);
    // The pages as a person sees them (docs/booking.md): VISITOR_SHOTS=<folder> writes them.
    if (process.env.VISITOR_SHOTS) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(`${process.env.VISITOR_SHOTS}/times.html`, html);
      const taken = await t.book(request, times[0] as string);
      expect(taken.status).toBe(303);
      writeFileSync(
        `${process.env.VISITOR_SHOTS}/booked.html`,
        await t.page(request, "&saved=book"),
      );
      console.log("PAGE BYTES", new TextEncoder().encode(html).length);
    }
  });

  it("is not offered outside the area, without an estimate, or for a service booked by phone", async () => {
    const t = await setup();
    for (const body of [
      homeRequest({ zip: "19103" }),
      homeRequest({ estimate: undefined }),
      { ...homeRequest(), service: "carpet" },
    ]) {
      const html = await t.page(await t.send(body));
      expect(html).not.toContain("Book your first visit");
      expect(html).toContain("We will call you by");
    }
  });

  it("books the tapped time: the page says Booked, the confirmation and the owner's notice are queued with it", async () => {
    const t = await setup();
    const request = await t.send(homeRequest());
    const [first] = offered(await t.page(request));
    const answer = await t.book(request, first as string);
    expect(answer.status, await answer.clone().text()).toBe(303);
    expect(answer.headers.get("location")).toContain("saved=book");
    const after = await t.page(request, "&saved=book");
    expect(after).toContain("Booked:");
    expect(after).toContain("Booked! We sent the confirmation");
    expect(offered(after)).toEqual([]);
    const stored = await t.store().get(request.id);
    expect(stored?.status).toBe("booked");
    expect(stored?.visit?.start.slice(0, 16)).toBe(first);
    const events = await t.store().listEvents(request.id);
    expect(events.at(-1)).toMatchObject({ actor: "visitor", kind: "booked" });
    const emails = await t.store().listVisitorEmails(request.id);
    expect(emails.map((email) => email.kind)).toContain("visit");
    const notices = (await t.store().listNotices()).filter((one) => one.requestId === request.id);
    expect(notices.map((one) => one.notice.title)).toContain("Jane Doe booked a visit");
  });

  it("refuses a taken time with 409 and the next open times, and stores nothing", async () => {
    const t = await setup();
    const first = await t.send(homeRequest());
    const second = await t.send(homeRequest());
    const [time] = offered(await t.page(second));
    expect((await t.book(first, time as string)).status).toBe(303);
    const refused = await t.book(second, time as string);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("That time was just taken. Here are the next open times.");
    expect(offered(html)).not.toContain(time);
    expect((await t.store().get(second.id))?.visit).toBeUndefined();
    expect(await t.store().listEvents(second.id)).toEqual([]);
  });

  it("gives the last crew at a time to one of two visitors posting at once", async () => {
    const t = await setup();
    const visitors = await Promise.all([1, 2, 3].map(() => t.send(homeRequest())));
    const [time] = offered(await t.page(visitors[0] as never));
    const answers = await Promise.all(visitors.map((one) => t.book(one, time as string)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409]);
    const booked = await Promise.all(visitors.map((one) => t.store().get(one.id)));
    expect(booked.filter((one) => one?.visit).length).toBe(1);
  });

  it("refuses a closed, past, too far or altered time with its reason, and changes nothing", async () => {
    const t = await setup();
    const request = await t.send(homeRequest());
    const [first] = offered(await t.page(request));
    const day = (first as string).slice(0, 10);
    const cases: [string, RegExp][] = [
      ["2020-01-06T09:00", /That time has passed\./],
      [`${day}T09:15`, /Times start on the hour or the half hour\./],
      [`${day}T22:00`, /outside our opening hours/],
      ["2027-06-01T09:00", /further ahead than we book/],
      ["2026-11-26T09:00", /That time has passed|We are closed on Thanksgiving\./],
      [`${day}T09:00:00-05:00`, /Please choose one of the times shown\./],
      ["tomorrow morning", /Please choose one of the times shown\./],
    ];
    for (const [start, reason] of cases) {
      const answer = await t.book(request, start);
      expect(answer.status, start).toBe(400);
      expect(await answer.text(), start).toMatch(reason);
    }
    const sunday = repositoryFacts().reach.hours.week.sunday.open;
    expect(sunday).toBe(false);
    expect((await t.store().get(request.id))?.visit).toBeUndefined();
    expect(await t.store().listEvents(request.id)).toEqual([]);
  });
});

describe("the owner's booking takes a crew too", () => {
  it("is refused when every crew is busy then, unless the owner says to book it even so", async () => {
    const t = await setup();
    const online = await t.send(homeRequest());
    const [time] = offered(await t.page(online));
    expect((await t.book(online, time as string)).status).toBe(303);
    const other = await t.send(homeRequest());
    const token = await t.owner.sign(other.id, new Date());
    const local = (time as string).slice(11, 16);
    const fields = {
      token,
      sequence: "0",
      action: "book",
      date: (time as string).slice(0, 10),
      time: local,
      minutes: "120",
    };
    const post = (extra: Record<string, string> = {}) =>
      t.call(`/lead/${other.id}/visit`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, ...extra }),
      });
    const full = await post();
    expect(full.headers.get("location")).toContain("why=full");
    expect((await t.store().get(other.id))?.visit).toBeUndefined();
    const anyway = await post({ anyway: "yes" });
    expect(anyway.headers.get("location")).toContain("visit=booked");
    expect((await t.store().get(other.id))?.visit?.start.slice(0, 16)).toBe(time);
  });
});

describe("a recurring estimate books a plan", () => {
  const weekly = () => homeRequest({ frequency: "weekly" });

  it("stores the series from the tapped time, with the later visits' price", async () => {
    const t = await setup();
    const request = await t.send(weekly());
    const [time] = offered(await t.page(request));
    expect((await t.book(request, time as string)).status).toBe(303);
    const stored = await t.store().get(request.id);
    expect(stored?.plan).toMatchObject({
      every: "week",
      first: { day: (time as string).slice(0, 10), time: (time as string).slice(11, 16) },
      skipped: [],
      moved: [],
    });
    expect(stored?.plan?.laterPrice).toEqual(stored?.estimate?.recurring);
    expect(stored?.plan?.laterPrice).toBeTruthy();
    const [event] = await t.store().listEvents(request.id);
    expect(event?.details).toMatchObject({ plan: expect.stringMatching(/^every week on /) });
  });

  it("keeps its crew every week: the same time a week later is no longer offered to anyone", async () => {
    const t = await setup();
    const planned = await t.send(weekly());
    const [time] = offered(await t.page(planned));
    expect((await t.book(planned, time as string)).status).toBe(303);
    const weekLater = new Date(`${(time as string).slice(0, 10)}T12:00:00Z`);
    weekLater.setUTCDate(weekLater.getUTCDate() + 7);
    const sameTimeNextWeek = `${weekLater.toISOString().slice(0, 10)}${(time as string).slice(10)}`;
    const other = await t.send(homeRequest());
    let html = await t.page(other);
    const shows = (day: string) => offered(html).some((one) => one.startsWith(day));
    for (let page = 0; page < 4 && !shows(sameTimeNextWeek.slice(0, 10)); page += 1) {
      const later = /from=(\d{4}-\d{2}-\d{2})/.exec(html)?.[1];
      if (!later) break;
      html = await t.page(other, `&from=${later}`);
    }
    expect(shows(sameTimeNextWeek.slice(0, 10))).toBe(true);
    expect(offered(html)).not.toContain(sameTimeNextWeek);
    const refused = await t.book(other, sameTimeNextWeek);
    expect(refused.status).toBe(409);
    expect((await t.store().get(other.id))?.visit).toBeUndefined();
  });

  it("is not booked onto a week that is full: a plan whose later visit is taken gets its reason", async () => {
    const t = await setup();
    const oneTime = await t.send(homeRequest());
    const times = offered(await t.page(oneTime));
    const first = times[0] as string;
    const weekLater = new Date(`${first.slice(0, 10)}T12:00:00Z`);
    weekLater.setUTCDate(weekLater.getUTCDate() + 7);
    const blocked = `${weekLater.toISOString().slice(0, 10)}${first.slice(10)}`;
    // Someone books the same time a week later, by the owner's hand.
    const token = await t.owner.sign(oneTime.id, new Date());
    const booked = await t.call(`/lead/${oneTime.id}/visit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token,
        sequence: "0",
        action: "book",
        date: blocked.slice(0, 10),
        time: blocked.slice(11, 16),
        minutes: "240",
      }),
    });
    expect(booked.headers.get("location")).toContain("visit=booked");
    const planned = await t.send(weekly());
    expect(offered(await t.page(planned))).not.toContain(first);
    const refused = await t.book(planned, first);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("That time is not free every week on");
    expect((await t.store().get(planned.id))?.plan).toBeUndefined();
  });
});

describe("held until the owner confirms (the owner's setting)", () => {
  async function heldSetup() {
    const t = await setup();
    const document = structuredClone(repositoryContent) as SiteContent;
    document.booking.confirmation = "held";
    const checked = checkSiteContent(document);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    await publishAndFollow(t.fn, checked.content);
    const answer = (
      id: string,
      action: "confirm" | "decline",
      extra: Record<string, string> = {},
    ) =>
      t.owner.sign(id, new Date()).then((token) =>
        t.call(`/lead/${id}/visit`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, sequence: "1", action, ...extra }),
        }),
      );
    return { ...t, answer };
  }

  it("keeps the picked time for the customer, tells the owner to confirm it, and sends nothing yet", async () => {
    const t = await heldSetup();
    const request = await t.send(homeRequest());
    const [time] = offered(await t.page(request));
    const booked = await t.book(request, time as string);
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toContain("saved=held");
    const stored = await t.store().get(request.id);
    expect(stored?.visitHeld).toBe(true);
    expect(stored?.status).toBe("new");
    const page = await t.page(request, "&saved=held");
    expect(page).toContain("Held for you: ");
    expect(page).toContain("That time is kept for you while we confirm it.");
    // Not in the customer's calendar before it is confirmed: the invitation comes with the confirmation.
    expect(page).not.toContain("Add to my calendar");
    expect((await t.store().listVisitorEmails(request.id)).map((e) => e.kind)).not.toContain(
      "visit",
    );
    const notices = await t.store().listNotices();
    expect(notices.some((n) => n.notice.title.includes("picked a time: please confirm it"))).toBe(
      true,
    );
    // Nobody else gets the time meanwhile.
    const other = await t.send(homeRequest());
    expect(offered(await t.page(other))).not.toContain(time);
    expect((await t.book(other, time as string)).status).toBe(409);
  });

  it("puts nothing in a calendar while held, and never promises the confirmation after the visit", async () => {
    const t = await heldSetup();
    const request = await t.send(homeRequest());
    const [time] = offered(await t.page(request));
    await t.book(request, time as string);
    const file = await t.call(`/request/${request.id}/visit.ics?token=${request.token}`);
    expect(file.status).toBe(403);
    const held = (await t.store().get(request.id)) as StoredContactRequest;
    const live = repositoryFacts();
    // Held on Sunday evening for Monday at 8: the call-back promise (Tuesday) comes too late.
    const soon = {
      ...held,
      visitChangedAt: "2026-11-29T23:00:00.000Z",
      visit: { start: "2026-11-30T08:00:00-05:00", end: "2026-11-30T12:00:00-05:00" },
    };
    expect(visitorStatus(soon, [], live)).toContain("We will confirm it before then, by e-mail.");
    const later = {
      ...soon,
      visit: { start: "2026-12-08T08:00:00-05:00", end: "2026-12-08T12:00:00-05:00" },
    };
    expect(visitorStatus(later, [], live)).toMatch(/We will confirm it by Mon Nov 30, /);
  });

  it("is booked by the owner's Confirm, with the customer's confirmation and invitation", async () => {
    const t = await heldSetup();
    const request = await t.send(homeRequest());
    const [time] = offered(await t.page(request));
    await t.book(request, time as string);
    const confirmed = await t.answer(request.id, "confirm");
    expect(confirmed.headers.get("location")).toContain("visit=confirmed");
    const stored = await t.store().get(request.id);
    expect(stored?.visitHeld).toBeUndefined();
    expect(stored?.status).toBe("booked");
    expect(stored?.visit?.start.slice(0, 16)).toBe(time);
    const emails = await t.store().listVisitorEmails(request.id);
    expect(emails.find((e) => e.kind === "visit")?.payload.action).toBe("booked");
    expect(await t.page(request)).toContain("Add to my calendar");
    // A second tap changes nothing.
    const again = await t.answer(request.id, "confirm");
    expect(again.headers.get("location")).toContain("why=stale");
    expect((await t.store().listVisitorEmails(request.id)).length).toBe(emails.length);
  });

  it("is freed by the owner's Turn it down, only with its tick, and the customer asked for another time", async () => {
    const t = await heldSetup();
    const request = await t.send(homeRequest());
    const [time] = offered(await t.page(request));
    await t.book(request, time as string);
    const unticked = await t.answer(request.id, "decline");
    expect(unticked.headers.get("location")).toContain("why=decline-confirm");
    expect((await t.store().get(request.id))?.visitHeld).toBe(true);
    const declined = await t.answer(request.id, "decline", { confirm: "yes" });
    expect(declined.headers.get("location")).toContain("visit=declined");
    const stored = await t.store().get(request.id);
    expect(stored?.visit).toBeUndefined();
    expect(stored?.visitHeld).toBeUndefined();
    const emails = await t.store().listVisitorEmails(request.id);
    expect(emails.find((e) => e.kind === "visit")?.payload.action).toBe("declined");
    // The time is open again, and the customer may pick again.
    expect(offered(await t.page(request))).toContain(time);
  });
});

describe("a business the owner books online", () => {
  async function commercialSetup() {
    const t = await setup();
    const document = structuredClone(repositoryContent) as SiteContent;
    document.booking.onlineServices = ["residential", "commercial"];
    const checked = checkSiteContent(document);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    await publishAndFollow(t.fn, checked.content);
    return t;
  }
  const business = (visitsPerWeek: number) =>
    homeRequest({
      service: "commercial",
      estimate: { kind: "business", squareFeet: 3000, visitsPerWeek, addOns: [] },
    });

  it("books one visit a week as a weekly plan", async () => {
    const t = await commercialSetup();
    const request = await t.send(business(1));
    const [time] = offered(await t.page(request));
    expect((await t.book(request, time as string)).status).toBe(303);
    expect((await t.store().get(request.id))?.plan?.every).toBe("week");
  });

  it("leaves several visits a week to the owner's call: no times offered", async () => {
    const t = await commercialSetup();
    const html = await t.page(await t.send(business(3)));
    expect(html).not.toContain("Book your first visit");
    expect(html).toContain("We will call you by");
  });
});
