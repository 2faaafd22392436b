import { describe, expect, it } from "vitest";
import { calendarDay } from "../../../shared/calendar-day.ts";
import {
  addDays,
  type ClockSettings,
  clockDefaults,
  dueDigest,
  dueReminders,
  dueWeeklyReport,
  momentWords,
  mondayOf,
  nextDigestAt,
  nextReminderAt,
  nextWeeklyReportAt,
  parseDigestTime,
  spreadsheetTime,
  zonedInstant,
  zonedIso,
} from "./clock.ts";

const ny = "America/New_York";
const at = (iso: string) => new Date(iso);
const settings: ClockSettings = { ...clockDefaults, digestTime: "08:00" };

describe("local time in New York", () => {
  it("knows the offset in winter and in summer", () => {
    expect(zonedInstant("2026-01-15", "08:00", ny).toISOString()).toBe("2026-01-15T13:00:00.000Z");
    expect(zonedInstant("2026-07-15", "08:00", ny).toISOString()).toBe("2026-07-15T12:00:00.000Z");
  });

  it("handles the spring change (8 March 2026: 02:00 jumps to 03:00)", () => {
    expect(zonedInstant("2026-03-08", "01:30", ny).toISOString()).toBe("2026-03-08T06:30:00.000Z");
    // 02:30 does not exist that night: the same moment as 03:30 on the new clock.
    expect(zonedInstant("2026-03-08", "02:30", ny).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-03-08", "03:30", ny).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-03-08", "08:00", ny).toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });

  it("handles the autumn change (1 November 2026: 02:00 goes back to 01:00)", () => {
    // 01:30 happens twice: the first one (still daylight time) counts.
    expect(zonedInstant("2026-11-01", "01:30", ny).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("2026-11-01", "08:00", ny).toISOString()).toBe("2026-11-01T13:00:00.000Z");
    expect(zonedInstant("2026-10-31", "08:00", ny).toISOString()).toBe("2026-10-31T12:00:00.000Z");
  });

  it("names the local day, which is not the UTC day in the evening", () => {
    expect(calendarDay(at("2026-11-25T03:00:00Z"), ny)).toBe("2026-11-24");
    expect(calendarDay(at("2026-11-25T05:00:00Z"), ny)).toBe("2026-11-25");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("reads the digest time setting", () => {
    expect(parseDigestTime("7:30")).toBe("07:30");
    expect(parseDigestTime("18:05")).toBe("18:05");
    expect(parseDigestTime("off")).toBeNull();
    expect(parseDigestTime("")).toBeUndefined();
    expect(parseDigestTime("24:00")).toBeUndefined();
    expect(parseDigestTime("8am")).toBeUndefined();
  });
});

describe("the daily digest", () => {
  it("is not due before its local time, due at it, with the 24 hours before it", () => {
    expect(dueDigest(at("2026-11-24T12:59:00Z"), settings)?.day).toBe(undefined);
    const due = dueDigest(at("2026-11-24T13:00:00Z"), settings);
    expect(due).toEqual({
      key: "digest:2026-11-24",
      day: "2026-11-24",
      at: at("2026-11-24T13:00:00Z"),
      from: at("2026-11-23T13:00:00Z"),
    });
    // Asked again later the same day: the same key, so the outbox keeps one.
    expect(dueDigest(at("2026-11-24T20:00:00Z"), settings)?.key).toBe("digest:2026-11-24");
  });

  it("before today's time, after a night of downtime: yesterday's is too late to catch up", () => {
    // 07:00 local on the 25th: yesterday's 08:00 digest is 23 hours late.
    expect(dueDigest(at("2026-11-25T12:00:00Z"), settings)).toBeNull();
  });

  it("catches up a digest missed by a restart a few hours late", () => {
    // Digest at 22:00 local; the server was down and starts at 01:00 local the next day.
    const evening = { ...settings, digestTime: "22:00" };
    const due = dueDigest(at("2026-11-25T06:00:00Z"), evening);
    expect(due?.key).toBe("digest:2026-11-24");
    expect(due?.at.toISOString()).toBe("2026-11-25T03:00:00.000Z");
  });

  it("follows the wall clock across the changes: 08:00 local on both sides", () => {
    expect(dueDigest(at("2026-03-08T11:59:00Z"), settings)).toBeNull();
    expect(dueDigest(at("2026-03-08T12:00:00Z"), settings)?.key).toBe("digest:2026-03-08");
    // The day before the spring change it was 13:00 UTC.
    expect(dueDigest(at("2026-03-07T12:30:00Z"), settings)).toBeNull();
    expect(dueDigest(at("2026-03-07T13:00:00Z"), settings)?.key).toBe("digest:2026-03-07");
    // The digest of the spring-change day covers 23 real hours' worth of calendar: from the
    // previous digest's instant minus nothing is lost: it starts 24 h before its own time.
    expect(dueDigest(at("2026-03-08T12:00:00Z"), settings)?.from.toISOString()).toBe(
      "2026-03-07T12:00:00.000Z",
    );
    expect(dueDigest(at("2026-11-01T12:30:00Z"), settings)).toBeNull();
    expect(dueDigest(at("2026-11-01T13:00:00Z"), settings)?.key).toBe("digest:2026-11-01");
  });

  it("tells the timer when the next one is due, and nothing when turned off", () => {
    expect(nextDigestAt(at("2026-11-24T12:00:00Z"), settings)?.toISOString()).toBe(
      "2026-11-24T13:00:00.000Z",
    );
    expect(nextDigestAt(at("2026-11-24T13:00:00Z"), settings)?.toISOString()).toBe(
      "2026-11-25T13:00:00.000Z",
    );
    expect(nextDigestAt(at("2026-03-07T13:30:00Z"), settings)?.toISOString()).toBe(
      "2026-03-08T12:00:00.000Z",
    );
    const off = { ...settings, digestTime: null };
    expect(nextDigestAt(at("2026-11-24T12:00:00Z"), off)).toBeNull();
    expect(dueDigest(at("2026-11-24T14:00:00Z"), off)).toBeNull();
  });
});

describe("the Monday report", () => {
  const weekly: ClockSettings = { ...clockDefaults, weeklyReportTime: "07:00" };

  it("falls due at 07:00 New York time on Monday, for twelve hours, under one key", () => {
    // Monday Nov 23, 2026: 07:00 in New York is 12:00 UTC.
    expect(dueWeeklyReport(at("2026-11-23T11:59:00Z"), weekly)).toBeNull();
    expect(dueWeeklyReport(at("2026-11-23T12:00:00Z"), weekly)).toEqual({
      key: "weekly:2026-11-23",
      monday: "2026-11-23",
      at: at("2026-11-23T12:00:00Z"),
    });
    expect(dueWeeklyReport(at("2026-11-24T00:00:00Z"), weekly)?.key).toBe("weekly:2026-11-23");
    expect(dueWeeklyReport(at("2026-11-24T00:01:00Z"), weekly)).toBeNull();
    expect(dueWeeklyReport(at("2026-11-25T12:00:00Z"), weekly)).toBeNull();
    expect(
      dueWeeklyReport(at("2026-11-23T12:00:00Z"), { ...weekly, weeklyReportTime: null }),
    ).toBeNull();
  });

  it("keeps 07:00 across daylight saving, and finds the next Monday", () => {
    // Monday Nov 2, 2026, the day after clocks went back: 07:00 EST is 12:00 UTC; the Monday
    // before, 07:00 EDT was 11:00 UTC.
    expect(dueWeeklyReport(at("2026-10-26T11:00:00Z"), weekly)?.key).toBe("weekly:2026-10-26");
    expect(nextWeeklyReportAt(at("2026-10-26T11:00:00Z"), weekly)).toEqual(
      at("2026-11-02T12:00:00Z"),
    );
    expect(nextWeeklyReportAt(at("2026-10-25T20:00:00Z"), weekly)).toEqual(
      at("2026-10-26T11:00:00Z"),
    );
    // Sunday 23:30 in New York is Monday in UTC, and still the week before.
    expect(mondayOf(at("2026-11-23T04:30:00Z"), ny)).toBe("2026-11-16");
  });
});

describe("the 24-hour promise: reminders", () => {
  const lead = (id: string, createdAt: string, status = "new") => ({ id, createdAt, status });
  const leads = [
    lead("a", "2026-11-23T10:00:00Z"),
    lead("b", "2026-11-23T10:00:00Z", "contacted"),
    lead("c", "2026-11-23T12:00:00Z"),
    lead("old", "2026-10-01T12:00:00Z"),
  ];

  it("reminds once per request still new after 20 hours, not before, not for answered ones", () => {
    expect(dueReminders(leads, at("2026-11-24T05:59:59Z"), clockDefaults)).toEqual([]);
    expect(
      dueReminders(leads, at("2026-11-24T06:00:00Z"), clockDefaults).map((due) => due.key),
    ).toEqual(["reminder:a"]);
    expect(
      dueReminders(leads, at("2026-11-24T08:30:00Z"), clockDefaults).map((due) => due.key),
    ).toEqual(["reminder:a", "reminder:c"]);
  });

  it("catches up after downtime, but never for requests long past their reminder", () => {
    // Down from 05:00 to 15:00: both reminders still go out (9 and 7 hours late).
    expect(dueReminders(leads, at("2026-11-24T15:00:00Z"), clockDefaults)).toHaveLength(2);
    // The October request would have been reminded weeks ago: nothing on first start.
    expect(
      dueReminders(leads, at("2026-11-24T15:00:00Z"), clockDefaults).some(
        (due) => due.key === "reminder:old",
      ),
    ).toBe(false);
  });

  it("uses the configured hours, and 0 turns reminders off", () => {
    expect(dueReminders(leads, at("2026-11-23T14:00:00Z"), { reminderAfterHours: 4 })).toHaveLength(
      1,
    );
    expect(dueReminders(leads, at("2026-11-24T08:30:00Z"), { reminderAfterHours: 0 })).toEqual([]);
  });

  it("tells the timer when the next reminder falls due", () => {
    expect(nextReminderAt(leads, at("2026-11-24T00:00:00Z"), clockDefaults)?.toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
    expect(nextReminderAt(leads, at("2026-11-24T07:00:00Z"), clockDefaults)?.toISOString()).toBe(
      "2026-11-24T08:00:00.000Z",
    );
    expect(nextReminderAt(leads, at("2026-11-24T09:00:00Z"), clockDefaults)).toBeNull();
  });
});

describe("an instant in the business's words and offset", () => {
  it("reads the wall clock of New York, winter and summer", () => {
    const winter = at("2026-11-27T02:04:09Z");
    expect(zonedIso(winter, ny)).toBe("2026-11-26T21:04:09-05:00");
    expect(momentWords(winter, ny)).toBe("Thu Nov 26, 9:04 PM");
    expect(spreadsheetTime(winter, ny)).toBe("2026-11-26 9:04 PM");
    const summer = at("2026-07-04T04:30:00Z");
    expect(zonedIso(summer, ny)).toBe("2026-07-04T00:30:00-04:00");
    expect(momentWords(summer, ny)).toBe("Sat Jul 4, 12:30 AM");
    expect(spreadsheetTime(summer, ny)).toBe("2026-07-04 12:30 AM");
    expect(Date.parse(zonedIso(summer, ny))).toBe(summer.getTime());
  });
});
