import { describe, expect, it } from "vitest";
import {
  dueAt,
  dueFollowUps,
  type FollowUpLead,
  type FollowUpSettings,
  plannedFollowUps,
  reasonToStop,
} from "./follow-up-rules.ts";

const hour = 3_600_000;
const day = 24 * hour;
const t0 = new Date("2026-11-20T15:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const on: FollowUpSettings = {
  reviewUrl: "https://g.page/r/keystone/review",
  followUpAfterDays: 4,
  perAddressPerDay: 1,
};
const lead = (overrides: Partial<FollowUpLead>): FollowUpLead => ({
  id: "r1",
  status: "new",
  createdAt: t0.toISOString(),
  statusChangedAt: null,
  ...overrides,
});

describe("when a customer gets a follow-up", () => {
  it("asks for a review an hour after the job is marked won", () => {
    const won = lead({ status: "won", statusChangedAt: at(2 * day).toISOString() });
    expect(dueAt("review", won, on)).toEqual(at(2 * day + hour));
    expect(dueAt("review", won, { ...on, reviewUrl: null })).toBeNull();
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
    const contacted = lead({ status: "contacted", statusChangedAt: at(day).toISOString() });
    expect(dueAt("follow-up", contacted, on)).toEqual(at(5 * day));
    for (const status of ["won", "booked", "lost", "spam"])
      expect(dueAt("follow-up", lead({ status }), on), status).toBeNull();
    // Off by default.
    expect(dueAt("follow-up", lead({}), { ...on, followUpAfterDays: null })).toBeNull();
  });

  it("is due from its time until three days later, never for older ones", () => {
    const leads = [lead({ id: "quiet" }), lead({ id: "won", status: "won" })];
    expect(dueFollowUps(leads, at(hour - 1), on)).toEqual([]);
    expect(dueFollowUps(leads, at(hour), on).map((item) => item.key)).toEqual(["review:won"]);
    expect(dueFollowUps(leads, at(3 * day + hour), on).map((item) => item.key)).toEqual([
      "review:won",
    ]);
    expect(dueFollowUps(leads, at(4 * day), on).map((item) => item.key)).toEqual([
      "follow-up:quiet",
    ]);
    expect(dueFollowUps(leads, at(7 * day), on).map((item) => item.key)).toEqual([
      "follow-up:quiet",
    ]);
    expect(dueFollowUps(leads, at(7 * day + 1), on)).toEqual([]);
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
