/**
 * The booking part of the owner's request page (owner/request-page.ts places it): the visit as
 * booked, or one button per time the visitor asked for ("Book Tue Dec 1, 8:00–10:00 AM": one
 * tap), a form for any date, start time and duration, moving and cancelling; the address the
 * visitor gave; what the visitor and the owner did (events); the e-mails the visitor was sent.
 * The calendar of every booked visit is on the inbox (calendar-subscribe.ts). Forms post to …/lead/<id>/visit
 * (owner-visit-routes.ts) with the visit's SEQUENCE, so a double tap books once.
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import type { ClosedDays } from "../../../shared/closed-days.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { formatWindow } from "../../../shared/quote/preferred-windows.ts";
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
import type { RequestEvent, StoredVisitorEmail } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { Hidden, Lines, Notice, Problem } from "../views/parts.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";

export type BookingSectionOptions = {
  request: StoredContactRequest;
  events: RequestEvent[];
  emails: StoredVisitorEmail[];
  token: string;
  now: Date;
  /** The live version's closed days: a visit booked on one is said to be. */
  closedDays: ClosedDays;
  /** From the 303 after a booking: what happened. */
  outcome: string | null;
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
};

const stamp = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

function eventLine(event: RequestEvent): string {
  const details = event.details;
  const extra =
    event.kind === "booked" || event.kind === "rebooked"
      ? `: ${visitWords({ start: String(details.start), end: String(details.end) })}`
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
};

export function renderBookingSection(options: BookingSectionOptions) {
  return h(BookingSection, options);
}

function BookingSection(options: BookingSectionOptions) {
  const { request, token, now } = options;
  const problem = ownValue(bookingProblems, options.problem) ?? null;
  const outcome = ownValue(outcomeWords, options.outcome);
  const windows = (request.preferredWindows ?? [])
    .map((window, index) => ({ window, index, time: windowBooking(window) }))
    .filter(({ time }) => time.start.getTime() > now.getTime());
  // After the visitor cancelled, their old times are no longer an offer to take in one tap (the
  // owner can still choose a time, when the customer calls back).
  const lastWord = options.events.findLast(
    (event) => event.kind === "cancelled-request" || event.kind === "asked-for-times",
  );
  const visitorCancelled = lastWord?.kind === "cancelled-request";
  const form = { request, token };
  return h(
    Fragment,
    null,
    h("h2", { id: "visit" }, "Visit"),
    outcome ? h(Notice, null, outcome) : null,
    problem ? h(Problem, null, problem) : null,
    request.visit
      ? h(
          "p",
          { className: "booked" },
          `Booked: ${visitWords(request.visit)}${closedNote(request.visit.start.slice(0, 10), options.closedDays)}`,
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
                { key: index, ...form, action: "book", window: index },
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

type VisitFormProps = {
  request: StoredContactRequest;
  token: string;
  action: "book" | "cancel";
  /** One of the visitor's times, by its place in their list. */
  window?: number;
  children?: ReactNode;
};

/** A form that posts to the visit's route with the visit's SEQUENCE (a double tap books once). */
function VisitForm({ request, token, action, window, children }: VisitFormProps) {
  return h(
    "form",
    { method: "post", action: `${request.id}/visit?token=${encodeURIComponent(token)}` },
    h(Hidden, {
      fields: {
        token,
        sequence: request.visitSequence,
        action,
        ...(window === undefined ? {} : { window }),
      },
    }),
    children,
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
