/**
 * An estimate in one sentence, the same on the form and wherever the owner reads it (e-mail, push,
 * request page): "First visit $205–$270 with the 20% welcome offer, then $260–$330 every two
 * weeks". Returned as parts so the page can keep each amount on one line.
 */
import { formatRange, type StoredEstimate } from "./estimate.ts";
import { type Offer, offerById } from "./offers.ts";
import { cadenceText } from "./schedule.ts";

export type EstimatePart = { text: string; amount?: true };

type ClaimedOffer = { id: string; percentOff: number };

export function estimateParts(
  estimate: Pick<StoredEstimate, "low" | "high" | "recurring" | "inputs">,
  offer: ClaimedOffer | null | undefined,
  /** The offers of the version the estimate was made with, for the offer's name. */
  offers: readonly Offer[],
): EstimatePart[] {
  const first = { text: formatRange(estimate), amount: true } as const;
  const offerName = offer
    ? `${offer.percentOff}% ${(offerById(offer.id, offers)?.label ?? "offer").toLowerCase()}`
    : "";
  const cadence = cadenceText(estimate.inputs);
  if (cadence && estimate.recurring) {
    const later = { text: formatRange(estimate.recurring), amount: true } as const;
    return offer
      ? [
          { text: "First visit " },
          first,
          { text: ` with the ${offerName}, then ` },
          later,
          { text: ` ${cadence}` },
        ]
      : [later, { text: ` ${cadence}` }];
  }
  if (cadence) {
    // Stored before recurring schedules had two prices: one figure, read as it was then.
    return [first, { text: ` a visit${offer ? `, ${offerName} applied` : ""}` }];
  }
  return [first, { text: ` for a one-time cleaning${offer ? `, with the ${offerName}` : ""}` }];
}

export function estimateSentence(
  estimate: Pick<StoredEstimate, "low" | "high" | "recurring" | "inputs">,
  offer: ClaimedOffer | null | undefined,
  offers: readonly Offer[],
): string {
  return estimateParts(estimate, offer, offers)
    .map((part) => part.text)
    .join("");
}
