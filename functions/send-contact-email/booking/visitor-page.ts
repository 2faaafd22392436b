/**
 * The visitor's own page for their request (visitor-routes.ts serves it): what they asked for,
 * the estimate, where it stands in their words ("We will call you by Wed Nov 26, 5 PM"; "Booked:
 * Tue Dec 1, 9:00–11:00 AM"; "Your plan: every week on Tuesday at 9:00 AM"), and its forms: other
 * times, the address to clean, cancel; for a plan, its visits and changes (visitor-plan-section.ts).
 * Plain HTML without script (../private-page.ts); React escapes every stored string.
 */

import { describeEvery, type PlanEvery } from "../../../shared/booking/plans.ts";
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { calendarDay } from "../../../shared/calendar-day.ts";
import { serviceLabel } from "../../../shared/contact-schema.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { describeQuoteDetails, type QuoteWords } from "../../../shared/quote/describe.ts";
import {
  bookableDates,
  dayWindows,
  formatDate,
  windowLabels,
  windowRules,
} from "../../../shared/quote/preferred-windows.ts";
import { visitWords } from "../base/visit.ts";
import type { RequestEvent } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { ButtonLink, Definitions, Hidden, Notice, Problem } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { Fragment, h } from "../views/react.ts";
import { callBackBy, callBackWords } from "./call-back.ts";
import type { MoveTimes } from "./visitor-plan.ts";
import { TimesByDay } from "./visitor-plan-forms.ts";
import { PlanSaved } from "./visitor-plan-saved.ts";
import { PlanSection, planStatus } from "./visitor-plan-section.ts";
import { lengthWords } from "./visitor-plan-words.ts";

export const maxAddressLength = 300;

type LiveWords = Pick<Facts, "business" | "reach" | "closedDays" | "booking">;

export type VisitorPageOptions = {
  request: StoredContactRequest;
  events: RequestEvent[];
  token: string;
  now: Date;
  /** The price list and offers of the version the request was made with (its stamp). */
  words: QuoteWords;
  /**
   * The live version's facts: the new times offered, the call-back time, how to reach the
   * business now.
   */
  live: LiveWords;
  /**
   * The open times of the week shown, when the request is booked online (visitor-booking.ts):
   * each day's times, how long the visit takes, and the first day of the next week that has some.
   */
  booking?: BookingTimes | null;
  /** The action just saved (after the 303), or a problem with what was sent. */
  saved?: string | null;
  /** The plan's visit the saved action was about (its series date), for its words and undo. */
  on?: string | null;
  /**
   * For a plan: the times one visit may move to (…?move=), shown instead of the plan's other
   * parts; null for the plan's page itself.
   */
  move?: MoveTimes | null;
  problem?: string | null;
  /** How long the link lasts (VISITOR_LINK_TTL_DAYS). */
  linkDays?: number;
};

export type BookingTimes = {
  days: readonly {
    day: string;
    label: string;
    times: readonly { value: string; label: string }[];
  }[];
  minutes: number;
  /** The first day of the next week with open times (`?from=`), or null. */
  later: string | null;
  /** The week shown is not the first one: a link back to the earliest times. */
  earlier: boolean;
  /** The estimate is for a plan: the time picked books the series from that visit on. */
  plan: { every: PlanEvery } | null;
};

const savedWords: Record<string, string> = {
  // Straight after Send (the owner's choice "Straight to booking"): the spec's thank-you words.
  sent: "Thank you! We'll contact you soon. This page is yours: keep its link (it is also in our e-mail).",
  book: "Booked! We sent the confirmation with a calendar invitation to your e-mail.",
  held: "Thank you! That time is kept for you while we confirm it. Your confirmation and calendar invitation come by e-mail.",
  times: "Thank you: we have your new times and will call you to confirm one.",
  address: "Thank you: we have the address.",
  cancel: "Your request is cancelled. We are sorry to see you go.",
};

/** Where the request stands, as the visitor would say it. */
export function visitorStatus(
  request: StoredContactRequest,
  events: RequestEvent[],
  live: Pick<LiveWords, "business" | "reach" | "closedDays">,
  now = new Date(),
): string {
  const cancelled = events.findLast(
    (event) => event.kind === "cancelled-request" || event.kind === "plan-cancelled",
  );
  if (request.visitHeld && request.visit && isOpen(request))
    return `Held for you: ${visitWords(request.visit)}${request.plan ? `, then ${describeEvery(request.plan.every, request.plan.first.day)}` : ""}. ${heldUntilWords(request.visit, request.visitChangedAt ?? request.createdAt, live)}`;
  if (request.plan && isOpen(request)) return planStatus(request.plan, now, businessTimeZone);
  if (request.visit && isOpen(request)) return `Booked: ${visitWords(request.visit)}`;
  switch (request.status) {
    case "new":
      return `Received. We will call you by ${callBackWords(callBackBy(new Date(request.createdAt), live))}.`;
    case "contacted":
    case "booked":
      return "We have been in touch. We will agree on a time for your visit with you.";
    case "won":
      return "Done: thank you for choosing us.";
    default:
      return cancelled
        ? `You cancelled ${cancelled.kind === "plan-cancelled" ? "your plan" : "this request"} on ${formatDate(calendarDay(new Date(cancelled.at), businessTimeZone))}.`
        : `This request is closed. To start again, call us at ${live.business.phone.display}.`;
  }
}

/** When the owner confirms a held time: by the call-back promise, or before the visit when sooner. */
function heldUntilWords(
  visit: { start: string },
  heldAt: string,
  live: Pick<LiveWords, "closedDays" | "reach">,
): string {
  const by = callBackBy(new Date(heldAt), live);
  return by.getTime() < Date.parse(visit.start)
    ? `We will confirm it by ${callBackWords(by)}.`
    : "We will confirm it before then, by e-mail.";
}

/** The forms make sense while the request is open: not after it was won, lost or cancelled. */
export function isOpen(request: StoredContactRequest): boolean {
  return ["new", "contacted", "booked"].includes(request.status);
}

function rows(request: StoredContactRequest, words: QuoteWords): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ["Service", serviceLabel(request.service)],
    [
      "Received",
      new Intl.DateTimeFormat("en-US", {
        timeZone: businessTimeZone,
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(request.createdAt)),
    ],
  ];
  for (const { label, value } of describeQuoteDetails(request, words)) {
    if (label === "Estimate for") continue;
    list.push([label === "ZIP" ? "Where" : label, value]);
  }
  if (request.serviceAddress) list.push(["Address", request.serviceAddress]);
  return list;
}

/** One of the three times the visitor may offer: a day and a part of it. */
function TimeChoice({ n, dates }: { n: number; dates: readonly string[] }) {
  return h(
    "fieldset",
    null,
    h("legend", null, `Time ${n}`),
    h(
      "div",
      { className: "row" },
      h(
        "div",
        null,
        h("label", { htmlFor: `date-${n}` }, "Day"),
        h(
          "select",
          { id: `date-${n}`, name: "date" },
          h("option", { value: "" }, "Choose a day"),
          dates.map((date) => h("option", { key: date, value: date }, formatDate(date))),
        ),
      ),
      h(
        "div",
        null,
        h("label", { htmlFor: `window-${n}` }, "Time of day"),
        h(
          "select",
          { id: `window-${n}`, name: "window" },
          dayWindows.map((window) =>
            h("option", { key: window, value: window }, windowLabels[window]),
          ),
        ),
      ),
    ),
  );
}

/** One button per open time: a tap books it (plain HTML, no script). */
function BookingForm({ token, booking }: { token: string; booking: BookingTimes }) {
  const page = (from?: string) =>
    `?token=${encodeURIComponent(token)}${from ? `&from=${from}` : ""}#book`;
  return h(
    Fragment,
    null,
    h("h2", { id: "book" }, "Book your first visit"),
    h(
      "p",
      { className: "small" },
      `Your visit takes about ${lengthWords(booking.minutes)}. Tap a time to book it: we e-mail you the confirmation at once.`,
    ),
    booking.days.length === 0
      ? h("p", null, "No open times this week.")
      : h(
          "form",
          { method: "post" },
          h(Hidden, { fields: { token, action: "book" } }),
          h(TimesByDay, { days: booking.days }),
        ),
    h(
      "div",
      { className: "actions" },
      booking.earlier
        ? h(ButtonLink, { href: page(), className: "button quiet" }, "Earliest times")
        : null,
      booking.later
        ? h(ButtonLink, { href: page(booking.later), className: "button quiet" }, "Later times")
        : null,
    ),
  );
}

function TimesForm({ token, now, live }: { token: string; now: Date; live: LiveWords }) {
  const dates = bookableDates(now, live);
  return h(
    "form",
    { method: "post" },
    h(Hidden, { fields: { token, action: "times" } }),
    h(
      "p",
      { className: "small" },
      `Up to ${windowRules.maxWindows} times, from tomorrow to three weeks ahead, ${live.business.hours.openDays}.`,
    ),
    [1, 2, 3].map((n) => h(TimeChoice, { key: n, n, dates })),
    h("button", { type: "submit", className: "primary" }, "Send these times"),
  );
}

function AddressForm({ request, token }: { request: StoredContactRequest; token: string }) {
  return h(
    Fragment,
    null,
    h("h2", null, "The address to clean"),
    h(
      "form",
      { method: "post" },
      h(Hidden, { fields: { token, action: "address" } }),
      h("label", { htmlFor: "address" }, "Street, town and ZIP"),
      h("textarea", {
        id: "address",
        name: "address",
        rows: 3,
        maxLength: maxAddressLength,
        autoComplete: "street-address",
        required: true,
        defaultValue: request.serviceAddress ?? "",
      }),
      h(
        "div",
        { className: "actions" },
        h("button", { type: "submit", className: "primary" }, "Save the address"),
      ),
    ),
  );
}

/** The forms of an open request: other times, the address, cancelling. */
function OpenRequestForms({
  request,
  token,
  now,
  live,
  booking,
}: {
  request: StoredContactRequest;
  token: string;
  now: Date;
  live: LiveWords;
  booking?: BookingTimes | null;
}) {
  return h(
    Fragment,
    null,
    booking ? h(BookingForm, { token, booking }) : null,
    h(
      "h2",
      null,
      request.visit
        ? "Need another time?"
        : booking
          ? "None of these suit you?"
          : "Other times that suit you",
    ),
    h(TimesForm, { token, now, live }),
    h(AddressForm, { request, token }),
    h("h2", null, "Cancel"),
    h(
      "form",
      { method: "post" },
      h(Hidden, { fields: { token, action: "cancel" } }),
      h(
        "label",
        { className: "check" },
        h("input", { type: "checkbox", name: "confirm", value: "yes", required: true }),
        `Yes, cancel my ${request.visit ? "visit and my request" : "request"}`,
      ),
      h(
        "div",
        { className: "actions" },
        h("button", { type: "submit", className: "danger" }, "Cancel my request"),
      ),
    ),
  );
}

export function renderVisitorPage(options: VisitorPageOptions): string {
  const { request, events, token, now, live } = options;
  const { business } = live;
  // An open plan's page: its visits and changes first, what was asked for after them.
  const plan =
    request.plan && isOpen(request)
      ? {
          request: { ...request, plan: request.plan },
          token,
          now,
          facts: live,
          words: options.words,
          move: options.move ?? null,
        }
      : null;
  const planSaved =
    plan && options.saved
      ? PlanSaved({ ...plan, saved: options.saved, on: options.on ?? null })
      : null;
  const saved = planSaved ? null : ownValue(savedWords, options.saved);
  const asked = h(
    Fragment,
    null,
    h("h2", null, "What you asked for"),
    h(Definitions, { rows: rows(request, options.words) }),
  );
  return renderPage(
    { title: "Your request", kind: "visitor" },
    h("p", null, business.name),
    h("h1", null, "Your request"),
    h(
      "p",
      { className: "lead", role: "status" },
      options.booking && request.status === "new"
        ? `Received. Book a time below, or we will call you by ${callBackWords(callBackBy(new Date(request.createdAt), live))}.`
        : visitorStatus(request, events, live, now),
    ),
    planSaved ?? (saved ? h(Notice, null, saved) : null),
    options.problem ? h(Problem, null, options.problem) : null,
    h(
      "div",
      { className: "actions" },
      h(ButtonLink, { href: `tel:${business.phone.e164}` }, `Call ${business.phone.display}`),
      request.visit && !request.visitHeld
        ? h(
            ButtonLink,
            { href: `visit.ics?token=${encodeURIComponent(token)}`, download: "visit.ics" },
            "Add to my calendar",
          )
        : null,
    ),
    plan
      ? h(
          Fragment,
          null,
          h(PlanSection, plan),
          plan.move ? null : h(AddressForm, { request, token }),
          plan.move ? null : asked,
        )
      : h(
          Fragment,
          null,
          asked,
          isOpen(request)
            ? h(OpenRequestForms, { request, token, now, live, booking: options.booking })
            : null,
        ),
    h(
      "p",
      { className: "small" },
      `This page is private to you: anyone with its link can see it, so keep the e-mail to yourself. The link works for ${options.linkDays ?? 60} days.`,
    ),
  );
}
