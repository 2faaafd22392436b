/**
 * Wall-clock time in a time zone (the business's: business.timeZone), for the preferred windows'
 * days, the owner's digest clock and the open times for booking: business dates ("YYYY-MM-DD")
 * and wall times ("HH:MM") turned into instants and back, daylight saving included.
 */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** What a clock in `timeZone` shows at that instant. */
export function wallClock(at: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const values: Record<string, number> = {};
  for (const part of format.formatToParts(at)) values[part.type] = Number(part.value);
  return values as unknown as WallClock;
}

/** The calendar day at that instant in `timeZone`, as YYYY-MM-DD. */
export function calendarDay(at: Date, timeZone: string): string {
  const { year, month, day } = wallClock(at, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const hour = 3_600_000;

/** The zone's offset from UTC at that instant, in ms (New York: -5 h in winter, -4 h in summer). */
function offsetMs(date: Date, timeZone: string): number {
  const p = wallClock(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The calendar date `days` after (or before) `day`, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instant the local wall clock shows `time` on `day`. A time skipped by the spring change
 * (02:30 on the March Sunday) is read as the same moment an hour later on the new clock (03:30);
 * a time that happens twice in the autumn (01:30) is the first of the two.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  // The offsets half a day either side cover both readings of a day on which the clock changes.
  const before = offsetMs(new Date(wall - 12 * hour), timeZone);
  const after = offsetMs(new Date(wall + 12 * hour), timeZone);
  const earlier = wall - before;
  if (offsetMs(new Date(earlier), timeZone) === before) return new Date(earlier);
  const later = wall - after;
  if (offsetMs(new Date(later), timeZone) === after) return new Date(later);
  // Neither reading exists (the skipped spring hour): the instant the old clock would have shown.
  return new Date(earlier);
}

/**
 * The instant as ISO 8601 with the zone's offset, "2026-11-26T21:04:00-05:00": what a machine
 * reads without losing the wall clock a person saw.
 */
export function zonedIso(at: Date, timeZone: string): string {
  const clock = wallClock(at, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  const offsetMinutes = Math.round(offsetMs(at, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
