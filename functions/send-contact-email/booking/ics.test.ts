/**
 * The iCalendar builder read back by a real RFC 5545 parser (ical.js): the fields a calendar app
 * reads, the same UID across versions, escaping that no visitor text can break out of, and folding.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { foldLine, type IcsEvent, type IcsSeries, icsCalendar, icsText } from "./ics.ts";

const hostile = 'Dana "D" O\'Neil;\r\nATTENDEE:mailto:evil@example.com\nEND:VEVENT, \\ \u0007';

const event: IcsEvent = {
  uid: "visit-6f1c2a9e@example.com",
  sequence: 2,
  stamp: new Date("2026-11-25T12:00:00Z"),
  start: new Date("2026-12-01T14:00:00Z"),
  end: new Date("2026-12-01T16:00:00Z"),
  summary: `Cleaning visit: ${hostile}`,
  description: `Carpet Cleaning\nAddress: 12 Elm St; Berwyn, PA\n${hostile}`,
  location: "12 Elm St, Berwyn, PA 19312 — côté jardin 🧹",
  url: "https://www.example.com/functions/v1/send-contact-email/request/6f1c?token=1.abc",
  status: "CONFIRMED",
  organizer: { name: "Keystone Shine Cleaning", email: "hello@example.com" },
  attendee: { name: hostile, email: "dana@example.org" },
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent") };
}

describe("icsCalendar", () => {
  it("parses back (ical.js) with every field a calendar app reads", () => {
    const text = icsCalendar({ method: "REQUEST", events: [event] });
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("prodid")).toMatch(/Keystone Shine/);
    expect(events).toHaveLength(1);
    const parsed = new ICAL.Event(events[0] as ICAL.Component);
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.sequence).toBe(2);
    expect(parsed.startDate.toJSDate().toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(parsed.endDate.toJSDate().toISOString()).toBe("2026-12-01T16:00:00.000Z");
    expect(parsed.startDate.zone?.tzid).toBe("UTC");
    expect(parsed.summary).toBe(
      `Cleaning visit: ${hostile.replace(/\r/g, "").replace("\u0007", "")}`,
    );
    expect(parsed.description).toContain("Address: 12 Elm St; Berwyn, PA");
    expect(parsed.location).toBe(event.location);
    expect(events[0]?.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(events[0]?.getFirstPropertyValue("url")).toBe(event.url);
    expect(parsed.organizer).toBe("mailto:hello@example.com");
    expect(parsed.attendees).toHaveLength(1);
    expect(parsed.attendees[0]?.getFirstValue()).toBe("mailto:dana@example.org");
  });

  it("keeps visitor text inside its value: no line of it becomes a property", () => {
    const text = icsCalendar({ method: "REQUEST", events: [event] });
    const unfolded = text.replace(/\r\n /g, "");
    const lines = unfolded.split("\r\n").filter(Boolean);
    expect(lines.filter((line) => line.startsWith("ATTENDEE"))).toHaveLength(1);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(1);
    expect(text).not.toContain("\u0007");
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    );
  });

  it("a change keeps the UID with a higher SEQUENCE; a cancellation is METHOD:CANCEL, STATUS:CANCELLED", () => {
    const moved = icsCalendar({
      method: "REQUEST",
      events: [
        {
          ...event,
          sequence: 3,
          start: new Date("2026-12-02T14:00:00Z"),
          end: new Date("2026-12-02T16:00:00Z"),
        },
      ],
    });
    const cancelled = icsCalendar({
      method: "CANCEL",
      events: [{ ...event, sequence: 4, status: "CANCELLED" }],
    });
    const first = parse(moved).events[0];
    const last = parse(cancelled);
    expect(first?.getFirstPropertyValue("uid")).toBe(event.uid);
    expect(first?.getFirstPropertyValue("sequence")).toBe(3);
    expect(last.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(last.events[0]?.getFirstPropertyValue("uid")).toBe(event.uid);
    expect(last.events[0]?.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("a feed has no method, a name, a refresh interval and many events", () => {
    const text = icsCalendar({
      name: "Keystone Shine: booked visits",
      refreshMinutes: 60,
      timeZone: "America/New_York",
      events: [event, { ...event, uid: "visit-2@example.com" }],
    });
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBeNull();
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Keystone Shine: booked visits");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT60M");
    expect(events.map((item) => item.getFirstPropertyValue("uid"))).toEqual([
      event.uid,
      "visit-2@example.com",
    ]);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});

describe("icsCalendar with a series", () => {
  const { start: _start, end: _end, ...details } = event;
  const series: IcsSeries = {
    ...details,
    uid: "plan-1@example.com",
    timeZone: "America/New_York",
    start: { day: "2026-12-01", time: "09:00" },
    end: { day: "2026-12-01", time: "11:00" },
    rule: { frequency: "WEEKLY", interval: 1, byDay: "TU" },
    exceptions: ["2026-12-08"],
    overrides: [
      {
        occurrence: "2026-12-15",
        start: { day: "2026-12-16", time: "10:00" },
        end: { day: "2026-12-16", time: "12:00" },
      },
    ],
  };

  it("sits beside one-time events: one VTIMEZONE, the one-time event still in UTC", () => {
    const text = icsCalendar({
      events: [event],
      series: [series, { ...series, uid: "plan-2@example.com" }],
    });
    const { calendar, events } = parse(text);
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
    expect(events).toHaveLength(5);
    expect(events[0]?.getFirstPropertyValue("uid")).toBe(event.uid);
    expect(text).toContain("\r\nDTSTART:20261201T140000Z\r\n");
    expect(icsCalendar({ events: [event] })).not.toContain("VTIMEZONE");
  });

  it("keeps visitor text inside its value in the series and in each override", () => {
    const lines = icsCalendar({ method: "REQUEST", events: [], series: [series] })
      .replace(/\r\n /g, "")
      .split("\r\n");
    expect(lines.filter((line) => line.startsWith("ATTENDEE"))).toHaveLength(2);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("SUMMARY:Cleaning visit: Dana"))).toHaveLength(2);
  });
});

describe("icsText and foldLine", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(icsText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"é".repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n"))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});
