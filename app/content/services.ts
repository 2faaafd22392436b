/**
 * The six cards on /services and the detail dialog each one opens (product.md, Services). Ids are
 * the quote form's service values, so a card and the form's choice are the same service. What the
 * cards say is the owner's (content/pages.json, Pages group), read from the version the page is made from.
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the service pages' texts (the owner's: content/pages.json);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form.
 */
import type { LucideIcon } from "lucide-react";
import { BriefcaseBusiness, Building2, Droplets, HardHat, Sparkles, SprayCan } from "lucide-react";
import type { ServiceValue } from "../../shared/contact-fields";
import type { SiteContent } from "../../shared/content/site-content";

/** A card's id and its artwork's name: every form choice but Other. */
type ServiceId = Exclude<ServiceValue, "other">;

export type Service = {
  id: ServiceId;
  icon: LucideIcon;
  title: string;
  /** One sentence, on the card. */
  shortDesc: string;
  /** Two or three sentences, in the dialog. */
  description: string;
  /** Five key features. */
  features: string[];
  image: ServiceId;
  imageAlt: string;
};

/** What the cards are: the order, the names product.md gives them, their icons and artwork. */
const cards: (Omit<Service, "id" | "shortDesc" | "description" | "features"> & {
  id: keyof SiteContent["pages"]["serviceCards"];
})[] = [
  {
    id: "janitorial",
    icon: SprayCan,
    title: "Janitorial Cleaning",
    image: "janitorial",
    imageAlt: "Illustration of a janitorial cart with a mop bucket and cleaning supplies",
  },
  {
    id: "commercial",
    icon: Building2,
    title: "Commercial Cleaning",
    image: "commercial",
    imageAlt: "Illustration of a commercial building with a cleaner at the front entrance",
  },
  {
    id: "office",
    icon: BriefcaseBusiness,
    title: "Office Cleaning",
    image: "office",
    imageAlt: "Illustration of a tidy office with desks and a cleaner wiping a workstation",
  },
  {
    id: "post-construction",
    icon: HardHat,
    title: "Post-Construction Cleaning",
    image: "post-construction",
    imageAlt: "Illustration of a hard hat, paint roller and broom in a newly finished room",
  },
  {
    id: "carpet",
    icon: Droplets,
    title: "Carpet Cleaning",
    image: "carpet",
    imageAlt: "Illustration of a carpet cleaning wand lifting dirt from a carpet",
  },
  {
    id: "floor-wax",
    icon: Sparkles,
    title: "Strip and Wax Floor Services",
    image: "floor-wax",
    imageAlt: "Illustration of a floor machine polishing a glossy tiled floor",
  },
];

/**
 * The carpet card's words around the drying time (Business), so that a new drying time reaches the
 * card with no text to edit; its other key features are the owner's.
 */
function carpetTexts(
  document: SiteContent,
): Pick<Service, "shortDesc" | "description" | "features"> {
  const dry = document.business.carpetDryTime;
  return {
    shortDesc: `Hot-water extraction for homes and offices that lifts ground-in dirt and stains, with most carpets dry in ${dry}.`,
    description: `We inspect the carpet, pre-treat traffic lanes and spots, deep clean with hot-water extraction, then groom the pile so it dries evenly. It works on wall-to-wall carpet, stairs, runners and office carpet tile, and most carpets are dry within ${dry}.`,
    features: [...document.pages.serviceCards.carpet.features, `Dry in ${dry} in most cases`],
  };
}

/** The six cards with a content version's texts. */
export function servicesOf(document: SiteContent): Service[] {
  return cards.map((card) => ({
    ...card,
    ...(card.id === "carpet" ? carpetTexts(document) : document.pages.serviceCards[card.id]),
  }));
}
