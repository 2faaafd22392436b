/**
 * The content document as the repository holds it (content/*.json, one file per group): the
 * site's first version, and what a developer commits after writing the live version back.
 */
import area from "../../content/area.json" with { type: "json" };
import booking from "../../content/booking.json" with { type: "json" };
import business from "../../content/business.json" with { type: "json" };
import contact from "../../content/contact.json" with { type: "json" };
import hours from "../../content/hours.json" with { type: "json" };
import offer from "../../content/offer.json" with { type: "json" };
import pages from "../../content/pages.json" with { type: "json" };
import pictures from "../../content/pictures.json" with { type: "json" };
import prices from "../../content/prices.json" with { type: "json" };
import reviews from "../../content/reviews.json" with { type: "json" };

export const contentGroups = [
  "business",
  "contact",
  "hours",
  "offer",
  "prices",
  "area",
  "booking",
  "reviews",
  "pages",
  "pictures",
] as const;

export const repositoryContent: unknown = {
  business,
  contact,
  hours,
  offer,
  prices,
  area,
  booking,
  reviews,
  pages,
  pictures,
};
