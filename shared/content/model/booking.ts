/**
 * The Online booking form: the owner's availability as content (docs/owner.md, "Online
 * booking"), its value exactly a `BookingSettings`
 * (shared/booking/booking-settings.ts): which services a customer books online and how, how soon
 * and how far ahead, the crews and the travel between visits, how long a visit takes from the
 * estimate's inputs, and what the customer's plan may do. A document published before the group
 * existed reads with the repository's settings (content/booking.json).
 */

import { z } from "zod";
import bookingFile from "../../../content/booking.json" with { type: "json" };
import { type ServiceValue, serviceOptions } from "../../contact-fields.ts";
import { oneOf, ticked, whole, yesNo } from "./fields.ts";
import { formSet, object } from "./nodes.ts";

const online = {
  in: formSet(
    "booking",
    "What customers book online",
    "After sending a request with an estimate, a customer picks an open time on their own page.",
  ),
};
const when = { in: formSet("booking", "When customers can book") };
const crews = {
  in: formSet(
    "booking",
    "Your crews",
    "Open times are your opening hours, never a closed day or holiday, never a time all your crews are busy.",
  ),
};
const home = {
  in: formSet(
    "booking",
    "How long a home visit takes",
    "Worked out from the customer's estimate, then rounded up to the half hour.",
  ),
};
const business = { in: formSet("booking", "How long a business visit takes") };
const plans = { in: formSet("booking", "Plans (every week, every two weeks, every month)") };

type Bookable = Exclude<ServiceValue, "other">;
// "Other" has no estimate, so nothing to work a visit's length out from: it is always called.
const bookable = serviceOptions.filter(
  (option): option is (typeof serviceOptions)[number] & { value: Bookable } =>
    option.value !== "other",
) as [{ value: Bookable; label: string }, ...{ value: Bookable; label: string }[]];

const minutes = (what: string, min: number, words: Parameters<typeof whole>[3]) =>
  whole(what, min, 600, { unit: "minutes", ...words });

const settings = object(
  {
    onlineServices: ticked("the services", bookable, {
      label: "Services customers book online",
      hint: "A customer who asks for a service not ticked gets your call to book it, as before. None ticked: no online booking.",
      edit: online,
    }),
    pageAfterSend: {
      ...yesNo({
        label: "Straight to booking after Send",
        formLabel: "After Send, open the customer's own page to book a time",
        hint: "Off: the form says “Thank you! We'll contact you soon.” and your e-mail brings their page. On: they land on their page at once, with the open times.",
        edit: online,
      }),
      // Settings published before this choice existed read as off: the form behaves as it did.
      schema: z.boolean().default(false),
    },
    confirmation: {
      ...oneOf(
        "how a time a customer picks is booked",
        [
          { value: "at-once", label: "Booked at once" },
          { value: "held", label: "Held until I confirm it" },
        ],
        {
          label: "When a customer picks a time",
          hint: "Held: the time is kept for them (no other customer gets it) and you confirm it, or turn it down, with one tap on the request's page.",
          edit: online,
        },
      ),
      // Settings published before this choice existed: booked at once, as they were.
      schema: z.enum(["at-once", "held"]).default("at-once"),
    },
    noticeOpenDays: whole("the earliest day", 1, 14, {
      label: "Earliest a customer can book",
      hint: "1: from your next open day; 2: from the open day after it.",
      unit: "open days",
      edit: when,
    }),
    daysAhead: whole("how far ahead", 1, 180, {
      label: "How far ahead customers can book",
      hint: "Days from today.",
      unit: "days",
      edit: when,
    }),
    crews: whole("the number of crews", 1, 20, {
      label: "Crews (visits at the same time)",
      edit: crews,
    }),
    travelMinutes: whole("the time kept for travel", 0, 180, {
      label: "Time kept between visits for travel",
      hint: "A crew's next visit starts no sooner than this after its last one ends.",
      unit: "minutes",
      edit: crews,
    }),
    homeMinutes: object({
      base: minutes("the base time", 30, {
        label: "A home visit: base time",
        hint: "Before bedrooms, bathrooms and extras.",
        edit: home,
      }),
      perBedroom: minutes("the time per bedroom", 0, {
        label: "A home visit: extra per bedroom",
        edit: home,
      }),
      perBathroom: minutes("the time per bathroom", 0, {
        label: "A home visit: extra per bathroom",
        edit: home,
      }),
      perExtra500SquareFeet: minutes("the time per 500 square feet", 0, {
        label: "A home visit: extra per 500 square feet over 1,000",
        edit: home,
      }),
      extraAttention: minutes("the time for extra attention", 0, {
        label: "A home visit: extra when it needs extra attention",
        hint: "When the customer ticks “Needs extra attention” on the quote form.",
        edit: home,
      }),
    }),
    businessMinutes: object({
      base: minutes("the base time", 30, { label: "A business visit: base time", edit: business }),
      per1000SquareFeet: minutes("the time per 1,000 square feet", 0, {
        label: "A business visit: extra per 1,000 square feet",
        edit: business,
      }),
    }),
    closedDayVisits: oneOf(
      "what happens to a visit on a closed day",
      [
        { value: "skip", label: "Skipped" },
        { value: "move", label: "Moved to the nearest open time that week" },
      ],
      { label: "A plan's visit on a closed day or holiday", edit: plans },
    ),
    cutoffHours: whole("the hours before a visit", 0, 168, {
      label: "Customers can change a visit until",
      hint: "Hours before the visit: until then a customer can skip or move it on their page; after, they call you.",
      unit: "hours",
      edit: plans,
    }),
  },
  {
    rules: (schema) =>
      schema.refine((booking) => booking.noticeOpenDays <= booking.daysAhead, {
        message: "Customers could never book: the earliest day is after how far ahead they can.",
        path: ["noticeOpenDays"],
      }),
  },
);

/** The repository's settings (content/booking.json), checked: a new copy each time. */
export const repositoryBooking = () => settings.schema.parse(bookingFile);

export const booking = {
  ...settings,
  // A version published before online booking existed has no settings: the repository's.
  schema: settings.schema.default(repositoryBooking),
};
