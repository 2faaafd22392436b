import type { BusinessReach } from "../../../shared/business-reach";

/**
 * What happens after a quote request, in the order it happens: the same promise on the form's
 * confirmation (with JavaScript) and on the thank-you page (without).
 */
export function NextSteps({
  estimate,
  reach,
}: {
  estimate?: string | null;
  /** How and when the business answers, in the version the page was made from. */
  reach: Pick<BusinessReach, "responseTime" | "hours">;
}) {
  return (
    <ol className="grid list-decimal gap-3 pl-6 marker:font-bold marker:text-brand-700">
      <li>
        <strong className="text-ink">We have your request.</strong> It is saved, and our team hears
        about it right away.
      </li>
      <li>
        <strong className="text-ink">We call you within {reach.responseTime}</strong>, during
        business hours: {reach.hours.summary}
        {reach.hours.closedDays ? ` (closed ${reach.hours.closedDays})` : ""}.
      </li>
      <li>
        <strong className="text-ink">
          {estimate ? <>Your estimate: {estimate}.</> : "Your price."}
        </strong>{" "}
        We confirm it on the call, after a free walk-through.
      </li>
    </ol>
  );
}
