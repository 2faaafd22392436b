import type { Offers } from "../../../shared/quote/offers";

/**
 * The welcome offer for a browser without JavaScript, which never sees the popup: its words and
 * percent as the owner set them, and a box that claims it with the request (the first of the plain
 * details, inside the form's <noscript>, before the script's hidden `offer` field: a plain post's
 * first `offer` is this box's when it is ticked). Nothing while the owner has the offer off.
 */
export function PlainOffer({ offers }: { offers: Offers }) {
  const { welcomeOffer, welcomeOfferOn } = offers;
  if (!welcomeOfferOn) return null;
  return (
    <label className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-ink">
      <input
        type="checkbox"
        name="offer"
        value={welcomeOffer.id}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <span>
        <strong>{`Claim our welcome offer: ${welcomeOffer.percentOff}% off your first cleaning.`}</strong>
        <span className="block text-slate-700 text-sm">{welcomeOffer.terms}</span>
      </span>
    </label>
  );
}
