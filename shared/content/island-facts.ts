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
import { liveContent } from "./live-content.ts";
import type { PageContent } from "./page-content.ts";

export type IslandFacts = Pick<
  Facts,
  "reach" | "priceList" | "offers" | "serviceArea" | "closedDays"
>;

export function islandFactsOf(groups: PageContent): IslandFacts {
  const reach = reachOf(groups);
  return {
    reach,
    priceList: priceListOf(groups),
    offers: offersOf(groups),
    serviceArea: serviceAreaOf(groups),
    closedDays: closedDaysOf(reach.hours),
  };
}

/**
 * The island facts of the live document (in the browser: of the page's groups). A bridge while
 * the islands still read the process's document: they are to be handed their page's facts.
 */
export function pageFacts(): IslandFacts {
  return islandFactsOf(liveContent().document);
}
