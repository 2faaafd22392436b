import { describe, expect, it } from "vitest";
import { closedDays, holidays, local, ny, week } from "../../tests/support/booking-week.ts";
import { closedDaysOf } from "../closed-days.ts";
import { type Week, weekWords } from "../content/opening-hours.ts";
import {
  type Busy,
  fitsAt,
  groupByDay,
  notOpenReasons,
  type OpenTimesInput,
  openTimes,
  parseTimeValue,
  whyNotOpen,
} from "./open-times.ts";

const visit = (day: string, from: string, to: string): Busy => ({
  start: local(day, from),
  end: local(day, to),
});

/** Monday, November 30, 2026, 10:00 AM in New York; one crew, 30 minutes' travel, two-hour visits. */
const base: OpenTimesInput = {
  settings: { crews: 1, travelMinutes: 30, noticeOpenDays: 1, daysAhead: 28 },
  week,
  closedDays,
  timeZone: ny,
  busy: [],
  minutes: 120,
  now: local("2026-11-30", "10:00"),
};
const input = (changes: Partial<OpenTimesInput>): OpenTimesInput => ({ ...base, ...changes });
const on = (times: ReturnType<typeof openTimes>, day: string) =>
  times.filter((time) => time.day === day).map((time) => time.time);
const days = (times: ReturnType<typeof openTimes>) => [...new Set(times.map((time) => time.day))];

describe("the times a visitor can book", () => {
  it("offers each half hour from opening until the last visit that ends at closing", () => {
    const tuesday = on(openTimes(base), "2026-12-01");
    expect(tuesday[0]).toBe("08:00");
    expect(tuesday.at(-1)).toBe("17:00");
    expect(tuesday).toHaveLength(19);
    expect(tuesday.every((time) => /:(00|30)$/.test(time))).toBe(true);
    const first = openTimes(base)[0];
    expect(first?.start.toISOString()).toBe("2026-12-01T13:00:00.000Z");
    expect(first?.end.toISOString()).toBe("2026-12-01T15:00:00.000Z");
  });

  it("starts on the half hour after an opening time that is not one", () => {
    const late = { ...week, tuesday: { open: true, opens: "08:15", closes: "19:00" } } as Week;
    expect(on(openTimes(input({ week: late })), "2026-12-01")[0]).toBe("08:30");
  });

  it("lets a longer visit start only as late as it can end by closing time", () => {
    const long = openTimes(input({ minutes: 240 }));
    expect(on(long, "2026-12-01").at(-1)).toBe("15:00");
    // Saturday, 9 AM to 1 PM: four hours fit once, five never.
    expect(on(long, "2026-12-05")).toEqual(["09:00"]);
    expect(on(openTimes(input({ minutes: 300 })), "2026-12-05")).toEqual([]);
  });

  it("offers nothing on a closed weekday", () => {
    const times = openTimes(base);
    expect(on(times, "2026-12-06")).toEqual([]);
    const sundays = times.filter((time) => new Date(`${time.day}T12:00:00Z`).getUTCDay() === 0);
    expect(sundays).toEqual([]);
  });

  it("offers nothing on a holiday (Thanksgiving 2026-11-26, Christmas)", () => {
    const times = openTimes(input({ now: local("2026-11-23", "10:00") }));
    expect(on(times, "2026-11-25")).not.toEqual([]);
    expect(on(times, "2026-11-26")).toEqual([]);
    expect(on(times, "2026-11-27")).not.toEqual([]);
    expect(on(openTimes(base), "2026-12-24")).not.toEqual([]);
    expect(on(openTimes(base), "2026-12-25")).toEqual([]);
  });

  it("never offers today: the first day is the next open day", () => {
    const early = openTimes(input({ now: local("2026-12-01", "06:00") }));
    expect(days(early)[0]).toBe("2026-12-02");
    expect(days(openTimes(base))[0]).toBe("2026-12-01");
  });

  it("counts the notice in open days: two open days after Wednesday before Thanksgiving", () => {
    const wednesday = local("2026-11-25", "10:00");
    expect(days(openTimes(input({ now: wednesday })))[0]).toBe("2026-11-27");
    const settings = { ...base.settings, noticeOpenDays: 2 };
    expect(days(openTimes(input({ now: wednesday, settings })))[0]).toBe("2026-11-28");
  });

  it("from a Saturday, the next open day is Monday, over the closed Sunday", () => {
    const times = openTimes(input({ now: local("2026-12-05", "10:00") }));
    expect(days(times)[0]).toBe("2026-12-07");
    expect(times[0]?.time).toBe("08:00");
  });

  it("books as far ahead as the horizon and no further", () => {
    const last = days(openTimes(base)).at(-1);
    expect(last).toBe("2026-12-28");
    const sevenDays = { ...base.settings, daysAhead: 7 };
    expect(days(openTimes(input({ settings: sevenDays }))).at(-1)).toBe("2026-12-07");
  });

  it("never offers a time that has passed", () => {
    const today = { ...base.settings, noticeOpenDays: 0 };
    const times = openTimes(input({ settings: today, now: local("2026-11-30", "10:10") }));
    expect(on(times, "2026-11-30")[0]).toBe("10:30");
    expect(
      times.every((time) => time.start.getTime() > local("2026-11-30", "10:10").getTime()),
    ).toBe(true);
  });

  it("keeps one crew's visit and its travel gap free", () => {
    const busy = [visit("2026-12-01", "10:00", "12:00")];
    // Busy 10:00 to 12:30 with travel; a new two-hour visit needs 2.5 hours with its own.
    expect(on(openTimes(input({ busy })), "2026-12-01")[0]).toBe("12:30");
    expect(on(openTimes(input({ busy })), "2026-12-01")).not.toContain("08:00");
    const noTravel = { ...base.settings, travelMinutes: 0 };
    const times = on(openTimes(input({ busy, settings: noTravel })), "2026-12-01");
    expect(times.slice(0, 2)).toEqual(["08:00", "12:00"]);
    expect(on(openTimes(input({ busy })), "2026-12-02")).toHaveLength(19);
  });

  it("with two crews counts the visits at the same moment, not every visit the time touches", () => {
    const settings = { ...base.settings, crews: 2, travelMinutes: 0 };
    const a = visit("2026-12-01", "09:00", "11:00");
    const b = visit("2026-12-01", "11:30", "13:00");
    const ninety = (busy: Busy[], travelMinutes = 0) =>
      on(
        openTimes(input({ busy, minutes: 90, settings: { ...settings, travelMinutes } })),
        "2026-12-01",
      );
    // 10:30 to 12:00 touches A and B, never both at once: one crew is free throughout.
    expect(ninety([a, b])).toContain("10:30");
    expect(ninety([a, b], 30)).toContain("10:30");
    // A third visit at 10:00 makes two at once from 10:30 until 11:00.
    const c = visit("2026-12-01", "10:00", "12:00");
    expect(ninety([a, b, c])).not.toContain("10:30");
    expect(ninety([a, b, c])).toContain("13:00");
  });

  it("keeps 9:00 AM at 9:00 AM on both sides of the clock change (1 November 2026)", () => {
    const times = openTimes(input({ now: local("2026-10-28", "12:00") }));
    const nine = (day: string) => times.find((time) => time.day === day && time.time === "09:00");
    expect(nine("2026-10-30")?.start.toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(nine("2026-11-02")?.start.toISOString()).toBe("2026-11-02T14:00:00.000Z");
    expect(on(times, "2026-10-30")).toEqual(on(times, "2026-11-02"));
  });

  it("on the night the clock skips 2 AM, offers no skipped time and measures visits in real time", () => {
    const night = { ...week, sunday: { open: true, opens: "00:00", closes: "06:00" } } as Week;
    const nightDays = closedDaysOf({ ...weekWords(night), week: night, holidays });
    const times = openTimes(
      input({ week: night, closedDays: nightDays, minutes: 60, now: local("2026-03-06", "10:00") }),
    ).filter((time) => time.day === "2026-03-08");
    expect(times.map((time) => time.time)).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
    ]);
    // 1:30 AM for an hour ends at 3:30 AM on the new clock.
    expect(times[3]?.end.toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });
});

describe("one proposed time against the crews", () => {
  const settings = { crews: 2, travelMinutes: 30 };
  const a = visit("2026-12-01", "09:00", "11:00");
  const b = visit("2026-12-01", "11:30", "13:00");

  it("fits while fewer padded visits than crews overlap at every moment", () => {
    const proposed = visit("2026-12-01", "10:30", "12:00");
    expect(fitsAt({ settings, busy: [a, b], ...proposed })).toBe(true);
    expect(fitsAt({ settings: { ...settings, crews: 1 }, busy: [a], ...proposed })).toBe(false);
    const c = visit("2026-12-01", "08:00", "10:30");
    expect(fitsAt({ settings, busy: [a, b, c], ...proposed })).toBe(false);
  });

  it("lets a visit start when the travel after the last one ends", () => {
    const one = { crews: 1, travelMinutes: 30 };
    expect(fitsAt({ settings: one, busy: [a], ...visit("2026-12-01", "11:30", "12:30") })).toBe(
      true,
    );
    expect(fitsAt({ settings: one, busy: [a], ...visit("2026-12-01", "11:00", "12:00") })).toBe(
      false,
    );
    // Its own travel counts too: a visit ending at 8:30 leaves no gap before A at 9:00.
    expect(fitsAt({ settings: one, busy: [a], ...visit("2026-12-01", "07:30", "08:30") })).toBe(
      true,
    );
    expect(fitsAt({ settings: one, busy: [a], ...visit("2026-12-01", "07:30", "08:31") })).toBe(
      false,
    );
  });
});

describe("why a time is not open", () => {
  const busy = [visit("2026-12-01", "10:00", "12:00")];
  const why = (start: Date | null, changes: Partial<OpenTimesInput> = {}) =>
    whyNotOpen({ ...input({ busy, ...changes }), start: start ?? new Date(Number.NaN) });

  it("says nothing against an open time", () => {
    expect(why(local("2026-12-01", "13:00"))).toBeNull();
  });

  it("gives each reason in the visitor's words", () => {
    expect(why(local("2026-12-01", "11:00"))).toBe("That time is taken.");
    expect(why(local("2026-11-26", "09:00"), { now: local("2026-11-23", "10:00") })).toBe(
      "We are closed on Thanksgiving.",
    );
    expect(why(local("2026-12-06", "09:00"))).toBe("We are closed on Sunday.");
    expect(why(local("2026-12-01", "07:30"))).toBe("That time is outside our opening hours.");
    // Starts within the hours, but the two-hour visit would end after 7 PM.
    expect(why(local("2026-12-01", "17:30"))).toBe("That time is outside our opening hours.");
    expect(why(local("2026-11-30", "09:00"))).toBe("That time has passed.");
    expect(why(local("2026-11-30", "14:00"))).toBe(
      "That is sooner than we can book: the first day is Tuesday, December 1.",
    );
    expect(why(local("2026-12-29", "09:00"))).toBe(
      "That is further ahead than we book: up to Monday, December 28.",
    );
    // The last day of the horizon is a Sunday: the last open day is named.
    expect(why(local("2026-12-29", "09:00"), { now: local("2026-11-29", "10:00") })).toBe(
      "That is further ahead than we book: up to Saturday, December 26.",
    );
    expect(why(local("2026-12-01", "09:10"))).toBe("Times start on the hour or the half hour.");
  });

  it("refuses a value altered by hand", () => {
    expect(parseTimeValue("2026-12-01T13:00:00-05:0")).toBeNull();
    expect(parseTimeValue("tomorrow")).toBeNull();
    expect(why(parseTimeValue("2026-12-01T13:00:00-05:0"))).toBe(notOpenReasons.altered);
    // A well-formed value a quarter hour off the offered ones.
    expect(why(parseTimeValue("2026-12-01T13:15:00-05:00"))).toBe(notOpenReasons.halfHour);
    // The offset is part of the value: 1 PM at -06:00 is 2 PM in New York (open), 6 PM at -06:00
    // is 7 PM there, after closing.
    expect(why(parseTimeValue("2026-12-01T13:00:00-06:00"))).toBeNull();
    expect(why(parseTimeValue("2026-12-01T18:00:00-06:00"))).toBe(notOpenReasons.hours);
  });

  it("agrees with openTimes on every half hour of the horizon, busy or not", () => {
    const settings = { ...base.settings, crews: 2 };
    const crowded = [
      ...busy,
      visit("2026-12-01", "11:00", "14:00"),
      visit("2026-12-03", "08:00", "19:00"),
      visit("2026-12-03", "12:00", "13:00"),
    ];
    const changes = { busy: crowded, settings };
    const open = new Set(openTimes(input(changes)).map((time) => time.start.getTime()));
    let checked = 0;
    for (
      let at = local("2026-11-30", "00:00").getTime();
      at < local("2027-01-02", "00:00").getTime();
      at += 30 * 60_000
    ) {
      const reason = whyNotOpen({ ...input(changes), start: new Date(at) });
      expect(reason === null, new Date(at).toISOString()).toBe(open.has(at));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1500);
    expect(open.size).toBeGreaterThan(300);
  });
});

describe("the times grouped by day for the page", () => {
  it("labels each day and time as people read them, with a value that names the start", () => {
    const busy = [visit("2026-12-01", "08:00", "12:00")];
    const groups = groupByDay(openTimes(input({ busy })));
    const [tuesday, wednesday] = groups;
    expect(tuesday?.day).toBe("2026-12-01");
    expect(tuesday?.label).toBe("Tuesday, December 1");
    expect(tuesday?.times[0]).toEqual({ value: "2026-12-01T12:30:00-05:00", label: "12:30 PM" });
    expect(wednesday?.label).toBe("Wednesday, December 2");
    expect(wednesday?.times[0]).toEqual({ value: "2026-12-02T08:00:00-05:00", label: "8:00 AM" });
    expect(groups.map((group) => group.day)).not.toContain("2026-12-06");
    const value = tuesday?.times[0]?.value ?? "";
    expect(parseTimeValue(value)?.toISOString()).toBe("2026-12-01T17:30:00.000Z");
  });

  it("writes the summer offset for a day before the clock change", () => {
    const groups = groupByDay(openTimes(input({ now: local("2026-10-28", "12:00") })));
    expect(groups[0]?.label).toBe("Thursday, October 29");
    expect(groups[0]?.times[2]).toEqual({ value: "2026-10-29T09:00:00-04:00", label: "9:00 AM" });
  });
});
