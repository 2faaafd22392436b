/**
 * Quote details in plain words, for the owner's e-mail, alerts and request page: one wording,
 * wherever the owner reads it.
 */
import type { Facts } from "../content/facts.ts";
import { ownValue } from "../own-key.ts";
import { estimateSentence } from "./estimate-words.ts";
import { offerById } from "./offers.ts";
import { formatWindow } from "./preferred-windows.ts";
import { frequencyLabels, type PriceList } from "./price-list.ts";
import type { StoredQuoteDetails } from "./quote-details.ts";

export type DetailLine = { label: string; value: string };

/**
 * What describing a request reads of the content version it was made with (its stamp,
 * decision 0028): the add-ons' names in its price list, the offers' names.
 */
export type QuoteWords = Pick<Facts, "priceList" | "offers">;

/**
 * "First visit $120–$155 with the 20% welcome offer, then $150–$195 every two weeks" (both prices
 * of a recurring schedule), or null without an estimate.
 */
export function estimateText(details: StoredQuoteDetails, words: QuoteWords): string | null {
  return details.estimate
    ? estimateSentence(details.estimate, details.offer, words.offers.current)
    : null;
}

/**
 * "King of Prussia" for a town's own ZIP, "19403, near Plymouth Meeting" for one of its nearby
 * ZIPs (never the town's name alone: 19403 is Norristown), or null outside the area.
 */
export function townText(details: StoredQuoteDetails): string | null {
  if (!details.inServiceArea || !details.town) return null;
  return details.nearby ? `${details.zip}, near ${details.town}` : details.town;
}

/** "King of Prussia", "19403, near Plymouth Meeting", "19401 (outside the service area)", or null without a ZIP. */
export function placeText(details: StoredQuoteDetails): string | null {
  if (details.zip === undefined) return null;
  return townText(details) ?? `${details.zip} (outside the service area)`;
}

/** "19382, West Chester, in our service area"; a nearby ZIP names the crew that covers it. */
function zipLine(details: StoredQuoteDetails & { zip: string }): string {
  if (!details.inServiceArea) return `${details.zip}, outside our service area`;
  if (!details.town) return `${details.zip}, in our service area`;
  return details.nearby
    ? `${details.zip}, in our service area, covered by our ${details.town} crew`
    : `${details.zip}, ${details.town}, in our service area`;
}

/**
 * The quote details a request carried, one line each, in words a person uses ("19382, West
 * Chester, in our service area", "20% welcome offer, on the first cleaning"); none for a request
 * without them. Ids and versions stay in `npm run leads -- --json` (and priceListNote).
 */
export function describeQuoteDetails(details: StoredQuoteDetails, words: QuoteWords): DetailLine[] {
  const lines: DetailLine[] = [];
  if (details.zip !== undefined)
    lines.push({ label: "ZIP", value: zipLine({ ...details, zip: details.zip }) });
  const estimate = estimateText(details, words);
  if (details.estimate && estimate) {
    lines.push({ label: "Estimate", value: estimate });
    lines.push({
      label: "Estimate for",
      value: describeInputs(details.estimate.inputs, words.priceList),
    });
  }
  if (details.offer) {
    const name = offerById(details.offer.id, words.offers.current)?.label.toLowerCase() ?? "offer";
    lines.push({
      label: "Offer",
      value: `${details.offer.percentOff}% ${name}, on the first cleaning`,
    });
  }
  if (details.preferredWindows?.length) {
    lines.push({
      label: "Preferred times",
      value: details.preferredWindows.map(formatWindow).join("; "),
    });
  }
  return lines;
}

/**
 * Which prices an estimate was made with, for the owner's e-mail footer: "Price list version
 * 2026-11-a" as the owner named it in content/prices.json, or "Prices you published on Saturday,
 * November 28, 2026 at 8:12 PM (Eastern time)" for a price list the editor stamped: its id holds
 * the publish time in UTC (edited-2026-11-29-01-12), which is no one's time to read.
 */
export function priceListNote(
  details: StoredQuoteDetails,
  formatTime: (date: Date) => string,
): string | null {
  const version = details.estimate?.priceList;
  if (!version) return null;
  const edited = /^edited-(\d{4})-(\d\d)-(\d\d)-(\d\d)-(\d\d)$/.exec(version);
  if (!edited) return `Price list version ${version}`;
  const [year = 0, month = 1, day, hour, minute] = edited.slice(1).map(Number);
  const published = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return `Prices you published on ${formatTime(published)}`;
}

const area = (squareFeet: number) => `${squareFeet.toLocaleString("en-US")} sq ft`;

function describeInputs(
  inputs: NonNullable<StoredQuoteDetails["estimate"]>["inputs"],
  list: PriceList,
): string {
  const addOns = inputs.addOns.map(
    (id) => list.addOns.find((addOn) => addOn.id === id)?.label ?? id,
  );
  const parts =
    inputs.kind === "home"
      ? [
          `home, ${inputs.bedrooms} bedrooms, ${inputs.bathrooms} bathrooms, ${area(inputs.squareFeet)}`,
          inputs.condition === "extra" ? "needs extra attention" : "routine condition",
          (ownValue(frequencyLabels, inputs.frequency) ?? inputs.frequency).toLowerCase(),
        ]
      : [`business, ${area(inputs.squareFeet)}`, `${inputs.visitsPerWeek} visits a week`];
  if (addOns.length) parts.push(`add-ons: ${addOns.join(", ")}`);
  return parts.join("; ");
}
