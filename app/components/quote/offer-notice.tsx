import { BadgePercentIcon } from "~/components/ui/stroke-icons";
import type { Offer } from "../../../shared/quote/offers";

type OfferNoticeProps = {
  offer: Offer;
  onRemove: () => void;
  /** Focused when the offer is claimed on this page, so the visitor sees (and hears) it applied. */
  ref?: React.Ref<HTMLDivElement>;
};

/** The welcome offer, applied with no code to type; the visitor may remove it. */
export function OfferNotice({ offer, onRemove, ref }: OfferNoticeProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="flex scroll-mt-24 flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-ink sm:col-span-2"
    >
      <BadgePercentIcon className="size-6 shrink-0 text-brand-700" />
      <p role="status" className="grow font-semibold">
        {offer.appliedText}
        <span className="block font-normal text-slate-700 text-sm">{offer.terms}</span>
      </p>
      <button
        type="button"
        onClick={onRemove}
        className="min-h-11 rounded-lg px-2 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-100"
      >
        Remove offer
      </button>
    </div>
  );
}
