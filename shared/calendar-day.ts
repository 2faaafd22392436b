/** The calendar day at an instant in a time zone, as YYYY-MM-DD (en-CA writes dates that way). */
export function calendarDay(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

const formats = new Map<string, Intl.DateTimeFormat>();
