/**
 * The days of the week, in the order the owner's hours list them. Apart from the schema: the
 * week's words (opening-hours.ts) go into the quote form's island, which must not carry it.
 */
export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

/** "Monday". */
export const dayName = (day: Weekday) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
