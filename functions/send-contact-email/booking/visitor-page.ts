/**
 * The visitor's own page for their request (visitor-routes.ts serves it): what they asked for,
 * the estimate, where it stands in their words ("We will call you by Wed Nov 26, 5 PM"; "Booked:
 * Tue Dec 1, 9:00–11:00 AM"), and three forms: other times, the address to clean, cancel. Plain
 * HTML without script (../private-page.ts); every stored string escaped.
 */
import { business } from "../../../shared/business.ts";
import { calendarDay } from "../../../shared/calendar-day.ts";
import { serviceLabel } from "../../../shared/contact-schema.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { describeQuoteDetails } from "../../../shared/quote/describe.ts";
import {
  bookableDates,
  dayWindows,
  formatDate,
  windowLabels,
  windowRules,
} from "../../../shared/quote/preferred-windows.ts";
import { visitWords } from "../base/visit.ts";
import { privateDocument } from "../http/private-page.ts";
import { escapeHtml as e } from "../mail/email.ts";
import type { RequestEvent } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { callBackBy, callBackWords } from "./call-back.ts";

export const maxAddressLength = 300;

export type VisitorPageOptions = {
  request: StoredContactRequest;
  events: RequestEvent[];
  token: string;
  now: Date;
  /** The action just saved (after the 303), or a problem with what was sent. */
  saved?: string | null;
  problem?: string | null;
  /** How long the link lasts (VISITOR_LINK_TTL_DAYS). */
  linkDays?: number;
};

const savedWords: Record<string, string> = {
  times: "Thank you: we have your new times and will call you to confirm one.",
  address: "Thank you: we have the address.",
  cancel: "Your request is cancelled. We are sorry to see you go.",
};

/** Where the request stands, as the visitor would say it. */
export function visitorStatus(request: StoredContactRequest, events: RequestEvent[]): string {
  const cancelled = events.findLast((event) => event.kind === "cancelled-request");
  if (request.visit && isOpen(request)) return `Booked: ${visitWords(request.visit)}`;
  switch (request.status) {
    case "new":
      return `Received. We will call you by ${callBackWords(callBackBy(new Date(request.createdAt)))}.`;
    case "contacted":
    case "booked":
      return "We have been in touch. We will agree on a time for your visit with you.";
    case "won":
      return "Done: thank you for choosing us.";
    default:
      return cancelled
        ? `You cancelled this request on ${formatDate(calendarDay(new Date(cancelled.at), business.timeZone))}.`
        : `This request is closed. To start again, call us at ${business.phone.display}.`;
  }
}

/** The forms make sense while the request is open: not after it was won, lost or cancelled. */
export function isOpen(request: StoredContactRequest): boolean {
  return ["new", "contacted", "booked"].includes(request.status);
}

function rows(request: StoredContactRequest): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ["Service", serviceLabel(request.service)],
    [
      "Received",
      new Intl.DateTimeFormat("en-US", {
        timeZone: business.timeZone,
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(request.createdAt)),
    ],
  ];
  for (const { label, value } of describeQuoteDetails(request)) {
    if (label === "Estimate for") continue;
    list.push([label === "ZIP" ? "Where" : label, value]);
  }
  if (request.serviceAddress) list.push(["Address", request.serviceAddress]);
  return list;
}

function timesForm(token: string, now: Date): string {
  const dates = bookableDates(now);
  const row = (index: number) => {
    const n = index + 1;
    const dateOptions = [
      `<option value="">Choose a day</option>`,
      ...dates.map((date) => `<option value="${date}">${e(formatDate(date))}</option>`),
    ].join("");
    const windowOptions = dayWindows
      .map((window) => `<option value="${window}">${e(windowLabels[window])}</option>`)
      .join("");
    return `<fieldset>
<legend>Time ${n}</legend>
<div class="row">
<div><label for="date-${n}">Day</label><select id="date-${n}" name="date">${dateOptions}</select></div>
<div><label for="window-${n}">Time of day</label><select id="window-${n}" name="window">${windowOptions}</select></div>
</div>
</fieldset>`;
  };
  return `<form method="post">
<input type="hidden" name="token" value="${e(token)}">
<input type="hidden" name="action" value="times">
<p class="small">Up to ${windowRules.maxWindows} times, from tomorrow to three weeks ahead, Monday to Saturday.</p>
${[0, 1, 2].map(row).join("\n")}
<button type="submit" class="primary">Send these times</button>
</form>`;
}

export function renderVisitorPage(options: VisitorPageOptions): string {
  const { request, events, token, now } = options;
  const open = isOpen(request);
  const status = visitorStatus(request, events);
  const body = `<p>${e(business.name)}</p>
<h1>Your request</h1>
<p class="lead" role="status">${e(status)}</p>
${ownValue(savedWords, options.saved) ? `<p class="notice" role="status">${e(ownValue(savedWords, options.saved) as string)}</p>` : ""}
${options.problem ? `<p class="problem" role="alert">${e(options.problem)}</p>` : ""}
<div class="actions"><a class="button" href="tel:${business.phone.e164}">Call ${e(business.phone.display)}</a>${request.visit ? `<a class="button" href="visit.ics?token=${encodeURIComponent(token)}" download="visit.ics">Add to my calendar</a>` : ""}</div>
<h2>What you asked for</h2>
<dl>
${rows(request)
  .map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`)
  .join("\n")}
</dl>
${
  open
    ? `<h2>${request.visit ? "Need another time?" : "Other times that suit you"}</h2>
${timesForm(token, now)}
<h2>The address to clean</h2>
<form method="post">
<input type="hidden" name="token" value="${e(token)}">
<input type="hidden" name="action" value="address">
<label for="address">Street, town and ZIP</label>
<textarea id="address" name="address" rows="3" maxlength="${maxAddressLength}" autocomplete="street-address" required>${e(request.serviceAddress ?? "")}</textarea>
<div class="actions"><button type="submit" class="primary">Save the address</button></div>
</form>
<h2>Cancel</h2>
<form method="post">
<input type="hidden" name="token" value="${e(token)}">
<input type="hidden" name="action" value="cancel">
<label class="check"><input type="checkbox" name="confirm" value="yes" required>Yes, cancel my ${request.visit ? "visit and my request" : "request"}</label>
<div class="actions"><button type="submit" class="danger">Cancel my request</button></div>
</form>`
    : ""
}
<p class="small">This page is private to you: anyone with its link can see it, so keep the e-mail to yourself. The link works for ${options.linkDays ?? 60} days.</p>`;
  return privateDocument("Your request", body);
}
