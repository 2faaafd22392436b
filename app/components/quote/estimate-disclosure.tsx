import { useState } from "react";
import { ChevronDownIcon } from "~/components/ui/stroke-icons";
import { cn } from "~/lib/cn";
import type { ServiceValue } from "../../../shared/contact-fields";
import type { EstimateInputs } from "../../../shared/quote/estimate";
import type { Offer } from "../../../shared/quote/offers";

import { Estimator, type EstimatorFacts } from "./estimator";

type EstimateDisclosureProps = {
  open: boolean;
  onToggle: () => void;
  offer: Offer | null;
  /** The page's price list and offers. */
  facts: EstimatorFacts;
  /** The service chosen in the form, which decides whether a home or a business is estimated. */
  service: ServiceValue | "";
  error?: string;
  onChange: (inputs: EstimateInputs | null) => void;
};

/**
 * "Get an instant estimate": a button that shows the estimator in place. Once opened the estimator
 * stays mounted (hidden when closed) so the visitor's figures survive closing it; an estimate is
 * sent only while it is open. `#estimate` is where the site's "instant estimate" links land.
 */
export function EstimateDisclosure({
  open,
  onToggle,
  offer,
  facts,
  service,
  error,
  onChange,
}: EstimateDisclosureProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <div id="estimate" className="scroll-mt-24 sm:col-span-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="estimate-panel"
        onClick={onToggle}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl border-2 border-brand-600 bg-white px-4 py-3 text-left font-bold text-brand-800 hover:bg-brand-50"
      >
        Get an instant estimate
        <ChevronDownIcon
          className={cn("size-5 shrink-0 transition-transform", open && "rotate-180")}
        />
      </button>
      <div id="estimate-panel" hidden={!open} className="mt-4">
        {opened ? (
          <Estimator offer={offer} facts={facts} service={service} onChange={onChange} />
        ) : null}
        {error ? (
          <p id="estimate-error" className="mt-3 text-red-700 text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
