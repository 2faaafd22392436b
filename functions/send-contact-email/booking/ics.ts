/**
 * iCalendar (RFC 5545) text for booked visits: the event sent to the visitor with a confirmation
 * (METHOD:REQUEST, and METHOD:CANCEL when it is called off; RFC 5546) and the owner's subscribed
 * feed (no method). One event per request: its UID never changes, so a calendar replaces the
 * event it holds when SEQUENCE grows instead of adding a second one.
 *
 * Times are UTC instants (DTSTART:20261201T140000Z), which every calendar shows in its own zone,
 * so no VTIMEZONE is needed. Every text value is escaped (\\ ; , and line breaks) and stripped of
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

export type IcsCalendar = {
  /** REQUEST or CANCEL for an invitation by e-mail; none for a subscribed feed. */
  method?: "REQUEST" | "CANCEL";
  /** The feed's name in calendar apps (X-WR-CALNAME). */
  name?: string;
  /** How often a subscriber should look again, in minutes (feeds only). */
  refreshMinutes?: number;
  timeZone?: string;
  events: IcsEvent[];
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

function eventLines(event: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${icsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
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
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
