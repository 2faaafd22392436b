/**
 * What the owner is told, before it is shaped for a channel (push.ts for ntfy and webhooks,
 * notice-email.ts for e-mail): a new request (the alert), a request still waiting (the reminder),
 * the day's digest, and what a visitor did on their page (booking/visitor-action-notices.ts).
 * Alerts and reminders never carry the visitor's message text: push services and chat tools keep
 * copies, and the link leads to the full request.
 */

import { serviceDescription } from "../../../shared/contact-fields.ts";
import { ownValue } from "../../../shared/own-key.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { estimateText, type LeadView, placeText, statusLabels } from "../base/lead-view.ts";
import { type PeriodStats, plural, statsLines } from "../leads/lead-stats.ts";
import type { Notice, NoticeLead } from "../store/owner-store.ts";

function noticeLead(lead: LeadView, url: string | null): NoticeLead {
  return {
    id: lead.id,
    name: lead.name,
    service: serviceDescription(lead),
    town: lead.town ?? null,
    zip: lead.zip ?? null,
    inServiceArea: lead.inServiceArea ?? null,
    estimate: lead.estimate
      ? {
          low: lead.estimate.low,
          high: lead.estimate.high,
          recurring: lead.estimate.recurring ?? null,
          currency: lead.estimate.currency,
        }
      : null,
    receivedAt: lead.createdAt,
    url,
  };
}

/**
 * "Carpet Cleaning · King of Prussia · First visit $120–$150 with the 20% welcome offer, then
 * $150–$185 a visit, once a week": who wants what, where, for how much.
 */
function summary(lead: LeadView, words: QuoteWords): string {
  return [serviceDescription(lead), placeText(lead), estimateText(lead, words)]
    .filter((part): part is string => Boolean(part))
    .join(" · ");
}

/** `words`: the price list and offers of the version the request was made with (its stamp). */
export function alertNotice(lead: LeadView, url: string | null, words: QuoteWords): Notice {
  return {
    kind: "alert",
    title: `New quote request: ${lead.name}`,
    lines: [summary(lead, words)],
    url,
    leads: [noticeLead(lead, url)],
  };
}

export function reminderNotice(
  lead: LeadView,
  url: string | null,
  afterHours: number,
  words: QuoteWords,
): Notice {
  return {
    kind: "reminder",
    title: `Still waiting after ${afterHours} hours: ${lead.name}`,
    lines: [summary(lead, words), "The site promises a reply within 24 hours."],
    url,
    leads: [noticeLead(lead, url)],
  };
}

export type DigestInput = {
  /** The local day it covers, "2026-11-24". */
  day: string;
  /** Requests received in the 24 hours before the digest. */
  received: LeadView[];
  /** Every request still `new`, whenever it came. */
  waiting: LeadView[];
  linkFor: (lead: LeadView) => string | null;
  /** Each request's own version's price list and offers (its stamp). */
  wordsOf: (lead: LeadView) => QuoteWords;
};

export function digestNotice({ day, received, waiting, linkFor, wordsOf }: DigestInput): Notice {
  const lines: string[] = [];
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  lines.push(`${plural(received.length, "new request")} in the last 24 hours.`);
  for (const lead of received) {
    lines.push(
      `- ${lead.name}: ${summary(lead, wordsOf(lead))} [${ownValue(statusLabels, lead.status) ?? lead.status}]`,
    );
  }
  const outside = received.filter((lead) => lead.zip !== undefined && !lead.inServiceArea);
  if (outside.length > 0) {
    lines.push(`Outside the service area: ${outside.map((lead) => lead.zip).join(", ")}.`);
  }
  lines.push(
    waiting.length === 0
      ? "Nobody is waiting for an answer."
      : `${plural(waiting.length, "request")} still waiting for an answer:`,
  );
  for (const lead of waiting) {
    const link = linkFor(lead);
    lines.push(`- ${lead.name}: ${summary(lead, wordsOf(lead))}${link ? ` ${link}` : ""}`);
  }
  return {
    kind: "digest",
    title: `Quote requests, digest of ${day}: ${received.length} new, ${waiting.length} waiting`,
    lines,
    url: null,
    leads: [...new Map([...received, ...waiting].map((lead) => [lead.id, lead])).values()].map(
      (lead) => noticeLead(lead, linkFor(lead)),
    ),
  };
}

/** Monday's report: last week's numbers, the same lines `npm run leads -- --stats` prints. */
export function weeklyNotice(stats: PeriodStats): Notice {
  const outcome = (status: string) => ownValue(stats.byStatus, status) ?? 0;
  return {
    kind: "weekly",
    title: `${stats.label}: ${plural(stats.requests, "request")}, ${outcome("booked")} booked, ${outcome("won")} won`,
    lines: statsLines(stats),
    url: null,
    leads: [],
  };
}
