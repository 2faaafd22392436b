/**
 * The behaviour every BookingStore must have (booking/booking-store.ts), run on SQLite
 * (sqlite-store.test.ts) and on a real Postgres (postgres-store.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fingerprintContact } from "../../functions/send-contact-email/intake/fingerprint.ts";
import type {
  BookingStore,
  NewVisitorEmail,
} from "../../functions/send-contact-email/store/booking-store.ts";
import type { OwnerStore } from "../../functions/send-contact-email/store/owner-store.ts";
import type { ContactStore } from "../../functions/send-contact-email/store/store.ts";
import {
  acknowledgementCap,
  acknowledgementCaps,
} from "../../functions/send-contact-email/store/visitor-email-kinds.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { validRequest } from "../integration/support/requests.ts";

type Store = ContactStore & OwnerStore & BookingStore;

const t0 = new Date("2026-11-24T15:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;
const hour = 60 * minute;

async function submit(store: Store, name = "Dana", email = "dana@example.org") {
  const result = validateContact(validRequest({ name, email }));
  if (!result.ok) throw new Error("invalid sample");
  const id = crypto.randomUUID();
  await store.submit({
    id,
    data: result.data,
    // A nearby ZIP of King of Prussia's (Wayne), its mark kept through every change.
    details: { zip: "19087", inServiceArea: true, town: "King of Prussia", nearby: true },
    fingerprint: await fingerprintContact(result.data),
    receivedAt: t0,
    dedupeWindowMs: 0,
  });
  return id;
}

const ack = (requestId: string, recipient: string, createdAt = t0): NewVisitorEmail => ({
  key: `acknowledgement:${requestId}`,
  kind: "acknowledgement",
  requestId,
  recipient,
  payload: {},
  createdAt,
});

const booking = { start: new Date("2026-12-01T14:00:00Z"), end: new Date("2026-12-01T16:00:00Z") };

/**
 * `open` gives one store; `openTwo`, two servers' stores on one database when the database allows
 * it (Postgres: two pools), else the one store twice.
 */
export function describeBookingStoreContract(
  name: string,
  open: () => Promise<Store>,
  openTwo?: () => Promise<[Store, Store]>,
) {
  describe(`${name}: the BookingStore contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("a new request has no visit, sequence 0, no address and no events", async () => {
      const id = await submit(store);
      const request = await store.get(id);
      expect(request).toMatchObject({ visitSequence: 0, visitChangedAt: null });
      expect(request?.visit).toBeUndefined();
      expect(request?.serviceAddress).toBeUndefined();
      expect(await store.listEvents(id)).toEqual([]);
    });

    it("books a visit: status booked, the visit in the business's time zone, sequence 1, its e-mail and event", async () => {
      const id = await submit(store);
      const result = await store.changeRequest(
        id,
        {
          expectedSequence: 0,
          status: "booked",
          visit: booking,
          event: { actor: "owner", kind: "booked", details: { from: "window" } },
          visitorEmail: (changed) => ({
            key: `visit:${id}:${changed.visitSequence}`,
            kind: "visit",
            requestId: id,
            recipient: "dana@example.org",
            payload: { sequence: changed.visitSequence },
            createdAt: at(minute),
          }),
        },
        at(minute),
      );
      expect(result).toMatchObject({
        ok: true,
        request: {
          status: "booked",
          visit: { start: "2026-12-01T09:00:00-05:00", end: "2026-12-01T11:00:00-05:00" },
          visitSequence: 1,
          visitChangedAt: at(minute).toISOString(),
          // Booking is the owner's first answer.
          contactedAt: at(minute).toISOString(),
          zip: "19087",
        },
        event: { actor: "owner", kind: "booked", details: { from: "window" } },
      });
      expect((await store.get(id))?.visit?.start).toBe("2026-12-01T09:00:00-05:00");
      expect(await store.listVisitorEmails(id)).toMatchObject([
        { key: `visit:${id}:1`, kind: "visit", payload: { sequence: 1 }, status: "pending" },
      ]);
      expect(await store.listEvents(id)).toMatchObject([{ kind: "booked", actor: "owner" }]);
    });

    it("a page that is out of date changes nothing (conflict), and an unknown id is missing", async () => {
      const id = await submit(store);
      const change = {
        expectedSequence: 0,
        status: "booked" as const,
        visit: booking,
        event: { actor: "owner" as const, kind: "booked" as const },
      };
      expect((await store.changeRequest(id, change, at(minute))).ok).toBe(true);
      const again = await store.changeRequest(id, change, at(2 * minute));
      expect(again).toMatchObject({ ok: false, reason: "conflict", request: { visitSequence: 1 } });
      expect(await store.listEvents(id)).toHaveLength(1);
      expect(await store.changeRequest(crypto.randomUUID(), change, at(minute))).toEqual({
        ok: false,
        reason: "missing",
      });
      expect(await store.changeRequest("not-a-uuid", change, at(minute))).toEqual({
        ok: false,
        reason: "missing",
      });
    });

    it("cancels a visit (sequence + 1, no visit), keeps the first answer's time", async () => {
      const id = await submit(store);
      await store.changeRequest(
        id,
        { status: "booked", visit: booking, event: { actor: "owner", kind: "booked" } },
        at(minute),
      );
      const cancelled = await store.changeRequest(
        id,
        { status: "contacted", visit: null, event: { actor: "owner", kind: "visit-cancelled" } },
        at(hour),
      );
      expect(cancelled).toMatchObject({
        ok: true,
        request: { status: "contacted", visitSequence: 2, contactedAt: at(minute).toISOString() },
      });
      if (cancelled.ok) expect(cancelled.request.visit).toBeUndefined();
    });

    it("takes the visitor's new times and address, keeping the other quote details", async () => {
      const id = await submit(store);
      const windows = [{ date: "2026-12-03", window: "afternoon" as const }];
      const result = await store.changeRequest(
        id,
        {
          preferredWindows: windows,
          serviceAddress: "12 Elm St, Berwyn PA",
          event: { actor: "visitor", kind: "asked-for-times", details: { windows } },
          notices: [
            {
              key: "visitor:x:email",
              channel: "email",
              requestId: id,
              notice: { kind: "alert", title: "t", lines: [], url: null, leads: [] },
              createdAt: at(minute),
            },
          ],
        },
        at(minute),
      );
      expect(result).toMatchObject({
        ok: true,
        request: {
          status: "new",
          contactedAt: null,
          preferredWindows: windows,
          serviceAddress: "12 Elm St, Berwyn PA",
          zip: "19087",
          town: "King of Prussia",
          nearby: true,
          visitSequence: 0,
        },
      });
      expect((await store.listNotices()).map((notice) => notice.key)).toEqual(["visitor:x:email"]);
    });

    it("refuses the actor's changes over the limit in its window and over the total, in the change's transaction", async () => {
      const id = await submit(store);
      const limit = { actor: "visitor" as const, windowMs: hour, max: 3, total: 5 };
      const change = (kind: "added-address" | "asked-for-times") => ({
        serviceAddress: "1 Main St",
        event: { actor: "visitor" as const, kind },
        limit,
      });
      // Posted all at once: the count and the insert are one transaction, so three pass.
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => store.changeRequest(id, change("added-address"), at(0))),
      );
      expect(burst.filter((result) => result.ok)).toHaveLength(3);
      const refused = burst.find((result) => !result.ok);
      expect(refused).toEqual({ ok: false, reason: "limited", retryAt: at(hour) });
      // The owner's changes are not the visitor's: never counted against them.
      const owners = await store.changeRequest(
        id,
        { status: "contacted", event: { actor: "owner", kind: "booked" } },
        at(minute),
      );
      expect(owners.ok).toBe(true);
      // An hour on, the window has room again, up to the total of five.
      for (const offset of [hour + 1, hour + 2])
        expect((await store.changeRequest(id, change("asked-for-times"), at(offset))).ok).toBe(
          true,
        );
      expect(await store.changeRequest(id, change("asked-for-times"), at(3 * hour))).toEqual({
        ok: false,
        reason: "limited",
        retryAt: null,
      });
      const events = await store.listEvents(id);
      expect(events.filter((event) => event.actor === "visitor")).toHaveLength(5);
    });

    it("joins a notice to the request's notice still waiting, held until its due time", async () => {
      const id = await submit(store);
      const notice = (n: number, createdAt: Date) => ({
        key: `visitor:${id}:${n}:email`,
        channel: "email" as const,
        requestId: id,
        notice: {
          kind: "visitor" as const,
          title: `change ${n}`,
          lines: [`${n}`],
          url: null,
          leads: [],
        },
        createdAt,
        dueAt: new Date(createdAt.getTime() + 2 * minute),
        coalesce: {
          prefix: `visitor:${id}:`,
          merge: (waiting: { lines: string[] }) => ({
            kind: "visitor" as const,
            title: "joined",
            lines: [...waiting.lines, `${n}`],
            url: null,
            leads: [],
          }),
        },
      });
      const event = { actor: "visitor" as const, kind: "added-address" as const };
      for (const n of [1, 2, 3])
        await store.changeRequest(id, { event, notices: [notice(n, at(n * 1000))] }, at(n * 1000));
      let notices = await store.listNotices();
      expect(notices.map((row) => [row.key, row.notice.title, row.notice.lines])).toEqual([
        [`visitor:${id}:1:email`, "joined", ["1", "2", "3"]],
      ]);
      expect(await store.queue("notices").claim(at(minute), 10, minute)).toEqual([]);
      const [claimed] = await store.queue("notices").claim(at(1000 + 2 * minute), 10, minute);
      expect(claimed?.key).toBe(`visitor:${id}:1:email`);
      // Once claimed (being sent), a later change starts a notice of its own.
      await store.changeRequest(
        id,
        { event, notices: [notice(4, at(3 * minute))] },
        at(3 * minute),
      );
      notices = await store.listNotices();
      expect(notices.map((row) => row.key)).toEqual([
        `visitor:${id}:1:email`,
        `visitor:${id}:4:email`,
      ]);
    });

    it("queues an e-mail once per key, and at most the cap per address and kind in the window", async () => {
      const ids = [];
      for (let index = 0; index < 5; index += 1) ids.push(await submit(store, `Name ${index}`));
      const [a, b, c, d, e] = ids as [string, string, string, string, string];
      expect(await store.enqueueVisitorEmail(ack(a, "same@example.org"), acknowledgementCap)).toBe(
        "queued",
      );
      expect(await store.enqueueVisitorEmail(ack(a, "same@example.org"), acknowledgementCap)).toBe(
        "exists",
      );
      for (const id of [b, c])
        expect(
          await store.enqueueVisitorEmail(
            ack(id, "same@example.org", at(hour)),
            acknowledgementCap,
          ),
        ).toBe("queued");
      expect(
        await store.enqueueVisitorEmail(
          ack(d, "same@example.org", at(2 * hour)),
          acknowledgementCap,
        ),
      ).toBe("capped");
      // Another address is counted apart; a day later the first address may get one again.
      expect(
        await store.enqueueVisitorEmail(
          ack(d, "other@example.org", at(2 * hour)),
          acknowledgementCap,
        ),
      ).toBe("exists");
      expect(
        await store.enqueueVisitorEmail(
          ack(e, "same@example.org", at(25 * hour)),
          acknowledgementCap,
        ),
      ).toBe("queued");
      const capped = (await store.listVisitorEmails(d))[0];
      expect(capped).toMatchObject({ status: "failed", lastError: acknowledgementCap.reason });
    });

    it("with an hourly bound, queues at most that many of a kind to anyone in an hour", async () => {
      const caps = acknowledgementCaps(2);
      const ids = [];
      for (let index = 0; index < 4; index += 1) ids.push(await submit(store, `Name ${index}`));
      const [a, b, c, d] = ids as [string, string, string, string];
      expect(await store.enqueueVisitorEmail(ack(a, "one@example.org"), caps)).toBe("queued");
      expect(await store.enqueueVisitorEmail(ack(b, "two@example.org", at(minute)), caps)).toBe(
        "queued",
      );
      expect(
        await store.enqueueVisitorEmail(ack(c, "three@example.org", at(2 * minute)), caps),
      ).toBe("capped");
      expect((await store.listVisitorEmails(c))[0]).toMatchObject({
        status: "failed",
        lastError: expect.stringContaining("ACKNOWLEDGEMENT_HOURLY_CAP"),
      });
      expect(
        await store.enqueueVisitorEmail(ack(d, "four@example.org", at(hour + minute)), caps),
      ).toBe("queued");
    });

    it("claims, retries and marks visitor e-mails like every queue", async () => {
      const id = await submit(store);
      await store.enqueueVisitorEmail(ack(id, "dana@example.org"));
      const [claimed] = await store.queue("visitorEmails").claim(at(1000), 10, 2 * minute);
      expect(claimed).toMatchObject({ key: `acknowledgement:${id}`, attempts: 1 });
      expect(await store.queue("visitorEmails").claim(at(2000), 10, 2 * minute)).toEqual([]);
      expect(await store.queue("visitorEmails").nextDue(2 * minute)).toEqual(at(1000 + 2 * minute));
      await store
        .queue("visitorEmails")
        .retry(`acknowledgement:${id}`, "421 busy", at(10 * minute));
      expect(await store.queue("visitorEmails").nextDue(2 * minute)).toEqual(at(10 * minute));
      const [retried] = await store.queue("visitorEmails").claim(at(10 * minute), 10, 2 * minute);
      expect(retried).toMatchObject({ attempts: 2, lastError: "421 busy" });
      await store.queue("visitorEmails").complete(`acknowledgement:${id}`, at(11 * minute));
      expect(await store.listVisitorEmails()).toMatchObject([
        { status: "sent", sentAt: at(11 * minute).toISOString() },
      ]);
      expect(await store.queue("visitorEmails").nextDue(2 * minute)).toBeNull();
    });

    it("lists visits starting in a period, earliest first", async () => {
      const early = await submit(store, "Early");
      const late = await submit(store, "Late");
      const none = await submit(store, "None");
      const book = (id: string, start: string) =>
        store.changeRequest(
          id,
          {
            status: "booked",
            visit: { start: new Date(start), end: new Date(Date.parse(start) + 2 * hour) },
            event: { actor: "owner", kind: "booked" },
          },
          t0,
        );
      await book(late, "2026-12-02T14:00:00Z");
      await book(early, "2026-12-01T14:00:00Z");
      const visits = await store.listVisits(
        new Date("2026-12-01T00:00:00Z"),
        new Date("2026-12-03T00:00:00Z"),
      );
      expect(visits.map((request) => request.id)).toEqual([early, late]);
      expect(visits.map((request) => request.id)).not.toContain(none);
      expect(
        await store.listVisits(new Date("2026-12-02T00:00:00Z"), new Date("2026-12-02T14:00:00Z")),
      ).toEqual([]);
    });

    it("gives the last crew at a time to one change only, whichever server each reached", async () => {
      const [first, second] = openTwo ? await openTwo() : [store, store];
      try {
        const ids = await Promise.all(
          [first, second, first, second, first, second].map((one, n) => submit(one, `Racer ${n}`)),
        );
        const oneCrew = (busy: readonly unknown[]) => busy.length === 0;
        const results = await Promise.all(
          ids.map((id, n) =>
            (n % 2 === 0 ? first : second).changeRequest(
              id,
              {
                status: "booked",
                visit: booking,
                expectedSequence: 0,
                capacity: { from: booking.start, to: booking.end, fits: oneCrew },
                event: { actor: "visitor", kind: "booked" },
              },
              t0,
            ),
          ),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok && result.reason === "taken")).toHaveLength(5);
        const stored = await Promise.all(ids.map((id) => first.get(id)));
        expect(stored.filter((request) => request?.visit)).toHaveLength(1);
        const events = await Promise.all(ids.map((id) => first.listEvents(id)));
        expect(events.flat()).toHaveLength(1);
        // A visit that ends before the next starts leaves the crew free for it.
        const later = await submit(first, "Later");
        const after = {
          start: booking.end,
          end: new Date(booking.end.getTime() + 2 * hour),
        };
        const free = await second.changeRequest(
          later,
          {
            visit: after,
            capacity: { from: after.start, to: after.end, fits: oneCrew },
            event: { actor: "visitor", kind: "booked" },
          },
          t0,
        );
        expect(free.ok).toBe(true);
      } finally {
        if (openTwo) await Promise.all([first.close(), second.close()]);
      }
    });
    it("keeps a visit held for the owner's confirmation until the owner confirms or books it", async () => {
      const id = await submit(store, "Holder");
      const held = await store.changeRequest(
        id,
        { visit: booking, visitHeld: true, event: { actor: "visitor", kind: "booked" } },
        t0,
      );
      expect(held.ok && held.request.visitHeld).toBe(true);
      expect((await store.get(id))?.visitHeld).toBe(true);
      // The visitor's later change of their page leaves it held.
      const address = await store.changeRequest(
        id,
        { serviceAddress: "1 Main St", event: { actor: "visitor", kind: "added-address" } },
        t0,
      );
      expect(address.ok && address.request.visitHeld).toBe(true);
      const confirmed = await store.changeRequest(
        id,
        { visitHeld: false, expectedSequence: 1, event: { actor: "owner", kind: "booked" } },
        t0,
      );
      expect(confirmed.ok && confirmed.request.visitHeld).toBeUndefined();
      expect(confirmed.ok && confirmed.request.visit?.start).toBe(
        held.ok ? held.request.visit?.start : "",
      );
      // Held again, then the owner moves it: the owner's booking confirms it.
      await store.changeRequest(
        id,
        { visitHeld: true, event: { actor: "visitor", kind: "booked" } },
        t0,
      );
      const moved = await store.changeRequest(
        id,
        { visit: booking, event: { actor: "owner", kind: "rebooked" } },
        t0,
      );
      expect(moved.ok && moved.request.visitHeld).toBeUndefined();
    });

    it("keeps a plan with its request, lists it, and hands it to every later booking's capacity rule", async () => {
      const planned = await submit(store, "Planner");
      const plan = {
        first: { day: "2026-12-01", time: "09:00" },
        minutes: 120,
        every: "week" as const,
        skipped: ["2026-12-08"],
        moved: [{ from: "2026-12-15", to: { day: "2026-12-16", time: "10:00" } }],
        laterPrice: { low: 150, high: 180 },
      };
      const booked = await store.changeRequest(
        planned,
        { status: "booked", visit: booking, plan, event: { actor: "visitor", kind: "booked" } },
        t0,
      );
      expect(booked.ok && booked.request.plan).toEqual(plan);
      expect(booked.ok && booked.request.visitSequence).toBe(1);
      expect((await store.listPlans()).map((request) => request.id)).toContain(planned);
      // A plan change alone raises the sequence (one calendar series, SEQUENCE + 1).
      const skipped = await store.changeRequest(
        planned,
        {
          plan: { ...plan, skipped: [...plan.skipped, "2026-12-22"] },
          expectedSequence: 1,
          event: { actor: "visitor", kind: "booked" },
        },
        t0,
      );
      expect(skipped.ok && skipped.request.plan?.skipped).toEqual(["2026-12-08", "2026-12-22"]);
      expect(skipped.ok && skipped.request.visitSequence).toBe(2);
      expect(skipped.ok && skipped.request.visit?.start).toBe(
        booked.ok ? booked.request.visit?.start : "",
      );
      // A booking a month later does not overlap the plan's first visit, yet sees the plan.
      const other = await submit(store, "Later on");
      const month = {
        start: new Date("2027-01-05T14:00:00Z"),
        end: new Date("2027-01-05T16:00:00Z"),
      };
      let seen: string[] = [];
      await store.changeRequest(
        other,
        {
          visit: month,
          capacity: {
            ...{ from: month.start, to: month.end },
            fits: (others) => {
              seen = others.map((request) => request.id);
              return true;
            },
          },
          event: { actor: "visitor", kind: "booked" },
        },
        t0,
      );
      expect(seen).toContain(planned);
    });
  });
}
