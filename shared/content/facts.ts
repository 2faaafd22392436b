/**
 * The facts of one content version, worked out from its document and nothing else: what the
 * pages show, what the contact function prices, checks and words its e-mails with. A reader is
 * handed the facts of the version it speaks from (the page's render, the request's stamp), never
 * reads a process-wide "current" one (decision 0028).
 *
 * Cheap to work out (a few objects; a year's holidays only when asked): whoever holds a version
 * holds its facts beside it (the function's content source, a page's render), and no module keeps
 * any.
 */
import { type BookingSettings, bookingOf } from "../booking/booking-settings.ts";
import { type Business, businessOf, supportPromiseOf } from "../business.ts";
import type { BusinessReach } from "../business-reach.ts";
import type { ClosedDays } from "../closed-days.ts";
import type { Offers } from "../quote/offers.ts";
import type { PriceList } from "../quote/price-list.ts";
import type { TownZips } from "../quote/service-area.ts";
import { islandFactsOf } from "./island-facts.ts";
import { type OwnerPictures, ownerPicturesOf } from "./owner-pictures.ts";
import { repositoryContent } from "./repository-content.ts";
import type { SiteContent } from "./site-content.ts";

export type Facts = {
  /** The document they were worked out from (a page's texts, the reviews). */
  document: SiteContent;
  business: Business;
  /** How to reach the business and when (the quote form's part of `business`). */
  reach: BusinessReach;
  /** What "24/7 customer support" promises beside the hours. */
  supportPromise: string;
  priceList: PriceList;
  offers: Offers;
  serviceArea: readonly TownZips[];
  closedDays: ClosedDays;
  ownerPictures: OwnerPictures;
  /** How customers book online: the owner's availability (shared/booking/booking-settings.ts). */
  booking: BookingSettings;
};

export function factsOf(document: SiteContent): Facts {
  const islands = islandFactsOf(document);
  const business = businessOf(document.business, islands.reach, islands.offers.welcomeOffer);
  return {
    ...islands,
    document,
    business,
    supportPromise: supportPromiseOf(business),
    ownerPictures: ownerPicturesOf(document),
    booking: bookingOf(document),
  };
}

/** The facts of the repository's version (content/): for tests and tools, never the live one. */
export function repositoryFacts(): Facts {
  return factsOf(repositoryContent as SiteContent);
}
