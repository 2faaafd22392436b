/**
 * The wording of every e-mail to a visitor (contact-api.md, "After the request"): the
 * acknowledgement, the visit's confirmation, change or cancellation (with its iCalendar event), and
 * the reminder the day before. A plan's e-mails are worded in plan-emails.ts, in the same letter.
 * Pure, like email.ts: the visitor outbox sends what these return.
 *
 * None of them can relay anyone's text: the form could be filled with a stranger's address, so
 * nothing the visitor typed freely (message, other service) is ever repeated, and the name only
 * when it looks like a name. Every one says why it was sent; none is marketing, so none carries
 * List-Unsubscribe.
 */

import type { CSSProperties } from "react";
import { serviceLabel } from "../../../shared/contact-schema.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { describeQuoteDetails, type QuoteWords } from "../../../shared/quote/describe.ts";
import { type Visit, visitOf, visitWords } from "../base/visit.ts";
import { type ContactEmail, domainOf, headerSafe, htmlEmail } from "../mail/email.ts";
import { greetingName } from "../mail/greeting.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { EmailButton, EmailRows, quiet } from "../views/email.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";
import { callBackBy, callBackWords } from "./call-back.ts";
import { icsCalendar } from "./ics.ts";
import { planLetter } from "./plan-emails.ts";
import type { PlanPayload } from "./visit-changes.ts";
import { inviteParties, visitEvent } from "./visit-event.ts";

export type VisitorLetters = {
  /** MAIL_FROM: the business's sender. */
  from: string;
  /** Where a reply goes: the business's inbox (MAIL_TO's first address). */
  replyTo: string;
  businessName: string;
  siteUrl: string;
  /**
   * The live version's facts when the e-mail is made: how to reach the business now, and the
   * booking rules a plan's visits are worked out with (leads/booked-visits.ts).
   */
  live: Pick<Facts, "business" | "reach" | "closedDays" | "booking">;
};

/** The request page's link (visitor-routes.ts), signed for this visitor. */
export type VisitorLinks = { requestPage: string };

/** What a visit e-mail says, fixed when the change was made (the request may change again). */
export type VisitPayload = {
  /** `declined`: a time held for the owner's confirmation that the owner turned down. */
  action: "booked" | "rebooked" | "cancelled" | "declined";
  /** The visit (or, for a cancellation, the one called off), ISO instants. */
  start: string;
  end: string;
  sequence: number;
};

function addressOf(request: StoredContactRequest): string {
  return headerSafe(request.email, 254);
}

export type Section = { heading?: string; lines: string[] };

/** One e-mail to a visitor: plain text and a phone-readable HTML part from the same sections. */
function letter(
  key: string,
  request: StoredContactRequest,
  letters: VisitorLetters,
  parts: {
    subject: string;
    intro: string[];
    rows?: Array<[string, string]>;
    button?: { label: string; href: string; after: string };
    sections?: Section[];
    calendar?: ContactEmail["calendar"];
  },
): ContactEmail {
  const name = greetingName(request.name);
  const greeting = name ? `Hi ${name},` : "Hello,";
  const why = `You received this e-mail because this address was given when asking ${letters.businessName} for a free quote on ${letters.siteUrl.replace(/^https?:\/\//, "")}. If that was not you, you can ignore it.`;
  const rows = parts.rows ?? [];
  const width = Math.max(0, ...rows.map(([label]) => label.length)) + 2;
  const text = [
    greeting,
    "",
    ...parts.intro,
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    ...(rows.length ? [""] : []),
    ...(parts.button
      ? [`${parts.button.label}: ${parts.button.href}`, parts.button.after, ""]
      : []),
    ...(parts.sections ?? []).flatMap((section) => [
      ...(section.heading ? [section.heading] : []),
      ...section.lines,
      "",
    ]),
    `Questions? Call us at ${letters.live.business.phone.display} (${letters.live.business.hours.summary}).`,
    "",
    `${letters.businessName}`,
    "",
    "--",
    why,
    "",
  ].join("\n");

  const p = (key: string | number, body: ReactNode, style: CSSProperties = {}) =>
    h("p", { key, style: { margin: "0 0 12px", ...style } }, body);
  const html = htmlEmail(
    parts.subject,
    h(
      "div",
      { style: { maxWidth: 560, fontSize: 16 } },
      p("greeting", greeting),
      parts.intro.map((line, index) => p(index, line)),
      rows.length
        ? h(EmailRows, {
            rows,
            style: { borderCollapse: "collapse", margin: "0 0 16px" },
            alignLeft: true,
          })
        : null,
      parts.button
        ? h(
            Fragment,
            null,
            p(
              "button",
              h(EmailButton, { href: parts.button.href, size: "large" }, parts.button.label),
            ),
            p("after", parts.button.after),
          )
        : null,
      (parts.sections ?? []).map((section, index) =>
        h(
          Fragment,
          { key: index },
          section.heading
            ? h("h2", { style: { fontSize: 17, margin: "16px 0 8px" } }, section.heading)
            : null,
          section.lines.map((line, lineIndex) => p(lineIndex, line)),
        ),
      ),
      p(
        "questions",
        h(
          Fragment,
          null,
          "Questions? Call us at ",
          h(
            "a",
            { href: `tel:${letters.live.business.phone.e164}` },
            letters.live.business.phone.display,
          ),
          ` (${letters.live.business.hours.summary}).`,
        ),
      ),
      p("name", letters.businessName),
      p("why", why, quiet),
    ),
  );
  const safeKey = key.replace(/[^A-Za-z0-9-]/g, "-");
  return {
    requestId: `visitor-${safeKey}`,
    from: letters.from,
    to: [addressOf(request)],
    replyTo: { name: headerSafe(letters.businessName, 100), address: letters.replyTo },
    subject: headerSafe(parts.subject),
    text,
    html,
    messageId: `<visitor-${safeKey}@${domainOf(letters.from)}>`,
    // Transactional, sent by a program (RFC 3834): auto-responders must not answer it.
    headers: { "Auto-Submitted": "auto-generated", "X-Visitor-Mail-Key": headerSafe(key) },
    ...(parts.calendar ? { calendar: parts.calendar } : {}),
  };
}

/** What they asked for, in the owner's words minus anything they typed freely. */
function requestRows(request: StoredContactRequest, words: QuoteWords): Array<[string, string]> {
  const rows: Array<[string, string]> = [["Service", serviceLabel(request.service)]];
  for (const { label, value } of describeQuoteDetails(request, words)) {
    if (label === "Estimate for") continue;
    rows.push([label === "ZIP" ? "Where" : label, value]);
  }
  return rows;
}

export function composeAcknowledgement(
  key: string,
  request: StoredContactRequest,
  letters: VisitorLetters,
  links: VisitorLinks,
  /** The price list and offers of the version the request was made with (its stamp). */
  words: QuoteWords,
): ContactEmail {
  const callBy = callBackWords(callBackBy(new Date(request.createdAt), letters.live));
  return letter(key, request, letters, {
    subject: `We received your request: ${serviceLabel(request.service)}`,
    intro: [
      // Its own sentence: the week may read "Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM".
      `Thank you for asking ${letters.businessName} for a free quote. We will call you by ${callBy}: we answer within ${letters.live.business.responseTime}. The office is open ${letters.live.business.hours.summary}.`,
    ],
    rows: requestRows(request, words),
    button: {
      label: "See your request",
      href: links.requestPage,
      after:
        "On that page you can ask for other times, add the address to clean, or cancel. Keep this e-mail: the link is yours alone.",
    },
  });
}

function calendarEvent(
  request: StoredContactRequest,
  letters: VisitorLetters,
  links: VisitorLinks,
  visit: { start: string; end: string; sequence: number },
  cancelled: boolean,
  now: Date,
): string {
  return icsCalendar({
    method: cancelled ? "CANCEL" : "REQUEST",
    events: [
      {
        ...visitEvent(
          request,
          { start: new Date(visit.start), end: new Date(visit.end), sequence: visit.sequence },
          { from: letters.from, name: letters.businessName },
          now,
        ),
        description: [
          `${serviceLabel(request.service)} by ${letters.businessName}.`,
          `Your request: ${links.requestPage}`,
          `Questions? Call ${letters.live.business.phone.display}.`,
        ].join("\n"),
        url: links.requestPage,
        status: cancelled ? "CANCELLED" : "CONFIRMED",
        ...inviteParties(request, letters),
      },
    ],
  });
}

export function composeVisitEmail(
  key: string,
  request: StoredContactRequest,
  payload: VisitPayload,
  letters: VisitorLetters,
  links: VisitorLinks,
  now: Date,
): ContactEmail {
  const visit: Visit = visitOf(new Date(payload.start), new Date(payload.end));
  const when = visitWords(visit);
  const cancelled = payload.action === "cancelled";
  const calendar = {
    method: cancelled ? ("CANCEL" as const) : ("REQUEST" as const),
    content: calendarEvent(request, letters, links, payload, cancelled, now),
  };
  const rows: Array<[string, string]> = [
    ["When", when],
    ["Service", serviceLabel(request.service)],
    ...(request.serviceAddress ? [["Where", request.serviceAddress] as [string, string]] : []),
  ];
  // Never in their calendar (held times get no invitation): no calendar update either.
  if (payload.action === "declined")
    return letter(key, request, letters, {
      subject: `We could not keep ${when} for you`,
      intro: [
        `We are sorry: we cannot clean on ${when} after all. Please pick another time on your page, or call us and we will find one together.`,
      ],
      rows,
      button: {
        label: "Pick another time",
        href: links.requestPage,
        after: "The open times on that page are the ones we can keep.",
      },
    });
  if (cancelled)
    return letter(key, request, letters, {
      subject: `Your cleaning on ${when} is cancelled`,
      intro: [
        `Your ${serviceLabel(request.service).toLowerCase()} visit on ${when} is cancelled. The attached update removes it from your calendar.`,
      ],
      rows,
      button: {
        label: "See your request",
        href: links.requestPage,
        after: "To book another time, ask on that page or call us.",
      },
      calendar,
    });
  return letter(key, request, letters, {
    subject:
      payload.action === "rebooked"
        ? `Your cleaning has moved: ${when}`
        : `Your cleaning is booked: ${when}`,
    intro: [
      payload.action === "rebooked"
        ? `Your visit has a new time: ${when}. The attached invitation updates the one in your calendar.`
        : `Your visit is booked for ${when}. Add it to your calendar with the attached invitation.`,
      `We will send you a reminder the day before.`,
    ],
    rows,
    button: {
      label: "See your request",
      href: links.requestPage,
      after: request.serviceAddress
        ? "Need another time, or to cancel? Use that page or call us."
        : "Please add the address to clean on that page. Need another time, or to cancel? Use that page or call us.",
    },
    calendar,
  });
}

/** What a plan visit's reminder says besides (plan-emails.ts): its notes, and how to change it. */
export type ReminderWords = { notes: readonly string[]; after: string };

/** The reminder the day before a visit, a one-time visit's or (with its `plan` words) a plan's. */
export function composeReminder(
  key: string,
  request: StoredContactRequest,
  payload: Pick<VisitPayload, "start" | "end">,
  letters: VisitorLetters,
  links: VisitorLinks,
  plan?: ReminderWords,
): ContactEmail {
  const when = visitWords(visitOf(new Date(payload.start), new Date(payload.end)));
  return letter(key, request, letters, {
    subject: `Reminder: your cleaning is tomorrow, ${when}`,
    intro: [
      `This is a reminder of your ${serviceLabel(request.service).toLowerCase()} visit tomorrow, ${when}.`,
      ...(plan?.notes ?? []),
    ],
    rows: [
      ["When", when],
      ...(request.serviceAddress ? [["Where", request.serviceAddress] as [string, string]] : []),
    ],
    button: {
      label: "See your request",
      href: links.requestPage,
      after: plan?.after ?? "Something changed? Ask for another time on that page or call us.",
    },
  });
}

/** A plan's e-mail (plan-emails.ts words it): what changed, with the series it changed as an invitation. */
export function composePlanEmail(
  key: string,
  request: StoredContactRequest,
  payload: PlanPayload,
  letters: VisitorLetters,
  links: VisitorLinks,
  now: Date,
): ContactEmail {
  const { after, ...parts } = planLetter(request, payload, letters, links, now);
  return letter(key, request, letters, {
    ...parts,
    button: { label: "See your plan", href: links.requestPage, after },
  });
}
