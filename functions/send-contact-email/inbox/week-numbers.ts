/**
 * The week's numbers at the top of the inbox: the figures `npm run leads -- --stats` prints and
 * the Monday e-mail sends (leads/lead-stats.ts), as a few large figures a phone shows at a glance,
 * the money in one sentence each, and the breakdowns folded below. Its CSS is the inbox's.
 */
import { ownValue } from "../../../shared/own-key.ts";
import {
  durationText,
  outcomeStatuses,
  type PeriodStats,
  plural,
  sorted,
  valueText,
  type WorkValue,
} from "../leads/lead-stats.ts";
import { escapeHtml as e } from "../mail/email.ts";

export const weekNumbersCss = `
.figures{display:grid;grid-template-columns:repeat(2,1fr);gap:.5rem;margin:.5rem 0}
@media (min-width:36rem){.figures{grid-template-columns:repeat(4,1fr)}}
.figures div{background:#f6f7f9;border-radius:.5rem;padding:.5rem .625rem}
.figures dt{font-size:.875rem;color:#4a5263;margin:0}
.figures dd{margin:0;font-size:1.375rem;font-weight:700}
.money{margin:.375rem 0;font-size:.9375rem}
.breakdown h3{font-size:1rem;margin:.75rem 0 .25rem}
.breakdown ul{margin:0;padding-left:1.25rem}
`;

const money = (value: WorkValue) => (value.count ? valueText(value) : "none");
const label = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1)}`;

function tally(title: string, counts: Record<string, number>): string {
  const rows = sorted(counts);
  return `<h3>${e(title)}</h3>${
    rows.length === 0
      ? "<p>None yet.</p>"
      : `<ul>${rows.map(([name, n]) => `<li>${e(name)}: ${n}</li>`).join("")}</ul>`
  }`;
}

/** The section; `switchTo` links to the other week ("Last week" or "This week"). */
export function renderWeekNumbers(
  stats: PeriodStats,
  switchTo: { href: string; label: string },
): string {
  const figure = (name: string, value: string | number) =>
    `<div><dt>${e(name)}</dt><dd>${e(String(value))}</dd></div>`;
  const site = stats.site;
  return `<section aria-labelledby="week-heading">
<h2 id="week-heading">${e(stats.label)} <span class="count">${e(stats.days)}</span></h2>
<dl class="figures">
${figure("Requests", stats.requests)}
${outcomeStatuses.map((status) => figure(label(status), ownValue(stats.byStatus, status) ?? 0)).join("\n")}
${figure("Phone taps", site.calls)}
${figure("Forms started", site.formStarts)}
${figure("Forms sent", site.formSends)}
${figure("First answer", stats.answered ? durationText(stats.medianHoursToContact) : "none yet")}
</dl>
<p class="money">Booked work: ${e(money(stats.value.booked))}.</p>
<p class="money">Won work: ${e(money(stats.value.won))}.</p>
<details class="breakdown">
<summary>Where they came from, towns, services, phone taps by page</summary>
${tally("By source", stats.bySource)}
${tally("By town", stats.byTown)}
${tally("By service", stats.byService)}
${tally("Phone taps by page", site.callsByPage)}
<p>${e(plural(site.views, "page view"))}; ${stats.inArea} of ${stats.withZip} ZIPs in the service area.</p>
</details>
<p><a href="${e(switchTo.href)}">${e(switchTo.label)}'s numbers</a></p>
</section>`;
}
