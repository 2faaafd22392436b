/**
 * The owner's inbox as plain HTML (inbox-route.ts serves it): every request, newest first, with
 * its status, where it came from and its estimate; a search and four filters in a GET form (no
 * script: the page works as it is, and a filtered view is an address to bookmark); each request
 * opens its own page; the same selection as CSV. Phone first: one column, large targets, the
 * search at the top and the filters folded until used. Every visitor string is escaped.
 */
import { business } from "../../../shared/business.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import { estimateText, placeText } from "../../../shared/quote/describe.ts";
import { sourceChannel } from "../../../shared/source-words.ts";
import { momentWords } from "../base/clock.ts";
import { type LeadStatus, statusLabels } from "../base/lead-view.ts";
import { visitWords } from "../base/visit.ts";
import { pageCss, privateDocument, privatePageHeaders } from "../http/private-page.ts";
import type { Lead } from "../leads/lead-formats.ts";
import { escapeHtml as e } from "../mail/email.ts";
import {
  type Choice,
  type InboxQuery,
  inboxParams,
  isFiltered,
  periodChoices,
  serviceChoices,
  statusChoices,
  townChoices,
} from "./inbox-query.ts";
import { spamWhy } from "./spam-why.ts";
import { weekNumbersCss } from "./week-numbers.ts";

// The private pages' shell and rules (private-page.ts), then the inbox's own.
const css = `${pageCss}
main{max-width:44rem}
.brand{margin:0;color:#4a5263;font-size:.9375rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,select{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .625rem;font:inherit;border:1px solid #6b7385;border-radius:.5rem;background:#fff;color:inherit}
.search{display:grid;grid-template-columns:1fr auto;gap:.5rem;align-items:end}
button,.button{display:inline-block;box-sizing:border-box;min-height:2.75rem;padding:.625rem 1rem;border:2px solid #123a7a;border-radius:.5rem;background:#123a7a;color:#fff;font:inherit;font-weight:600;text-decoration:none;text-align:center;cursor:pointer}
.button.quiet{background:#fff;color:#123a7a}
details{margin:.75rem 0;border:1px solid #d5d9e0;border-radius:.5rem;padding:0 .75rem}
summary{min-height:2.75rem;display:flex;align-items:center;font-weight:600;cursor:pointer}
.filters{display:grid;gap:0 .75rem;padding-bottom:.75rem}
@media (min-width:36rem){.filters{grid-template-columns:1fr 1fr}}
.filters .actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:.75rem}
.count{color:#4a5263;font-weight:400}
.leads{list-style:none;margin:0;padding:0}
.leads li{border-top:1px solid #e3e6eb;padding:.625rem 0}
li a.row{display:flex;justify-content:space-between;align-items:center;gap:.5rem;min-height:2.75rem;color:#123a7a;font-weight:600;font-size:1.0625rem;overflow-wrap:anywhere;text-decoration:none}
li a.row span:first-child{text-decoration:underline}
.leads li p{margin:.125rem 0;color:#353c4a;font-size:.9375rem;overflow-wrap:anywhere}
.leads li p.visit{color:#1a1f2b;font-weight:600}
.leads a.call{display:inline-flex;align-items:center;min-height:2.75rem;min-width:2.75rem;margin-top:.25rem;padding:0 .875rem;border:2px solid #123a7a;border-radius:.5rem;color:#123a7a;font-weight:600;text-decoration:none}
.status{flex:none;padding:.125rem .625rem;border-radius:999px;font-size:.875rem;font-weight:600;color:#1a1f2b;background:#e6ecf7}
.status.new{background:#fde9c8}.status.won{background:#d7f0de}.status.lost{background:#eceef1}.status.spam{background:#f8dcdc}
nav{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin:1rem 0}
.empty{padding:1rem 0}
.spam{margin:0 0 .5rem;color:#4a5263}
${weekNumbersCss}`;

export const inboxHeaders = () => privatePageHeaders(css);
const document = (title: string, body: string) => privateDocument(title, body, css);

export type InboxView = {
  token: string;
  query: InboxQuery;
  /** The requests of this page of the list. */
  leads: Lead[];
  /** How many requests match the filters (all pages). */
  total: number;
  pageCount: number;
  /** Spam left out by the status filter: the page says so and offers to show it. */
  hiddenSpam: number;
  /** The address of one request's own page (signed for it). */
  leadHref: (lead: Lead) => string;
  /** Sections above the list (the week's numbers), already HTML. */
  before?: string;
  /** Opened from a push: its requests open without their buttons. */
  readOnly?: boolean;
  /** Sections below the list (the calendar to subscribe to), already HTML. */
  after?: string;
};

export function renderInbox(view: InboxView): string {
  const { token, query } = view;
  const here = (params: string) => `inbox?${params}`;
  const select = (name: keyof InboxQuery, label: string, choices: Choice[]) =>
    `<div><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">${choices
      .map(
        (choice) =>
          `<option value="${e(choice.value)}"${query[name] === choice.value ? " selected" : ""}>${e(choice.label)}</option>`,
      )
      .join("")}</select></div>`;
  const narrowed = Boolean(query.status || query.town || query.service || query.period);
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const spamNote =
    view.hiddenSpam > 0
      ? `<p class="spam">${plural(view.hiddenSpam, "spam request")} not shown: <a href="${e(here(inboxParams(token, { ...query, status: "spam", page: 1 })))}">show spam</a></p>`
      : "";
  const list =
    view.leads.length === 0
      ? `<p class="empty">${isFiltered(query) ? "No request matches these filters." : "No quote requests yet."}</p>`
      : `<ol class="leads">\n${view.leads.map((lead) => leadItem(lead, view.leadHref(lead))).join("\n")}\n</ol>`;
  const pages =
    view.pageCount > 1
      ? `<nav aria-label="Pages of requests">${
          query.page > 1
            ? `<a class="button quiet" rel="prev" href="${e(here(inboxParams(token, query, query.page - 1)))}">Newer</a>`
            : "<span></span>"
        }<span>Page ${query.page} of ${view.pageCount}</span>${
          query.page < view.pageCount
            ? `<a class="button quiet" rel="next" href="${e(here(inboxParams(token, query, query.page + 1)))}">Older</a>`
            : "<span></span>"
        }</nav>`
      : "";
  const body = `<p class="brand">${e(business.name)}</p>
<h1>Quote requests</h1>
${view.readOnly ? `<p class="spam">Opened from an alert: requests open read-only. Open the inbox from an e-mail to set their status.</p>\n` : ""}${view.before ?? ""}
<h2 id="list-heading">${plural(view.total, "request")}${isFiltered(query) ? " found" : ""}</h2>
${spamNote}
<form method="get" role="search" aria-label="Find requests">
<input type="hidden" name="token" value="${e(token)}">${query.week ? `\n<input type="hidden" name="week" value="${e(query.week)}">` : ""}
<div class="search">
<div><label for="f-q">Search</label><input id="f-q" type="search" name="q" value="${e(query.q)}" placeholder="Name, phone, town…" autocomplete="off"></div>
<button type="submit">Search</button>
</div>
<details${narrowed ? " open" : ""}>
<summary>Filters${narrowed ? " (on)" : ""}</summary>
<div class="filters">
${select("status", "Status", statusChoices)}
${select("town", "Town", townChoices)}
${select("service", "Service", serviceChoices)}
${select("period", "Received", periodChoices)}
<div class="actions"><button type="submit">Show</button>${isFiltered(query) ? `<a class="button quiet" href="${e(here(new URLSearchParams({ token }).toString()))}">Clear filters</a>` : ""}</div>
</div>
</details>
</form>
${list}
${pages}
${
  view.total > 0
    ? `<p><a href="${e(`inbox.csv?${inboxParams(token, query, 1)}`)}">Download ${view.total === 1 ? "this request" : `these ${view.total} requests`} as CSV</a> (for a spreadsheet)</p>`
    : ""
}${view.after ?? ""}`;
  return document("Quote requests", body);
}

function leadItem(lead: Lead, href: string): string {
  const status = lead.status as LeadStatus;
  const what = [lead.serviceLabel, placeText(lead), estimateText(lead)].filter(Boolean).join(" · ");
  // A lost or spam request keeps its visit's record but the visit is off: only a live one shows.
  const visit =
    lead.visit && lead.status !== "lost" && lead.status !== "spam"
      ? `<p class="visit">Visit <time datetime="${e(lead.visit.start)}">${e(visitWords(lead.visit))}</time></p>\n`
      : "";
  return `<li>
<a class="row" href="${e(href)}"><span>${e(lead.name)}</span><span class="status ${e(status)}">${e(ownValue(statusLabels, status) ?? status)}</span></a>
<p>${e(what)}</p>
${visit}${spamWhy(lead)}<p><time datetime="${e(lead.receivedAt)}">${e(momentWords(new Date(lead.receivedAt), business.timeZone))}</time> · from ${e(sourceChannel(lead.source))}</p>
<p><a class="call" href="${e(phoneHref(lead.phone))}">Call ${e(phoneDisplay(lead.phone))}</a></p>
</li>`;
}

/** 403 and 503: what to do, and nothing of any request. */
export function renderInboxRefusal(kind: "denied" | "unavailable"): string {
  const text =
    kind === "denied"
      ? "This link is not valid or has expired. Open the inbox from the latest e-mail about a request."
      : "The requests cannot be read right now. Please try again in a minute.";
  return document("Quote requests", `<h1>Quote requests</h1>\n<p>${e(text)}</p>`);
}
