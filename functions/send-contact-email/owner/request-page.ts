/**
 * The owner's page for one request, as plain HTML: no script, no third-party resource, no index.
 * Opening it changes nothing (mail scanners follow links); each status button is a POST from a
 * form that carries the link's token. React escapes every visitor string; the page is readable on a
 * phone (one column, large targets) and passes the same accessibility rules as the site.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { sourceLine } from "../../../shared/source-words.ts";
import { type LeadView, ownerActions, quoteDetailLines, statusLabels } from "../base/lead-view.ts";
import type { FollowUpLine } from "../follow-ups/follow-up-lines.ts";
import { NewLinkForm } from "../http/new-link-offer.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import { Definitions, Lines, Notice } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { h, type ReactNode } from "../views/react.ts";

export function ownerPageHeaders(): Promise<Record<string, string>> {
  return privatePageHeaders();
}

const receivedFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

export function mailtoHref(email: string, subject: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, "@");
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

export type OwnerPageOptions = {
  lead: LeadView;
  /** The link's token: each button posts to the page's own link. */
  token: string;
  /**
   * The link may set the status (the owner's e-mail); false for a push's read-only link, whose
   * page has no buttons.
   */
  canAct: boolean;
  businessName: string;
  /** The price list and offers of the version the request was made with (its stamp). */
  words: QuoteWords;
  /** Shown once after a button was pressed. */
  saved?: boolean;
  /** The visit: book, move, cancel; history (booking/owner-booking-section.ts). */
  booking?: ReactNode;
  /** The customer's review request and follow-up: sent, waiting, stopped or planned. */
  followUps?: FollowUpLine[];
};

export function renderOwnerPage({
  lead,
  token,
  canAct,
  businessName,
  words,
  saved,
  booking,
  followUps = [],
}: OwnerPageOptions): string {
  const service = serviceDescription(lead);
  const rows: Array<[string, string]> = [
    ["Received", receivedFormat.format(new Date(lead.createdAt))],
    ["Service", service],
    ["Phone", phoneDisplay(lead.phone)],
    ["E-mail", lead.email],
    ...quoteDetailLines(lead, words).map((line): [string, string] => [line.label, line.value]),
    [sourceLine(lead.source).label, sourceLine(lead.source).value],
  ];
  const notCaught = lead.status === "spam" && !lead.statusSetAt;
  // What the owner does most comes first: call or reply, then one tap to record it; what the
  // customer asked for and wrote (the estimate among the details) before booking their visit.
  return renderPage(
    { title: `Quote request: ${lead.name}`, kind: "owner" },
    h("p", null, `${businessName}: quote request`),
    h("h1", null, lead.name),
    h(
      "p",
      null,
      "Status: ",
      h("span", { className: "status" }, statusLabels[lead.status]),
      notCaught ? " (caught by the spam filter, not e-mailed)" : null,
    ),
    saved ? h(Notice, null, `Saved: ${statusLabels[lead.status]}.`) : null,
    h(
      "div",
      { className: "reach" },
      h("a", { href: phoneHref(lead.phone) }, `Call ${phoneDisplay(lead.phone)}`),
      h("a", { href: mailtoHref(lead.email, `Your quote request: ${service}`) }, "Reply by e-mail"),
    ),
    canAct
      ? h(StatusButtons, { lead, token })
      : h(
          "p",
          { className: "read-only" },
          "This link, from an alert, shows the request only. To mark it contacted, won, lost or spam, open it from its e-mail.",
        ),
    h("h2", null, "Request"),
    h(Definitions, { rows }),
    h("h2", null, "Message"),
    h("p", { className: "message" }, lead.message),
    canAct ? booking : null,
    followUps.length
      ? [
          h("h2", { key: "h" }, "Follow-ups to the customer"),
          h(Lines, {
            key: "l",
            className: "follow-ups",
            lines: followUps.map((line) => line.text),
          }),
        ]
      : null,
    // Never the inbox itself: this page's link is in an e-mail a reply quotes to the visitor (the
    // link rule, mail/email.ts). The inbox link goes to the business's own address instead; not
    // from a push's read-only page, which has no form at all.
    canAct
      ? [
          h("h2", { key: "h" }, "All requests"),
          h(
            "p",
            { key: "p" },
            "Your inbox, with every request, comes in the daily digest, or by e-mail when you ask:",
          ),
          h(NewLinkForm, { key: "f", action: "../inbox/new-link", kind: "inbox" }),
        ]
      : null,
  );
}

/** One button per status, in a form that posts to the page's own link. */
function StatusButtons({ lead, token }: { lead: LeadView; token: string }) {
  return h(
    "form",
    { method: "post", action: `?token=${encodeURIComponent(token)}` },
    h(
      "fieldset",
      null,
      h("legend", null, "Set the status"),
      h(
        "div",
        { className: "actions" },
        ownerActions.map((action) =>
          h(
            "button",
            {
              key: action,
              type: "submit",
              name: "status",
              value: action,
              "aria-pressed": lead.status === action,
            },
            statusLabels[action],
          ),
        ),
      ),
    ),
  );
}

/** 403 and 404 pages: they say what to do and show nothing of any request. */
const refusals = {
  denied:
    "This link is not valid or has expired. Open the request from its latest e-mail, or use npm run leads.",
  missing: "This request no longer exists.",
  unavailable: "The requests cannot be read right now. Please try again in a minute.",
} as const;

export function renderRefusal(kind: keyof typeof refusals): string {
  const text = refusals[kind];
  return renderPage(
    { title: "Quote request", kind: "owner" },
    h("h1", null, "Quote request"),
    h("p", null, text),
  );
}
