/**
 * iCalendar (RFC 5545) text for booked visits: the event sent to the visitor with a confirmation
 * (METHOD:REQUEST, and METHOD:CANCEL when it is called off; RFC 5546) and the owner's subscribed
 * feed (no method). One event per request: its UID never changes, so a calendar replaces the
 * event it holds when SEQUENCE grows instead of adding a second one.
 *
 * A one-time visit's times are UTC instants (DTSTART:20261201T140000Z), which every calendar shows
 * in its own zone. A plan's series is one event with a recurrence rule in the business's wall clock
 * (DTSTART;TZID=America/New_York:20261201T090000 and the zone's VTIMEZONE), so 9:00 AM stays 9:00 AM
 * across daylight saving time: skipped dates are EXDATEs, a moved visit an event of its own with
 * the same UID and the RECURRENCE-ID of the date it replaces (RFC 5545 3.8.4.4, 3.8.5). Every text value is escaped (\\ ; , and line breaks) and stripped of
 * control characters, so a visitor's name or address can never start a property of its own; lines
 * are folded at 75 octets without splitting a UTF-8 character. Checked by a real parser (ical.js)
 * in ics.test.ts.
 */
export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  uid: string;
  sequence: number;
  /** When this version of the event was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: "CONFIRMED" | "CANCELLED";
  organizer?: IcsPerson;
  attendee?: IcsPerson;
};

/** A business date and its wall clock: "2026-12-01", "09:00". */
export type IcsWallTime = { day: string; time: string };

/** A series of visits: one event with its recurrence rule, its exceptions and its overrides. */
export type IcsSeries = Omit<IcsEvent, "start" | "end"> & {
  /** The zone of every wall time (a zone with a VTIMEZONE below). */
  timeZone: IcsTimeZone;
  /** The first visit of the series. */
  start: IcsWallTime;
  end: IcsWallTime;
  rule: {
    frequency: "WEEKLY" | "MONTHLY";
    /** Every how many weeks or months. */
    interval: number;
    /** The weekday, with which of the month for a monthly rule: "TU", "1TU", "-1TU". */
    byDay: string;
    /** The start of the last visit of the series, when it ends. */
    until?: Date;
  };
  /** The series dates with no visit (EXDATE, at the series' start time). */
  exceptions: readonly string[];
  /** A visit moved from its series date (at the series' start time) to another time. */
  overrides: readonly { occurrence: string; start: IcsWallTime; end: IcsWallTime }[];
};

export type IcsCalendar = {
  /** REQUEST or CANCEL for an invitation by e-mail; none for a subscribed feed. */
  method?: "REQUEST" | "CANCEL";
  /** The feed's name in calendar apps (X-WR-CALNAME). */
  name?: string;
  /** How often a subscriber should look again, in minutes (feeds only). */
  refreshMinutes?: number;
  timeZone?: string;
  events: IcsEvent[];
  /** Plans' series, after the one-time events. */
  series?: IcsSeries[];
};

const productId = "-//Keystone Shine Cleaning//Booked visits//EN";

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A TEXT value (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(controls, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, "\\n");
}

/** A parameter value (CN=...): quoted, with no quote or control character inside. */
function paramText(value: string): string {
  return `"${value
    .replace(controls, "")
    .replace(/[\r\n"]/g, " ")
    .trim()}"`;
}

/** A mailto: address with nothing that could end the line or the value. */
function mailto(address: string): string {
  return `mailto:${address.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~@-]/g, "")}`;
}

/** 20261201T140000Z */
export function icsTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * The standard definitions of the zones a series may use, each with its daylight saving rules
 * (RFC 5545 3.6.5): what a calendar app needs to read DTSTART;TZID=… the same everywhere.
 */
const timeZones = {
  "America/New_York": [
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "X-LIC-LOCATION:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
} as const;

/** A zone a series can be written in. */
export type IcsTimeZone = keyof typeof timeZones;

/** 20261201T090000, a wall time in the series' zone. */
export function icsWallTime({ day, time }: IcsWallTime): string {
  return `${day.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

/** The event's lines around its times (`times`: DTSTART, DTEND and any rule). */
function eventLines(event: Omit<IcsEvent, "start" | "end">, times: string[]): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${icsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    ...times,
    `SUMMARY:${icsText(event.summary)}`,
    `STATUS:${event.status}`,
    "TRANSP:OPAQUE",
  ];
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\s"]/g, "")}`);
  if (event.organizer)
    lines.push(`ORGANIZER;CN=${paramText(event.organizer.name)}:${mailto(event.organizer.email)}`);
  if (event.attendee)
    lines.push(
      `ATTENDEE;CN=${paramText(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(event.attendee.email)}`,
    );
  lines.push("END:VEVENT");
  return lines;
}

/** The series' event, then one event per moved visit. */
function seriesLines(series: IcsSeries): string[] {
  const zone = `TZID=${series.timeZone}`;
  const { frequency, interval, byDay, until } = series.rule;
  const rule = [
    `FREQ=${frequency}`,
    ...(interval !== 1 || frequency === "WEEKLY" ? [`INTERVAL=${interval}`] : []),
    `BYDAY=${byDay}`,
    // With a start in a zone, UNTIL is a UTC time (RFC 5545 3.3.10).
    ...(until ? [`UNTIL=${icsTime(until)}`] : []),
  ];
  const lines = eventLines(series, [
    `DTSTART;${zone}:${icsWallTime(series.start)}`,
    `DTEND;${zone}:${icsWallTime(series.end)}`,
    `RRULE:${rule.join(";")}`,
    ...series.exceptions.map(
      (day) => `EXDATE;${zone}:${icsWallTime({ day, time: series.start.time })}`,
    ),
  ]);
  for (const override of series.overrides) {
    const original = icsWallTime({ day: override.occurrence, time: series.start.time });
    lines.push(
      ...eventLines(series, [
        `RECURRENCE-ID;${zone}:${original}`,
        `DTSTART;${zone}:${icsWallTime(override.start)}`,
        `DTEND;${zone}:${icsWallTime(override.end)}`,
      ]),
    );
  }
  return lines;
}

export function icsCalendar(calendar: IcsCalendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${productId}`, "CALSCALE:GREGORIAN"];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name)
    lines.push(`X-WR-CALNAME:${icsText(calendar.name)}`, `NAME:${icsText(calendar.name)}`);
  if (calendar.timeZone) lines.push(`X-WR-TIMEZONE:${icsText(calendar.timeZone)}`);
  if (calendar.refreshMinutes) {
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
      `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    );
  }
  const series = calendar.series ?? [];
  for (const zone of new Set(series.map((item) => item.timeZone))) lines.push(...timeZones[zone]);
  for (const event of calendar.events)
    lines.push(
      ...eventLines(event, [`DTSTART:${icsTime(event.start)}`, `DTEND:${icsTime(event.end)}`]),
    );
  for (const item of series) lines.push(...seriesLines(item));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
