/**
 * The booking part of the owner's request page (owner/request-page.ts places it): the visit as
 * booked, or one button per time the visitor asked for ("Book Tue Dec 1, 8:00–10:00 AM": one
 * tap), a form for any date, start time and duration, moving and cancelling; the address the
 * visitor gave; what the visitor and the owner did (events); the e-mails the visitor was sent.
 * The calendar of every booked visit is on the inbox (calendar-subscribe.ts). Forms post to …/lead/<id>/visit
 * (owner-visit-routes.ts) with the visit's SEQUENCE, so a double tap books once.
 */
import { business } from "../../../shared/business.ts";
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
import { escapeHtml as e } from "../mail/email.ts";
import type { RequestEvent, StoredVisitorEmail } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";

export type BookingSectionOptions = {
  request: StoredContactRequest;
  events: RequestEvent[];
  emails: StoredVisitorEmail[];
  token: string;
  now: Date;
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
};

const emailWords: Record<string, string> = {
  acknowledgement: "Acknowledgement",
  reminder: "Reminder of the visit",
};

/** A visit e-mail is named for what it told: the booking, a new time, or the cancellation. */
const visitEmailWords: Record<string, string> = {
  booked: "Visit confirmation",
  rebooked: "Visit update (new time)",
  cancelled: "Cancellation of the visit",
};

const stamp = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
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

export function renderBookingSection(options: BookingSectionOptions): string {
  const { request, token, now } = options;
  const hidden = `<input type="hidden" name="token" value="${e(token)}">
<input type="hidden" name="sequence" value="${request.visitSequence}">`;
  const problem = ownValue(bookingProblems, options.problem) ?? null;
  const today = businessIso(now).slice(0, 10);
  const windows = (request.preferredWindows ?? [])
    .map((window, index) => ({ window, index, time: windowBooking(window) }))
    .filter(({ time }) => time.start.getTime() > now.getTime());
  // After the visitor cancelled, their old times are no longer an offer to take in one tap (the
  // owner can still choose a time, when the customer calls back).
  const lastWord = options.events.findLast(
    (event) => event.kind === "cancelled-request" || event.kind === "asked-for-times",
  );
  const visitorCancelled = lastWord?.kind === "cancelled-request";
  const oneTap =
    !request.visit && !visitorCancelled && windows.length > 0
      ? `<p>The visitor's times, one tap each (${durationWords(defaultDurationMinutes)}):</p>
<div class="actions">
${windows
  .map(
    ({ index, time }) =>
      `<form method="post" action="${e(request.id)}/visit?token=${e(encodeURIComponent(token))}">${hidden}<input type="hidden" name="action" value="book"><input type="hidden" name="window" value="${index}"><button type="submit">Book ${e(visitWords({ start: businessIso(time.start), end: businessIso(time.end) }))}</button></form>`,
  )
  .join("\n")}
</div>`
      : "";
  // Moving a visit keeps its length unless the owner changes it.
  const current = request.visit
    ? Math.round((Date.parse(request.visit.end) - Date.parse(request.visit.start)) / 60_000)
    : defaultDurationMinutes;
  const durationOptions = visitDurations
    .map(
      (minutes) =>
        `<option value="${minutes}"${minutes === current ? " selected" : ""}>${e(durationWords(minutes))}</option>`,
    )
    .join("");
  const chosenDay = request.visit ? request.visit.start.slice(0, 10) : "";
  const ownTime = `<form method="post" action="${e(request.id)}/visit?token=${e(encodeURIComponent(token))}">
${hidden}
<input type="hidden" name="action" value="book">
<fieldset class="own">
<legend>${request.visit ? "Move the visit" : windows.length ? "Or choose the time" : "Choose the time"}</legend>
<div class="booking">
<div><label for="visit-date">Date</label><input id="visit-date" name="date" type="date" min="${today}" value="${chosenDay}" required></div>
<div><label for="visit-time">Start</label><input id="visit-time" name="time" type="time" step="900" value="${request.visit ? request.visit.start.slice(11, 16) : "09:00"}" required></div>
<div><label for="visit-minutes">Duration</label><select id="visit-minutes" name="minutes">${durationOptions}</select></div>
</div>
<button type="submit" class="primary">${request.visit ? "Move the visit" : "Book"}</button>
</fieldset>
</form>`;
  // Cancelling e-mails the customer at once: the box must be ticked first (required, so a browser
  // asks for it without any script; the server refuses the post without it too).
  const cancel = request.visit
    ? `<form method="post" action="${e(request.id)}/visit?token=${e(encodeURIComponent(token))}">${hidden}<input type="hidden" name="action" value="cancel">
<fieldset class="own">
<legend>Cancel the visit</legend>
<label class="check"><input type="checkbox" name="confirm" value="yes" required> Yes, cancel it and e-mail ${e(request.name)} the cancellation</label>
<button type="submit" class="danger">Cancel the visit</button>
</fieldset>
</form>`
    : "";
  const booked = request.visit
    ? `<p class="booked">Booked: ${e(visitWords(request.visit))}${e(closedNote(request.visit.start.slice(0, 10)))}</p>`
    : "";
  const events = options.events.map((event) => `<li>${e(eventLine(event))}</li>`).join("\n");
  const emails = options.emails.map((email) => `<li>${e(emailLine(email))}</li>`).join("\n");
  return `<h2 id="visit">Visit</h2>
${ownValue(outcomeWords, options.outcome) ? `<p class="notice" role="status">${e(ownValue(outcomeWords, options.outcome) as string)}</p>` : ""}
${problem ? `<p class="problem" role="alert">${e(problem)}</p>` : ""}
${booked}
${oneTap}
${ownTime}
${cancel}
${request.serviceAddress ? `<p>Address given by the visitor: ${e(request.serviceAddress)}</p>` : ""}
${events ? `<h2>History</h2>\n<ul class="history">\n${events}\n</ul>` : ""}
${emails ? `<h2>E-mails to the visitor</h2>\n<ul class="history">\n${emails}\n</ul>` : ""}`;
}
