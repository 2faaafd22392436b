import { describe, expect, it } from "vitest";
import {
  dueAt,
  type FollowUpLead,
  type FollowUpSettings,
  followUpsToQueue,
  plannedFollowUps,
  reasonToStop,
} from "./follow-up-rules.ts";

const hour = 3_600_000;
const day = 24 * hour;
const t0 = new Date("2026-11-20T15:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const on: FollowUpSettings = {
  reviewUrl: "https://g.page/r/keystone/review",
  reviewAfterHours: 1,
  followUpAfterDays: 4,
  perAddressPerDay: 1,
};
const lead = (overrides: Partial<FollowUpLead>): FollowUpLead => ({
  id: "r1",
  status: "new",
  createdAt: t0.toISOString(),
  statusSetAt: null,
  ...overrides,
});

describe("when a customer gets a follow-up", () => {
  it("asks for a review an hour after the job is marked won", () => {
    const won = lead({ status: "won", statusSetAt: at(2 * day).toISOString() });
    expect(dueAt("review", won, on)).toEqual(at(2 * day + hour));
    expect(dueAt("review", won, { ...on, reviewUrl: null })).toBeNull();
    expect(dueAt("review", won, { ...on, reviewAfterHours: 24 })).toEqual(at(3 * day));
    for (const status of ["new", "contacted", "lost", "spam"])
      expect(dueAt("review", lead({ status }), on), status).toBeNull();
  });

  it("asks for a review an hour after a booked visit has ended", () => {
    const booked = lead({
      status: "booked",
      visit: { start: at(5 * day).toISOString(), end: at(5 * day + 3 * hour).toISOString() },
    });
    expect(dueAt("review", booked, on)).toEqual(at(5 * day + 4 * hour));
    expect(dueAt("review", lead({ status: "booked" }), on)).toBeNull();
  });

  it("follows up a quote still new or contacted N days after it came or was last changed", () => {
    expect(dueAt("follow-up", lead({}), on)).toEqual(at(4 * day));
    const contacted = lead({ status: "contacted", statusSetAt: at(day).toISOString() });
    expect(dueAt("follow-up", contacted, on)).toEqual(at(5 * day));
    for (const status of ["won", "booked", "lost", "spam"])
      expect(dueAt("follow-up", lead({ status }), on), status).toBeNull();
    // A visit cancelled on day 2 (booking/ sets contacted): the four days count from then.
    const cancelled = lead({
      status: "contacted",
      statusSetAt: at(hour).toISOString(),
      visitChangedAt: at(2 * day).toISOString(),
    });
    expect(dueAt("follow-up", cancelled, on)).toEqual(at(6 * day));
    // Off by default.
    expect(dueAt("follow-up", lead({}), { ...on, followUpAfterDays: null })).toBeNull();
  });

  it("queues a review request when the job is marked won, to go an hour later", () => {
    const won = [lead({ id: "won", status: "won" })];
    expect(followUpsToQueue(won, at(0), on)).toMatchObject([
      { key: "review:won", kind: "review", dueAt: at(hour) },
    ]);
  });

  it("queues from the time its rule holds until three days later, never older ones", () => {
    const leads = [lead({ id: "quiet" }), lead({ id: "won", status: "won" })];
    const keys = (now: Date) => followUpsToQueue(leads, now, on).map((item) => item.key);
    expect(keys(at(-1))).toEqual([]);
    expect(keys(at(3 * day))).toEqual(["review:won"]);
    expect(keys(at(3 * day + 1))).toEqual([]);
    expect(keys(at(4 * day))).toEqual(["follow-up:quiet"]);
    expect(keys(at(7 * day))).toEqual(["follow-up:quiet"]);
    expect(keys(at(7 * day + 1))).toEqual([]);
  });

  it("plans what a request will get if nothing changes", () => {
    expect(plannedFollowUps(lead({}), on)).toEqual([
      { kind: "follow-up", key: "follow-up:r1", dueAt: at(4 * day) },
    ]);
    expect(plannedFollowUps(lead({ status: "lost" }), on)).toEqual([]);
  });

  it("stops a follow-up at any change of status, a review request once not won or booked", () => {
    const followUp = { kind: "follow-up" as const, queuedStatus: "contacted" };
    expect(reasonToStop(followUp, { status: "contacted" })).toBeNull();
    expect(reasonToStop(followUp, { status: "won" })).toBe("the status changed to won");
    expect(reasonToStop(followUp, { status: "new" })).toBe("the status changed to new");
    const review = { kind: "review" as const, queuedStatus: "booked" };
    expect(reasonToStop(review, { status: "won" })).toBeNull();
    expect(reasonToStop(review, { status: "lost" })).toBe("the status changed to lost");
  });
});
