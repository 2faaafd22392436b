/**
 * The owner's week at the top of the inbox: this week's visits and next week's (Monday to Sunday
 * in the business's time zone), each day's in order, each with its time, the customer (a link to
 * the request's page), where to go (a maps link), a Call button, the visit's price and what kind
 * of visit it is (one-time, or a plan's, and whether it was moved from its own date). Days without a visit are left out. Plain HTML, no script; its CSS is the
 * inbox's (views/page-css.ts).
 */

import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import { formatDate } from "../../../shared/quote/preferred-windows.ts";
import { timeRange, visitDay } from "../base/visit.ts";
import {
  kindWords,
  mapsHref,
  placeWords,
  priceWords,
  type ScheduledVisit,
} from "../leads/schedule.ts";
import { periodDays, type StatsPeriod } from "../leads/stats-periods.ts";
import { Fragment, h } from "../views/react.ts";

export type WeekOfVisits = {
  /** A whole week (stats-periods.ts's wholeWeek): its label heads it, "This week". */
  week: StatsPeriod;
  /** Its visits, earliest first. */
  visits: readonly ScheduledVisit[];
};

type VisitsProps = {
  weeks: readonly WeekOfVisits[];
  /** Today in the business's time zone (YYYY-MM-DD): its day says so. */
  today: string;
  /** The address of a request's own page, signed for it. */
  requestHref: (requestId: string) => string;
};

/** The weeks' sections, one after the other. */
export function renderWeekVisits(props: VisitsProps) {
  return h(WeekVisits, props);
}

function WeekVisits({ weeks, today, requestHref }: VisitsProps) {
  return h(
    Fragment,
    null,
    weeks.map(({ week, visits }) =>
      h(OneWeek, { key: week.firstDay, week, visits, today, requestHref }),
    ),
  );
}

function OneWeek({ week, visits, today, requestHref }: WeekOfVisits & Omit<VisitsProps, "weeks">) {
  const id = `visits-${week.firstDay}`;
  const days = new Map<string, ScheduledVisit[]>();
  for (const visit of visits) {
    const day = visitDay(visit);
    days.set(day, [...(days.get(day) ?? []), visit]);
  }
  return h(
    "section",
    { className: "week", "aria-labelledby": id },
    h(
      "h2",
      { id },
      `${week.label}'s visits`,
      " ",
      h("span", { className: "count" }, periodDays(week)),
    ),
    days.size === 0
      ? h("p", { className: "empty" }, "No visits booked.")
      : [...days].map(([day, ofDay]) =>
          h(
            Fragment,
            { key: day },
            h("h3", null, day === today ? `Today, ${formatDate(day)}` : formatDate(day)),
            h(
              "ol",
              { className: "visits" },
              ofDay.map((visit) =>
                h(VisitItem, {
                  key: `${visit.requestId} ${visit.start}`,
                  visit,
                  href: requestHref(visit.requestId),
                }),
              ),
            ),
          ),
        ),
  );
}

function VisitItem({ visit, href }: { visit: ScheduledVisit; href: string }) {
  const map = mapsHref(visit);
  return h(
    "li",
    null,
    h(
      "p",
      { className: "when" },
      h("time", { dateTime: visit.start }, timeRange(visit)),
      h("span", null, ` · ${kindWords(visit)}`),
    ),
    h("a", { className: "who", href }, visit.name),
    h(
      "p",
      null,
      map ? h("a", { className: "map", href: map }, placeWords(visit)) : placeWords(visit),
    ),
    h(
      "p",
      null,
      h(
        "a",
        { className: "call", href: phoneHref(visit.phone) },
        `Call ${phoneDisplay(visit.phone)}`,
      ),
      " ",
      h("span", { className: "price" }, priceWords(visit)),
    ),
  );
}
