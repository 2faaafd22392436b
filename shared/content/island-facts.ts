/**
 * The facts the browser's islands read (the quote form, the ZIP box), worked out from the groups
 * a page carries in its data block (page-content.ts) and nothing else: the same on the server
 * that renders the page and in the browser that starts its island.
 */
import { reachOf } from "../business-reach.ts";
import { closedDaysOf } from "../closed-days.ts";
import { offersOf } from "../quote/offers.ts";
import { priceListOf } from "../quote/price-list.ts";
import { serviceAreaOf } from "../quote/service-area.ts";
import type { Facts } from "./facts.ts";
import type { SiteContent } from "./site-content.ts";

export type IslandFacts = Pick<
  Facts,
  "reach" | "priceList" | "offers" | "serviceArea" | "closedDays"
>;

/**
 * The groups a page may carry for its islands (page-content.ts's `pageContentGroups`; named here,
 * not imported: that module reads the browser's document, which the function's hosts type-check
 * without).
 */
type IslandGroups = Pick<SiteContent, "contact" | "hours" | "offer" | "prices" | "area">;

export function islandFactsOf(groups: IslandGroups): IslandFacts {
  const reach = reachOf(groups);
  return {
    reach,
    priceList: priceListOf(groups),
    offers: offersOf(groups),
    serviceArea: serviceAreaOf(groups),
    closedDays: closedDaysOf(reach.hours),
  };
}
