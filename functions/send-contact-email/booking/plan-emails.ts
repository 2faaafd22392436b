/**
 * The words of a plan's e-mails to the customer (kind "plan", queued by planEmail in
 * visit-changes.ts): the plan booked, a visit skipped, put back or moved, the plan paused, resumed,
 * its frequency changed (and the ended series' own update), cancelled. Each carries the series as
 * it now is (plan-event.ts) for the customer's calendar, SEQUENCE the request's. Dates and times
 * are the business's, as people write them (plan-visit-words.ts); the visits are worked out with
 * the live version's rules, like every other reader's (leads/booked-visits.ts).
 */

import { dayLabel } from "../../../shared/booking/open-times.ts";
import { planVisitOf } from "../../../shared/booking/plan-changes.ts";
import {
  describeEvery,
  type Plan,
  type PlanRules,
  planVisits,
} from "../../../shared/booking/plans.ts";
import { addDays } from "../../../shared/calendar-day.ts";
import { serviceLabel } from "../../../shared/contact-fields.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import { planRulesOf } from "../leads/booked-visits.ts";
import type { ContactEmail } from "../mail/email.ts";
import type { StoredContactRequest, StoredPlan } from "../store/store.ts";
import { icsCalendar } from "./ics.ts";
import { planSeries, planUid, seriesRulesOf } from "./plan-event.ts";
import {
  capitalized,
  comingVisits,
  everyWords,
  listedVisit,
  nextVisitsSection,
  planVisitWords,
} from "./plan-visit-words.ts";
import { type PlanPayload, planFileDays } from "./visit-changes.ts";
import { inviteParties, visitSummary } from "./visit-event.ts";
import type { Section, VisitorLetters, VisitorLinks } from "./visitor-emails.ts";

/** The series as an invitation (or, cancelled before its first visit, its cancellation). */
function seriesCalendar(
  request: StoredContactRequest,
  series: Plan,
  sequence: number,
  letters: VisitorLetters,
  links: VisitorLinks,
  now: Date,
): NonNullable<ContactEmail["calendar"]> {
  const event = planSeries(
    series,
    {
      uid: planUid(request.id, series, letters.from),
      sequence,
      stamp: now,
      summary: visitSummary(request, letters.businessName),
      description: [
        `${serviceLabel(request.service)} by ${letters.businessName}, ${everyWords(series)}.`,
        `Your plan: ${links.requestPage}`,
        `Questions? Call ${letters.live.business.phone.display}.`,
      ].join("\n"),
      ...(request.serviceAddress ? { location: request.serviceAddress } : {}),
      url: links.requestPage,
      ...inviteParties(request, letters),
    },
    seriesRulesOf(letters.live, now, planFileDays),
  );
  const method = event.status === "CANCELLED" ? "CANCEL" : "REQUEST";
  return { method, content: icsCalendar({ method, events: [], series: [event] }) };
}

/** What an e-mail of a plan says, besides the greeting, the phone and the reason it was sent. */
type PlanLetter = {
  subject: string;
  intro: string[];
  rows?: Array<[string, string]>;
  sections?: Section[];
  after?: string;
};

function planRows(request: StoredContactRequest, plan: StoredPlan): Array<[string, string]> {
  return [
    ["How often", capitalized(everyWords(plan))],
    ["Service", serviceLabel(request.service)],
    ...(request.serviceAddress ? [["Where", request.serviceAddress] as [string, string]] : []),
  ];
}

/** The estimate's prices: the first visit's (with any offer) and each later one's. */
function priceRows(request: StoredContactRequest, plan: StoredPlan, first: boolean) {
  const rows: Array<[string, string]> = [];
  if (first && request.estimate)
    rows.push(["First visit's price", `${formatRange(request.estimate)} (estimate)`]);
  if (plan.laterPrice)
    rows.push([
      first ? "Each later visit's price" : "Each visit's price",
      `${formatRange(plan.laterPrice)} (estimate)`,
    ]);
  return rows;
}

/** The words of one action, from the request as it is now. */
function wordsOf(
  request: StoredContactRequest,
  plan: StoredPlan,
  series: Plan,
  payload: PlanPayload,
  letters: VisitorLetters,
  now: Date,
): PlanLetter {
  const rules = planRulesOf(letters.live);
  const timeZone = letters.live.reach.timeZone;
  const next = () => nextVisitsSection(plan, now, rules, timeZone);
  const { action } = payload;
  const change = `Need another change? Use that page up to ${letters.live.booking.cutoffHours} hours before a visit, or call us.`;
  switch (action.kind) {
    case "booked": {
      const first =
        planVisitOf(plan, plan.first.day, rules) ?? comingVisits(plan, now, rules, 1)[0];
      return {
        subject: `Your cleaning plan is booked: ${everyWords(plan)}`,
        intro: [
          `Your cleaning plan is booked: ${everyWords(plan)}, first visit ${dayLabel(first?.day ?? plan.first.day)}.`,
          "The attached invitation adds your visits to your calendar. We will send you a reminder the day before each visit.",
        ],
        rows: [
          ...(first ? [["First visit", planVisitWords(first)] as [string, string]] : []),
          ...planRows(request, plan),
          ...priceRows(request, plan, true),
        ],
        sections: next(),
        after: `On that page you can skip or move a visit, pause the plan, change how often we come, or cancel, up to ${letters.live.booking.cutoffHours} hours before a visit.${request.serviceAddress ? "" : " Please add the address to clean there too."}`,
      };
    }
    case "skipped": {
      const skipped = { ...plan, skipped: plan.skipped.filter((d) => d !== action.occurrence) };
      const was = planVisitOf(skipped, action.occurrence, rules);
      const on = dayLabel(was?.day ?? action.occurrence);
      return {
        subject: `Your visit on ${on} is skipped`,
        intro: [
          `Your visit on ${on} is skipped. The rest of your plan stays as it is.`,
          "The attached update takes it off your calendar.",
        ],
        sections: next(),
        after: `Skipped by mistake? Put it back on that page up to ${letters.live.booking.cutoffHours} hours before, or call us.`,
      };
    }
    case "unskipped": {
      const visit = planVisitOf(plan, action.occurrence, rules);
      const on = dayLabel(visit?.day ?? action.occurrence);
      return {
        subject: `Your visit on ${on} is back on`,
        intro: [
          visit
            ? `Your visit on ${planVisitWords(visit)} is back on.`
            : `Your visit on ${on} is back on.`,
          "The attached update puts it back in your calendar.",
        ],
        sections: next(),
        after: change,
      };
    }
    case "moved": {
      const index = plan.moved.findLastIndex((move) => move.from === action.occurrence);
      const before = { ...plan, moved: plan.moved.filter((_, at) => at !== index) };
      const was = planVisitOf(before, action.occurrence, rules);
      const visit = planVisitOf(plan, action.occurrence, rules);
      const from = dayLabel(was?.day ?? action.occurrence);
      const to = visit ? dayLabel(visit.day) : "another time";
      return {
        subject: `Your visit on ${from} has moved to ${to}`,
        intro: [
          `Your visit on ${from} has moved to ${visit ? planVisitWords(visit) : to}.`,
          "The attached update moves it in your calendar.",
        ],
        sections: next(),
        after: change,
      };
    }
    case "paused": {
      // The series' first visit on or after the day the pause ends (a month holds one).
      const [after] = planVisits(plan, {
        ...rules,
        from: action.until,
        to: addDays(action.until, 62),
      });
      const from = plan.pausedFrom ? ` from ${dayLabel(plan.pausedFrom)}` : "";
      return {
        subject: `Your cleaning plan is paused until ${dayLabel(action.until)}`,
        intro: [
          `Your cleaning plan is paused: no visits${from} until ${dayLabel(action.until)}.`,
          ...(after ? [`Your first visit after the pause is ${planVisitWords(after)}.`] : []),
          "The attached update takes the paused visits off your calendar.",
        ],
        sections: next(),
        after: `To start again sooner, resume the plan on that page or call us. Keep this e-mail: its link opens your page all through the pause.`,
      };
    }
    case "resumed": {
      const [first] = comingVisits(plan, now, rules, 1);
      return {
        subject: "Your cleaning plan is back on",
        intro: [
          `Your cleaning plan is back on: ${everyWords(plan)}.`,
          ...(first ? [`Your next visit is ${planVisitWords(first)}.`] : []),
          "The attached update puts your visits back in your calendar.",
        ],
        sections: next(),
        after: change,
      };
    }
    case "every": {
      if (payload.ended) return endedWords(series, rules, now);
      const ended = plan.earlier?.at(-1);
      return {
        subject: `Your cleaning plan now comes ${describeEvery(plan.every, plan.first.day)}`,
        intro: [
          `Your cleaning plan now comes ${everyWords(plan)}, from ${dayLabel(plan.first.day)}.`,
          "The attached invitation puts the new visits in your calendar.",
          ...(ended && ended.first.day !== plan.first.day
            ? [
                `A second e-mail from us ends your visits ${describeEvery(ended.every, ended.first.day)} there.`,
              ]
            : []),
        ],
        rows: [...planRows(request, plan), ...priceRows(request, plan, false)],
        sections: next(),
        after: change,
      };
    }
    case "cancelled": {
      const staying = comingVisits(plan, now, rules, 10);
      const from = plan.cancelledFrom ? ` from ${dayLabel(plan.cancelledFrom)} on` : "";
      return {
        subject: "Your cleaning plan is cancelled",
        intro: [
          `Your cleaning plan is cancelled: no visits${from}.`,
          "The attached update takes the cancelled visits off your calendar.",
        ],
        sections: staying.length
          ? [
              {
                heading: staying.length === 1 ? "This visit stays" : "These visits stay",
                lines: staying.map(listedVisit),
              },
            ]
          : [],
        after: "To start again, or if this was a mistake, please call us.",
      };
    }
  }
}

/** The e-mail that ends a series after a change of how often: its last visit, in words. */
function endedWords(series: Plan, rules: PlanRules, now: Date): PlanLetter {
  const end = series.cancelledFrom ?? series.first.day;
  const last = planVisits(series, { ...rules, from: addDays(end, -62), to: addDays(end, -1) }).at(
    -1,
  );
  const every = describeEvery(series.every, series.first.day);
  return {
    subject: `Calendar update: your visits ${every} end`,
    intro: [
      `Your cleaning plan has a new schedule (see our other e-mail), so your visits ${every} end.`,
      ...(last && last.start > now
        ? [`The last of them is ${planVisitWords(last)}: it stays.`]
        : []),
      "The attached update ends them in your calendar.",
    ],
    after: "Questions about the new schedule? Use that page or call us.",
  };
}

/** The ended series an e-mail is about (by its first day), or null when the plan has none such. */
export function endedSeries(plan: StoredPlan, first: string): Plan | null {
  return plan.earlier?.findLast((series) => series.first.day === first) ?? null;
}

/**
 * What a plan's e-mail says (composePlanEmail in visitor-emails.ts puts it in the letter every
 * visitor e-mail shares): the words of its action, and the series it changed as an invitation.
 */
export function planLetter(
  request: StoredContactRequest,
  payload: PlanPayload,
  letters: VisitorLetters,
  links: VisitorLinks,
  now: Date,
): PlanLetter & { after: string; calendar: NonNullable<ContactEmail["calendar"]> } {
  const plan = request.plan;
  if (!plan) throw new Error("no plan booked");
  const series = payload.ended ? endedSeries(plan, payload.ended) : plan;
  if (!series) throw new Error("no such series");
  const words = wordsOf(request, plan, series, payload, letters, now);
  return {
    ...words,
    after: words.after ?? "",
    calendar: seriesCalendar(request, series, payload.sequence, letters, links, now),
  };
}
