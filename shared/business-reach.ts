/**
 * The business facts the quote form reads: how to reach the business (phone, e-mail), when it
 * answers (hours, holidays, time zone, response time). Part of the one `business` object
 * (business.ts spreads them in; pages read them there); their home is here so that the form's
 * island, which imports this module and not business.ts, carries none of the other facts.
 */
export type Phone = {
  /** How people read it: (484) 555-0142 */
  display: string;
  /** E.164, for tel: links and structured data */
  e164: string;
};

/**
 * A holiday the business closes for, as a rule so every year's date is worked out
 * (shared/closed-days.ts): a fixed date, or the nth (or last) weekday of a month.
 */
export type Holiday =
  | { name: string; month: number; day: number }
  | { name: string; month: number; weekday: number; nth: number | "last" };

type OpeningHours = {
  days: string;
  /** "08:00" 24-hour, for structured data */
  opens: string;
  closes: string;
  label: string;
};

export const businessReach = {
  phone: { display: "(484) 555-0142", e164: "+14845550142" } satisfies Phone,
  email: "hello@example.com",
  hours: {
    summary: "Mon–Sat 8:00 AM to 7:00 PM",
    open: [
      {
        days: "Monday to Saturday",
        opens: "08:00",
        closes: "19:00",
        label: "8:00\u00a0AM to 7:00\u00a0PM",
      },
    ] satisfies OpeningHours[],
    closed: ["Sunday"],
    schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    /**
     * Closed all day, like a Sunday: no visits are offered or booked. Months 1-12, weekdays 0
     * (Sunday) to 6. A fixed-date holiday that falls on a Sunday also closes the Monday after.
     */
    holidays: [
      { name: "New Year's Day", month: 1, day: 1 },
      { name: "Memorial Day", month: 5, weekday: 1, nth: "last" },
      { name: "Independence Day", month: 7, day: 4 },
      { name: "Labor Day", month: 9, weekday: 1, nth: 1 },
      { name: "Thanksgiving", month: 11, weekday: 4, nth: 4 },
      { name: "Christmas Day", month: 12, day: 25 },
    ] satisfies Holiday[],
  },
  /** The e-mail to the owner shows times in the business's own time zone. */
  timeZone: "America/New_York",
  responseTime: "24 hours",
} as const;

export function telHref(phone: Phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
