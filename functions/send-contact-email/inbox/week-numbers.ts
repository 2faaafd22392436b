/**
 * The week's numbers at the top of the inbox: the figures `npm run leads -- --stats` prints and
 * the Monday e-mail sends (leads/lead-stats.ts), as a few large figures a phone shows at a glance,
 * the money in one sentence each, the visits booked in the week (leads/schedule.ts: one-time and
 * plans' visits), what the running plans bring a month (leads/plan-value.ts), and the breakdowns
 * folded below. Its CSS is the inbox's (views/page-css.ts).
 */
import { ownValue } from "../../../shared/own-key.ts";
import { formatRange } from "../../../shared/quote/estimate.ts";
import {
  durationText,
  outcomeStatuses,
  type PeriodStats,
  plural,
  sorted,
  valueText,
  type WorkValue,
} from "../leads/lead-stats.ts";
import type { PlansValue } from "../leads/plan-value.ts";
import { Fragment, h } from "../views/react.ts";

const money = (value: WorkValue) => (value.count ? valueText(value) : "none");
const label = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1)}`;

function Tally({ title, counts }: { title: string; counts: Record<string, number> }) {
  const rows = sorted(counts);
  return h(
    Fragment,
    null,
    h("h3", null, title),
    rows.length === 0
      ? h("p", null, "None yet.")
      : h(
          "ul",
          null,
          rows.map(([name, n]) => h("li", { key: name }, `${name}: ${n}`)),
        ),
  );
}

function Figure({ name, value }: { name: string; value: string | number }) {
  return h("div", null, h("dt", null, name), h("dd", null, String(value)));
}

/** The week's visits (leads/schedule.ts), beside the requests' numbers. */
export type WeekBookings = {
  /** Visits starting in the whole week, Monday to Sunday (not only so far), plans' included. */
  visits: number;
  /**
   * What the recurring plans running that week bring a month, from the plans booked: shown when
   * there is one, never made up from estimates (those are the "Booked work" line's).
   */
  plans?: PlansValue;
};

/**
 * "Plans' value a month: $1,240–$1,480 from 3 plans, each at its later visits' price; 1 more
 * paused." A range: the low ends of every plan's price added up, then the high ends.
 */
export function plansWords(value: PlansValue): string {
  const others = [
    value.unpriced ? `${value.unpriced} more without a price (no estimate)` : "",
    value.paused ? `${value.paused} more paused` : "",
  ].filter(Boolean);
  const running = value.plans
    ? `${formatRange(value.perMonth)} from ${plural(value.plans, "plan")}, ${value.plans === 1 ? "at its later visits' price" : "each at its later visits' price"}`
    : "none running";
  return `Plans' value a month: ${running}${others.length ? `; ${others.join(", ")}` : ""}.`;
}

/** The section; `switchTo` links to the other week ("Last week" or "This week"). */
export function renderWeekNumbers(
  stats: PeriodStats,
  switchTo: { href: string; label: string },
  bookings: WeekBookings,
) {
  return h(WeekNumbers, { stats, switchTo, bookings });
}

function WeekNumbers({
  stats,
  switchTo,
  bookings,
}: {
  stats: PeriodStats;
  switchTo: { href: string; label: string };
  bookings: WeekBookings;
}) {
  const site = stats.site;
  return h(
    "section",
    { "aria-labelledby": "week-heading" },
    h(
      "h2",
      { id: "week-heading" },
      stats.label,
      " ",
      h("span", { className: "count" }, stats.days),
    ),
    h(
      "dl",
      { className: "figures" },
      h(Figure, { name: "Requests", value: stats.requests }),
      outcomeStatuses.map((status) =>
        h(Figure, {
          key: status,
          name: label(status),
          value: ownValue(stats.byStatus, status) ?? 0,
        }),
      ),
      h(Figure, { name: "Phone taps", value: site.calls }),
      h(Figure, { name: "Forms started", value: site.formStarts }),
      h(Figure, { name: "Forms sent", value: site.formSends }),
      h(Figure, {
        name: "First answer",
        value: stats.answered ? durationText(stats.medianHoursToContact) : "none yet",
      }),
      h(Figure, { name: "Visits booked", value: bookings.visits }),
    ),
    h("p", { className: "money" }, `Booked work: ${money(stats.value.booked)}.`),
    h("p", { className: "money" }, `Won work: ${money(stats.value.won)}.`),
    bookings.plans ? h("p", { className: "money" }, plansWords(bookings.plans)) : null,
    h(
      "details",
      { className: "breakdown" },
      h("summary", null, "Where they came from, towns, services, phone taps by page"),
      h(Tally, { title: "By source", counts: stats.bySource }),
      h(Tally, { title: "By town", counts: stats.byTown }),
      h(Tally, { title: "By service", counts: stats.byService }),
      h(Tally, { title: "Phone taps by page", counts: site.callsByPage }),
      h(
        "p",
        null,
        `${plural(site.views, "page view")}; ${stats.inArea} of ${stats.withZip} ZIPs in the service area.`,
      ),
    ),
    h("p", null, h("a", { href: switchTo.href }, `${switchTo.label}'s numbers`)),
  );
}
