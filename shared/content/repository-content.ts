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
import { contentModel } from "./model/content-model.ts";

/** The document's groups, in its order: the model's (declared once, model/content-model.ts). */
export type ContentGroup = keyof typeof contentModel.children;
export const contentGroups = Object.keys(contentModel.children) as ContentGroup[];

// One file per group: the compiler holds this list to the model's groups.
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
} satisfies Record<ContentGroup, unknown>;
