/**
 * Wall-clock time in a time zone (the business's: business.timeZone), for the preferred windows'
 * days and the owner's digest clock.
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
