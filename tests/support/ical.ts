/**
 * An iCalendar series as a calendar app shows it, read by a real RFC 5545 parser (ical.js): the
 * first visits of the file's series, each override in its date's place, in the zone of the file's
 * own VTIMEZONE.
 */
import ICAL from "ical.js";

export type ShownVisit = { start: string; end: string; hour: number };

/** The first `count` visits of the series with this UID (the file's first series without one). */
export function expandSeries(text: string, count: number, uid?: string): ShownVisit[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar
    .getAllSubcomponents("vevent")
    .filter((event) => uid === undefined || event.getFirstPropertyValue("uid") === uid);
  const master = events.find((event) => !event.hasProperty("recurrence-id"));
  if (!master) throw new Error("no series in the file");
  const key = master.getFirstPropertyValue("uid");
  const overrides = events.filter(
    (event) => event.hasProperty("recurrence-id") && event.getFirstPropertyValue("uid") === key,
  );
  const event = new ICAL.Event(master, { exceptions: overrides });
  const iterator = event.iterator();
  const shown: ShownVisit[] = [];
  for (let next = iterator.next(); next && shown.length < count; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    shown.push({
      start: details.startDate.toJSDate().toISOString(),
      end: details.endDate.toJSDate().toISOString(),
      hour: details.startDate.hour,
    });
  }
  return shown;
}

/** The file's lines, unfolded. */
export const unfoldedLines = (text: string) => text.replace(/\r\n /g, "").split("\r\n");
