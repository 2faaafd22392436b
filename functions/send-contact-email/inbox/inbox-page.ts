/**
 * The owner's inbox as plain HTML (inbox-route.ts serves it): every request, newest first, with
 * its status, where it came from and its estimate; a search and four filters in a GET form (no
 * script: the page works as it is, and a filtered view is an address to bookmark); each request
 * opens its own page; the same selection as CSV. Phone first: one column, large targets, the
 * search at the top and the filters folded until used. React escapes every visitor string.
 */

import { businessTimeZone } from "../../../shared/business-reach.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import { estimateText, placeText, type QuoteWords } from "../../../shared/quote/describe.ts";
import { sourceChannel } from "../../../shared/source-words.ts";
import { momentWords } from "../base/clock.ts";
import { type LeadStatus, statusLabels } from "../base/lead-view.ts";
import { visitWords } from "../base/visit.ts";
import { NewLinkForm } from "../http/new-link-offer.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import { visitIsOn } from "../leads/booked-visits.ts";
import { type Lead, visitLabel } from "../leads/lead-formats.ts";
import { editorPartsWords } from "../site-editor/editor-parts.ts";
import { ButtonLink } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { h, type ReactNode } from "../views/react.ts";
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
import { SpamWhy } from "./spam-why.ts";

export const inboxHeaders = () => privatePageHeaders();

export type InboxView = {
  /** The live version's. */
  businessName: string;
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
  /** The price list and offers of the version each request was made with (its stamp). */
  wordsOf: (lead: Lead) => QuoteWords;
  /** Sections above the list (the week's visits and numbers). */
  before?: ReactNode;
  /** Opened from a push: its requests open without their buttons. */
  readOnly?: boolean;
  /** The owner's site editor ("Edit the site"), on the inbox that acts only. */
  siteHref?: string;
  /** Sections below the list (the calendar to subscribe to). */
  after?: ReactNode;
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

export function renderInbox(view: InboxView): string {
  const { token, query } = view;
  const here = (params: string) => `inbox?${params}`;
  return renderPage(
    { title: "Quote requests", kind: "inbox" },
    h("p", { className: "brand" }, view.businessName),
    h("h1", null, "Quote requests"),
    view.readOnly
      ? h(
          "p",
          { className: "spam" },
          "Opened from an alert: requests open read-only. Open the inbox from an e-mail to set their status.",
        )
      : null,
    view.siteHref
      ? h(
          "p",
          { className: "site-link" },
          h(ButtonLink, { className: "button quiet", href: view.siteHref }, "Edit the site"),
          ` ${editorPartsWords()}`,
        )
      : null,
    view.before,
    h(
      "h2",
      { id: "list-heading" },
      `${plural(view.total, "request")}${isFiltered(query) ? " found" : ""}`,
    ),
    view.hiddenSpam > 0
      ? h(
          "p",
          { className: "spam" },
          `${plural(view.hiddenSpam, "spam request")} not shown: `,
          h(
            "a",
            { href: here(inboxParams(token, { ...query, status: "spam", page: 1 })) },
            "show spam",
          ),
        )
      : null,
    h(SearchForm, { token, query, clearHref: here(new URLSearchParams({ token }).toString()) }),
    view.leads.length === 0
      ? h(
          "p",
          { className: "empty" },
          isFiltered(query) ? "No request matches these filters." : "No quote requests yet.",
        )
      : h(
          "ol",
          { className: "leads" },
          view.leads.map((lead) =>
            h(LeadItem, {
              key: lead.id,
              lead,
              href: view.leadHref(lead),
              words: view.wordsOf(lead),
            }),
          ),
        ),
    view.pageCount > 1
      ? h(
          "nav",
          { "aria-label": "Pages of requests" },
          query.page > 1
            ? h(
                ButtonLink,
                {
                  className: "button quiet",
                  rel: "prev",
                  href: here(inboxParams(token, query, query.page - 1)),
                },
                "Newer",
              )
            : h("span"),
          h("span", null, `Page ${query.page} of ${view.pageCount}`),
          query.page < view.pageCount
            ? h(
                ButtonLink,
                {
                  className: "button quiet",
                  rel: "next",
                  href: here(inboxParams(token, query, query.page + 1)),
                },
                "Older",
              )
            : h("span"),
        )
      : null,
    // Every customer in one file: from the inbox that acts only (inbox-routes.ts).
    view.total > 0 && !view.readOnly
      ? h(
          "p",
          null,
          h(
            "a",
            { href: `inbox.csv?${inboxParams(token, query, 1)}` },
            `Download ${view.total === 1 ? "this request" : `these ${view.total} requests`} as CSV`,
          ),
          " (for a spreadsheet)",
        )
      : null,
    view.after,
  );
}

/** A filter: a label and its choices, the current one selected. */
function Filter({
  name,
  label,
  choices,
  query,
}: {
  name: keyof InboxQuery;
  label: string;
  choices: Choice[];
  query: InboxQuery;
}) {
  return h(
    "div",
    null,
    h("label", { htmlFor: `f-${name}` }, label),
    h(
      "select",
      { id: `f-${name}`, name, defaultValue: String(query[name]) },
      choices.map((choice) =>
        h("option", { key: choice.value, value: choice.value }, choice.label),
      ),
    ),
  );
}

/** The search and the filters: a GET form, so a filtered view is an address to bookmark. */
function SearchForm({
  token,
  query,
  clearHref,
}: {
  token: string;
  query: InboxQuery;
  clearHref: string;
}) {
  const narrowed = Boolean(query.status || query.town || query.service || query.period);
  return h(
    "form",
    { method: "get", role: "search", "aria-label": "Find requests" },
    h("input", { type: "hidden", name: "token", value: token }),
    query.week ? h("input", { type: "hidden", name: "week", value: query.week }) : null,
    h(
      "div",
      { className: "search" },
      h(
        "div",
        null,
        h("label", { htmlFor: "f-q" }, "Search"),
        h("input", {
          id: "f-q",
          type: "search",
          name: "q",
          defaultValue: query.q,
          placeholder: "Name, phone, town…",
          autoComplete: "off",
        }),
      ),
      h("button", { type: "submit" }, "Search"),
    ),
    h(
      "details",
      { open: narrowed },
      h("summary", null, `Filters${narrowed ? " (on)" : ""}`),
      h(
        "div",
        { className: "filters" },
        h(Filter, { name: "status", label: "Status", choices: statusChoices, query }),
        h(Filter, { name: "town", label: "Town", choices: townChoices, query }),
        h(Filter, { name: "service", label: "Service", choices: serviceChoices, query }),
        h(Filter, { name: "period", label: "Received", choices: periodChoices, query }),
        h(
          "div",
          { className: "actions" },
          h("button", { type: "submit" }, "Show"),
          isFiltered(query)
            ? h(ButtonLink, { className: "button quiet", href: clearHref }, "Clear filters")
            : null,
        ),
      ),
    ),
  );
}

function LeadItem({ lead, href, words }: { lead: Lead; href: string; words: QuoteWords }) {
  const status = lead.status as LeadStatus;
  const what = [lead.serviceLabel, placeText(lead), estimateText(lead, words)]
    .filter(Boolean)
    .join(" · ");
  // A lost or spam request keeps its visit's record but the visit is off: only a live one shows.
  const visit = lead.visit && visitIsOn(lead.status) ? lead.visit : null;
  return h(
    "li",
    null,
    h(
      "a",
      { className: "row", href },
      h("span", null, lead.name),
      h("span", { className: `status ${status}` }, ownValue(statusLabels, status) ?? status),
    ),
    h("p", null, what),
    visit
      ? h(
          "p",
          { className: "visit" },
          `${visitLabel(lead)} `,
          h("time", { dateTime: visit.start }, visitWords(visit)),
        )
      : null,
    h(SpamWhy, { lead }),
    h(
      "p",
      null,
      h(
        "time",
        { dateTime: lead.receivedAt },
        momentWords(new Date(lead.receivedAt), businessTimeZone),
      ),
      ` · from ${sourceChannel(lead.source)}`,
    ),
    h(
      "p",
      null,
      h(
        "a",
        { className: "call", href: phoneHref(lead.phone) },
        `Call ${phoneDisplay(lead.phone)}`,
      ),
    ),
  );
}

/** 403 and 503: what to do, and nothing of any request. */
const refusals = {
  denied:
    "This link is not valid or has expired. Tap below and your inbox link goes to the business's e-mail; the daily digest brings it too.",
  download:
    "This link, from an alert, shows the requests but does not download them. Tap below and your inbox link goes to the business's e-mail.",
  unavailable: "The requests cannot be read right now. Please try again in a minute.",
} as const;

/** A refused link offers a fresh one by e-mail (`newLink`: where its button posts). */
export function renderInboxRefusal(kind: keyof typeof refusals, newLink?: string): string {
  return renderPage(
    { title: "Quote requests", kind: "inbox" },
    h("h1", null, "Quote requests"),
    h("p", null, refusals[kind]),
    kind !== "unavailable" && newLink ? h(NewLinkForm, { action: newLink, kind: "inbox" }) : null,
  );
}
