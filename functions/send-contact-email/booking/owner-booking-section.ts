/**
 * The booking part of the owner's request page (owner/request-page.ts places it): the visit as
 * booked, or one button per time the visitor asked for ("Book Tue Dec 1, 8:00–10:00 AM": one
 * tap), a form for any date, start time and duration, moving and cancelling; for a recurring
 * plan, the plan instead (owner-plan-section.ts: its next visits, skip, move, cancel); the address
 * the visitor gave; what the visitor and the owner did (events); the e-mails the visitor was sent.
 * The calendar of every booked visit is on the inbox (calendar-subscribe.ts). Forms post to …/lead/<id>/visit
 * (owner-visit-routes.ts) with the visit's SEQUENCE, so a double tap books once.
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import { ownValue } from "../../../shared/own-key.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { formatDate, formatWindow } from "../../../shared/quote/preferred-windows.ts";
import {
  bookingProblems,
  businessIso,
  closedNote,
  defaultDurationMinutes,
  durationWords,
  visitDurations,
  visitWords,
  windowBooking,
} from "../base/visit.ts";
import { type BookingFacts, planRulesOf } from "../leads/booked-visits.ts";
import type { RequestEvent, StoredVisitorEmail } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { Lines, Notice, Problem } from "../views/parts.ts";
import { Fragment, h } from "../views/react.ts";
import { HeldVisit } from "./owner-held.ts";
import {
  type PlanRequest,
  PlanSection,
  planOutcomeWords,
  planProblems,
} from "./owner-plan-section.ts";
import { VisitForm } from "./owner-visit-form.ts";

export type BookingSectionOptions = {
  request: StoredContactRequest;
  events: RequestEvent[];
  emails: StoredVisitorEmail[];
  token: string;
  now: Date;
  /**
   * The live version's booking facts: a visit booked on a closed day is said to be; a plan's
   * visits are worked out with its hours and closed days.
   */
  facts: BookingFacts;
  /** The request's own content version's words: a plan's price were it to run more or less often. */
  words: QuoteWords;
  /** From the 303 after a booking: what happened (and to which of a plan's visits, `day`). */
  outcome: string | null;
  day?: string | null;
  problem: string | null;
};

const eventWords: Record<RequestEvent["kind"], string> = {
  booked: "Visit booked",
  rebooked: "Visit moved",
  "visit-cancelled": "Visit cancelled",
  "asked-for-times": "The visitor asked for other times",
  "added-address": "The visitor added the address",
  "cancelled-request": "The visitor cancelled",
  "plan-skipped": "A visit of the plan skipped",
  "plan-unskipped": "A skipped visit of the plan put back",
  "plan-moved": "A visit of the plan moved",
  "plan-paused": "Plan paused",
  "plan-resumed": "Plan resumed",
  "plan-every": "Plan's frequency changed",
  "plan-cancelled": "Plan cancelled",
};

const emailWords: Record<string, string> = {
  acknowledgement: "Acknowledgement",
  reminder: "Reminder of the visit",
  plan: "Plan update with its calendar",
};

/** A visit e-mail is named for what it told: the booking, a new time, or the cancellation. */
const visitEmailWords: Record<string, string> = {
  booked: "Visit confirmation",
  rebooked: "Visit update (new time)",
  cancelled: "Cancellation of the visit",
  declined: "A held time turned down",
};

const stamp = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

const isDay = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The visit a booking event names: the owner's (start, end) or the visitor's online one (visit). */
function bookedWords(details: Record<string, unknown>): string {
  const visit = (details.visit ?? details) as { start?: unknown; end?: unknown };
  const start = Date.parse(String(visit.start));
  const end = Date.parse(String(visit.end));
  if (Number.isNaN(start) || Number.isNaN(end)) return "";
  const plan = typeof details.plan === "string" ? `, then ${details.plan}` : "";
  return `: ${visitWords({ start: String(visit.start), end: String(visit.end) })}${plan}`;
}

/**
 * A plan's change, from its event's details (visitor-plan-events.ts writes them, for the
 * customer's changes and the owner's alike): which visit, to when, from and until when.
 */
function planEventWords(kind: RequestEvent["kind"], details: Record<string, unknown>): string {
  const day = (value: unknown) => (isDay(value) ? formatDate(value) : null);
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const occurrence = day(details.occurrence);
  switch (kind) {
    case "plan-skipped":
    case "plan-unskipped":
      return occurrence ? `: ${occurrence}` : "";
    case "plan-moved": {
      const to = Number.isNaN(Date.parse(String(details.start)))
        ? text(details.to)
        : visitWords({ start: String(details.start), end: String(details.end) });
      return `${occurrence ? `: ${occurrence}` : ""}${to ? ` to ${to}` : ""}`;
    }
    case "plan-paused": {
      const from = day(details.from);
      const until = day(details.until);
      return `${from ? ` from ${from}` : ""}${until ? ` until ${until}` : ""}`;
    }
    case "plan-resumed":
      return text(details.next) ? `: next visit ${text(details.next)}` : "";
    case "plan-every":
      return text(details.plan) ? `: ${text(details.plan)}` : "";
    case "plan-cancelled":
      return day(details.from) ? `: no visits from ${day(details.from)} on` : "";
    default:
      return "";
  }
}

function eventLine(event: RequestEvent): string {
  const details = event.details;
  const extra =
    event.kind === "booked" || event.kind === "rebooked"
      ? bookedWords(details)
      : event.kind.startsWith("plan-")
        ? planEventWords(event.kind, details)
        : event.kind === "asked-for-times" && Array.isArray(details.preferredWindows)
          ? `: ${(details.preferredWindows as Parameters<typeof formatWindow>[0][]).map(formatWindow).join("; ")}`
          : event.kind === "added-address"
            ? `: ${String(details.address ?? "")}`
            : event.kind === "cancelled-request" && details.visit
              ? ` the visit on ${String(details.visit)}`
              : "";
  return `${stamp.format(new Date(event.at))}: ${ownValue(eventWords, event.kind) ?? event.kind}${extra}`;
}

function emailLine(email: StoredVisitorEmail): string {
  const action = email.kind === "visit" ? String(email.payload.action ?? "") : "";
  const what =
    ownValue(visitEmailWords, action) ??
    ownValue(emailWords, email.kind) ??
    (email.kind === "visit" ? "Visit e-mail" : email.kind);
  if (email.status === "sent" && email.sentAt)
    return `${what}: sent ${stamp.format(new Date(email.sentAt))}`;
  if (email.status === "failed") return `${what}: ${email.lastError ?? "not sent"}`;
  return `${what}: waiting to be sent${email.lastError ? ` (last try: ${email.lastError})` : ""}`;
}

const outcomeWords: Record<string, string> = {
  booked: "Booked. The visitor is sent a confirmation with a calendar invitation.",
  rebooked: "Moved. The visitor is sent the new time; their calendar event is updated.",
  cancelled: "Visit cancelled. The visitor is sent the cancellation; the status is Contacted.",
  confirmed: "Confirmed. The customer is sent the confirmation with a calendar invitation.",
  declined:
    "Turned down. The time is free again, and the customer is asked by e-mail to pick another.",
};

export function renderBookingSection(options: BookingSectionOptions) {
  return h(BookingSection, options);
}

function BookingSection(options: BookingSectionOptions) {
  const { request, token, now } = options;
  const problem =
    ownValue(bookingProblems, options.problem) ?? ownValue(planProblems, options.problem) ?? null;
  const outcome =
    ownValue(outcomeWords, options.outcome) ??
    planOutcomeWords(options.outcome, options.day ?? null, request);
  const windows = (request.preferredWindows ?? [])
    .map((window, index) => ({ window, index, time: windowBooking(window) }))
    .filter(({ time }) => time.start.getTime() > now.getTime());
  // After the visitor cancelled, their old times are no longer an offer to take in one tap (the
  // owner can still choose a time, when the customer calls back).
  const lastWord = options.events.findLast(
    (event) => event.kind === "cancelled-request" || event.kind === "asked-for-times",
  );
  const visitorCancelled = lastWord?.kind === "cancelled-request";
  const plan = request.visitHeld
    ? h(HeldVisit, { request, token })
    : request.plan
      ? h(PlanSection, {
          request: request as PlanRequest,
          token,
          now,
          rules: planRulesOf(options.facts),
          words: options.words,
        })
      : null;
  return h(
    Fragment,
    null,
    h("h2", { id: "visit" }, request.plan ? "Plan" : "Visit"),
    outcome ? h(Notice, null, outcome) : null,
    problem ? h(Problem, null, problem) : null,
    plan ?? h(OneVisit, { ...options, windows, visitorCancelled }),
    request.serviceAddress
      ? h("p", null, `Address given by the visitor: ${request.serviceAddress}`)
      : null,
    options.events.length
      ? h(
          Fragment,
          null,
          h("h2", null, "History"),
          h(Lines, { className: "history", lines: options.events.map(eventLine) }),
        )
      : null,
    options.emails.length
      ? h(
          Fragment,
          null,
          h("h2", null, "E-mails to the visitor"),
          h(Lines, { className: "history", lines: options.emails.map(emailLine) }),
        )
      : null,
  );
}

/** The request's one visit: as booked, the visitor's times in one tap, any time, cancel. */
function OneVisit({
  request,
  token,
  now,
  facts,
  windows,
  visitorCancelled,
}: BookingSectionOptions & {
  windows: { index: number; time: { start: Date; end: Date } }[];
  visitorCancelled: boolean;
}) {
  const form = { request, token };
  return h(
    Fragment,
    null,
    request.visit
      ? h(
          "p",
          { className: "booked" },
          `Booked: ${visitWords(request.visit)}${closedNote(request.visit.start.slice(0, 10), facts.closedDays)}`,
        )
      : null,
    !request.visit && !visitorCancelled && windows.length > 0
      ? h(
          Fragment,
          null,
          h(
            "p",
            null,
            `The visitor's times, one tap each (${durationWords(defaultDurationMinutes)}):`,
          ),
          h(
            "div",
            { className: "actions" },
            windows.map(({ index, time }) =>
              h(
                VisitForm,
                { key: index, ...form, action: "book", fields: { window: index } },
                h(
                  "button",
                  { type: "submit" },
                  `Book ${visitWords({ start: businessIso(time.start), end: businessIso(time.end) })}`,
                ),
              ),
            ),
          ),
        )
      : null,
    h(OwnTime, { ...form, now, offered: windows.length > 0 }),
    // Cancelling e-mails the customer at once: the box must be ticked first (required, so a
    // browser asks for it without any script; the server refuses the post without it too).
    request.visit
      ? h(
          VisitForm,
          { ...form, action: "cancel" },
          h(
            "fieldset",
            { className: "own" },
            h("legend", null, "Cancel the visit"),
            h(
              "label",
              { className: "check" },
              h("input", { type: "checkbox", name: "confirm", value: "yes", required: true }),
              ` Yes, cancel it and e-mail ${request.name} the cancellation`,
            ),
            h("button", { type: "submit", className: "danger" }, "Cancel the visit"),
          ),
        )
      : null,
  );
}

/** Any date, start time and duration: to book, or to move the visit. */
function OwnTime({
  request,
  token,
  now,
  offered,
}: {
  request: StoredContactRequest;
  token: string;
  now: Date;
  offered: boolean;
}) {
  // Moving a visit keeps its length unless the owner changes it.
  const current = request.visit
    ? Math.round((Date.parse(request.visit.end) - Date.parse(request.visit.start)) / 60_000)
    : defaultDurationMinutes;
  return h(
    VisitForm,
    { request, token, action: "book" },
    h(
      "fieldset",
      { className: "own" },
      h(
        "legend",
        null,
        request.visit ? "Move the visit" : offered ? "Or choose the time" : "Choose the time",
      ),
      h(
        "div",
        { className: "booking" },
        h(
          "div",
          null,
          h("label", { htmlFor: "visit-date" }, "Date"),
          h("input", {
            id: "visit-date",
            name: "date",
            type: "date",
            min: businessIso(now).slice(0, 10),
            defaultValue: request.visit ? request.visit.start.slice(0, 10) : "",
            required: true,
          }),
        ),
        h(
          "div",
          null,
          h("label", { htmlFor: "visit-time" }, "Start"),
          h("input", {
            id: "visit-time",
            name: "time",
            type: "time",
            step: 900,
            defaultValue: request.visit ? request.visit.start.slice(11, 16) : "09:00",
            required: true,
          }),
        ),
        h(
          "div",
          null,
          h("label", { htmlFor: "visit-minutes" }, "Duration"),
          h(
            "select",
            { id: "visit-minutes", name: "minutes", defaultValue: String(current) },
            visitDurations.map((minutes) =>
              h("option", { key: minutes, value: String(minutes) }, durationWords(minutes)),
            ),
          ),
        ),
      ),
      h(
        "label",
        { className: "check" },
        h("input", { type: "checkbox", name: "anyway", value: "yes" }),
        "Book it even if every crew is busy then",
      ),
      h(
        "button",
        { type: "submit", className: "primary" },
        request.visit ? "Move the visit" : "Book",
      ),
    ),
  );
}
