/**
 * The owner's page for one request, as plain HTML: no script, no third-party resource, no index.
 * Opening it changes nothing (mail scanners follow links); each status button is a POST from a
 * form that carries the link's token. Every visitor string is escaped; the page is readable on a
 * phone (one column, large targets) and passes the same accessibility rules as the site.
 */
import { business } from "../../../shared/business.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import { sourceLine } from "../../../shared/source-words.ts";
import { type LeadView, ownerActions, quoteDetailLines, statusLabels } from "../base/lead-view.ts";
import type { FollowUpLine } from "../follow-ups/follow-up-lines.ts";
import { privateDocument, privatePageHeaders } from "../http/private-page.ts";
import { escapeHtml } from "../mail/email.ts";

const css = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1f2b;background:#f6f7f9}
body{margin:0;padding:1rem}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d5d9e0;border-radius:.75rem;padding:1rem 1.25rem}
h1{font-size:1.375rem;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
.status{display:inline-block;padding:.125rem .625rem;border-radius:999px;background:#e6ecf7;font-weight:600}
.notice{background:#e7f6ec;border:1px solid #87c59b;border-radius:.5rem;padding:.5rem .75rem}
.read-only{background:#eef2f8;border:1px solid #b9c6dc;border-radius:.5rem;padding:.5rem .75rem}
dl{margin:1rem 0}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;overflow-wrap:anywhere}
@media (min-width:40rem){dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem}dt{margin:0}}
.message{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7f9;border-radius:.5rem;padding:.75rem}
.reach{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
.reach a,button{display:inline-block;min-height:2.75rem;min-width:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;box-sizing:border-box}
.reach a{background:#123a7a;color:#fff}
fieldset{border:0;padding:0;margin:1rem 0 0}legend{font-weight:600;margin-bottom:.5rem}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem}
button{border:2px solid #123a7a;background:#fff;color:#123a7a;cursor:pointer}
button[aria-pressed=true]{background:#123a7a;color:#fff}
button.primary{background:#123a7a;color:#fff}
button.danger{border-color:#a12622;color:#a12622;margin-top:.75rem}
.problem{background:#fdecea;border:1px solid #d9534f;border-radius:.5rem;padding:.5rem .75rem}
.booked{font-weight:600;background:#e6ecf7;border-radius:.5rem;padding:.75rem}
.actions form{margin:0}.actions form button{width:100%}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,select{font:inherit;min-height:2.75rem;width:100%;box-sizing:border-box;border:1px solid #5f6b7a;border-radius:.375rem;padding:.5rem;background:#fff;color:#1a1f2b}
fieldset.own{border:1px solid #d5d9e0;border-radius:.5rem;padding:.75rem}
.booking{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem;margin-bottom:.75rem}
.small{color:#4a5563;font-size:.875rem}
label.check{display:flex;align-items:center;gap:.5rem;font-weight:400}
input[type=checkbox]{flex:none;width:1.5rem;min-height:1.5rem;height:1.5rem;margin:0}
ul.history,ul.follow-ups{padding-left:1.25rem}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #b34700;outline-offset:2px}
`.trim();

export function ownerPageHeaders(): Promise<Record<string, string>> {
  return privatePageHeaders(css);
}

function documentOf(title: string, body: string): string {
  return privateDocument(title, body, css);
}

const receivedFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
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
  /** Shown once after a button was pressed. */
  saved?: boolean;
  /** The visit: book, move, cancel; history; the calendar (booking/owner-booking-section.ts). */
  booking?: string;
  /** The customer's review request and follow-up: sent, waiting, stopped or planned. */
  followUps?: FollowUpLine[];
};

export function renderOwnerPage({
  lead,
  token,
  canAct,
  businessName,
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
    ...quoteDetailLines(lead).map((line): [string, string] => [line.label, line.value]),
    [sourceLine(lead.source).label, sourceLine(lead.source).value],
  ];
  const buttons = ownerActions
    .map(
      (action) =>
        `<button type="submit" name="status" value="${action}" aria-pressed="${lead.status === action}">${statusLabels[action]}</button>`,
    )
    .join("\n");
  // What the owner does most comes first: call or reply, then one tap to record it; what the
  // customer asked for and wrote (the estimate among the details) before booking their visit.
  const body = `<p>${e(businessName)}: quote request</p>
<h1>${e(lead.name)}</h1>
<p>Status: <span class="status">${statusLabels[lead.status]}</span>${lead.status === "spam" && !lead.statusSetAt ? " (caught by the spam filter, not e-mailed)" : ""}</p>
${saved ? `<p class="notice" role="status">Saved: ${statusLabels[lead.status]}.</p>` : ""}
<div class="reach">
<a href="${e(phoneHref(lead.phone))}">Call ${e(phoneDisplay(lead.phone))}</a>
<a href="${e(mailtoHref(lead.email, `Your quote request: ${service}`))}">Reply by e-mail</a>
</div>
${
  canAct
    ? `<form method="post" action="?token=${e(encodeURIComponent(token))}">
<fieldset>
<legend>Set the status</legend>
<div class="actions">
${buttons}
</div>
</fieldset>
</form>`
    : `<p class="read-only">This link, from an alert, shows the request only. To mark it contacted, won, lost or spam, open it from its e-mail.</p>`
}
<h2>Request</h2>
<dl>
${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join("\n")}
</dl>
<h2>Message</h2>
<p class="message">${e(lead.message)}</p>
${canAct ? (booking ?? "") : ""}${
  followUps.length
    ? `\n<h2>Follow-ups to the customer</h2>\n<ul class="follow-ups">\n${followUps
        .map((line) => `<li>${e(line.text)}</li>`)
        .join("\n")}\n</ul>`
    : ""
}`;
  return documentOf(`Quote request: ${lead.name}`, body);
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
  return documentOf("Quote request", `<h1>Quote request</h1>\n<p>${e(text)}</p>`);
}

function e(value: string): string {
  return escapeHtml(value);
}
