/** The Reviews form: what customers said, a row each. */
import { z } from "zod";
import { paragraph, text, whole } from "./fields.ts";
import { itemOf, rows } from "./nodes.ts";

const review = {
  name: text("the reviewer's name", 60, { label: "Reviewer's name" }),
  rating: whole("the rating", 1, 5, {
    label: "Rating",
    choices: [5, 4, 3, 2, 1].map((stars) => ({
      value: String(stars),
      label: `${stars} star${stars === 1 ? "" : "s"}`,
    })),
    blank: "5",
  }),
  text: paragraph("the review", 800, { label: "What they said" }),
  location: text("where they are", 60, {
    label: "Where they are",
    hint: "For example: Exton, PA",
    after: "name",
  }),
  service: text("the service", 60, {
    label: "Service they had",
    hint: "For example: Carpet Cleaning",
    after: "location",
  }),
};

export const reviews = rows({
  label: "Reviews",
  item: "Review",
  edit: { part: "reviews" },
  fields: review,
  schema: z
    .array(itemOf(review))
    .min(1, "Keep at least one review.")
    .max(20, "Show at most 20 reviews."),
});
