/**
 * The price list the quote form's estimate uses (the Prices form), and its version: an id each
 * estimate keeps, worked out here whenever the prices change, never shown nor typed.
 */
import { z } from "zod";
import { dollars, percent, text, whole } from "./fields.ts";
import { derived, field, fixed, formSet, itemOf, object, rows, series } from "./nodes.ts";

const range = {
  in: formSet(
    "prices",
    "The estimate's range",
    "The quote form shows a range, not one price: for example from 90% to 115% of the price worked out below.",
  ),
};
const homes = { in: formSet("prices", "Homes") };
const businesses = { in: formSet("prices", "Businesses") };

const visits = (count: number) => `${count} visit${count === 1 ? "" : "s"} a week`;

const addOn = {
  id: field("id", z.string().regex(/^[a-z0-9-]{1,40}$/), { label: "Id", from: "label" }),
  label: text("the add-on's name", 60, { label: "Name" }),
  price: dollars("The add-on's price", 2_000, { label: "Price" }),
  for: field(
    "several",
    z.array(z.enum(["home", "business"])).min(1, "Choose homes, businesses or both."),
    {
      label: "For",
      choices: [
        { value: "home", label: "For homes" },
        { value: "business", label: "For businesses" },
      ],
      blank: "home",
    },
  ),
};

export const prices = object({
  version: derived(z.string().regex(/^[\w.-]{1,40}$/), {
    label: "Price list version",
    // Each estimate keeps the version of the price list it was made with: a changed list is a
    // new version, so an old estimate is never read against new prices.
    derive(next, live, now) {
      const { version: _liveVersion, ...liveRest } = live;
      const { version: _nextVersion, ...nextRest } = next;
      return JSON.stringify(liveRest) === JSON.stringify(nextRest)
        ? undefined
        : `edited-${now.toISOString().slice(0, 16).replace(/[:T]/g, "-")}`;
    },
  }),
  currency: fixed(z.literal("USD")),
  range: object(
    {
      low: percent(
        "the low end",
        { label: "Estimate range starts at", edit: range },
        {
          min: [0.5, "The low end cannot be under half the price."],
          max: [1, "The low end cannot be above the price itself (100%)."],
        },
      ),
      high: percent(
        "the high end",
        { label: "Estimate range ends at", edit: range },
        {
          min: [1, "The high end cannot be under the price itself (100%)."],
          max: [2, "The high end cannot be over twice the price."],
        },
      ),
    },
    {
      rules: (schema) =>
        schema.refine((range) => range.low <= range.high, {
          message: "The low end of the range must not be above its high end.",
          path: ["low"],
        }),
    },
  ),
  home: object({
    base: dollars("The base price", 2_000, {
      label: "Home: starting price",
      hint: "Before bedrooms, bathrooms and extras.",
      edit: homes,
    }),
    perBedroom: dollars("The price per bedroom", 500, {
      label: "Home: each bedroom adds",
      edit: homes,
    }),
    perBathroom: dollars("The price per bathroom", 500, {
      label: "Home: each bathroom adds",
      edit: homes,
    }),
    includedSquareFeet: whole("the square feet included", 0, 20_000, {
      label: "Home: square feet in the starting price",
      hint: "The starting price covers a home up to this size.",
      edit: homes,
    }),
    perExtraSquareFoot: dollars("The price per extra square foot", 5, {
      label: "Home: each square foot over that adds",
      edit: homes,
    }),
    extraConditionSurcharge: percent("The extra for a home that needs extra attention", {
      label: "Home: extra for a home that needs extra attention",
      hint: "Added when the visitor ticks “Needs extra attention” on the quote form.",
      edit: homes,
    }),
    frequencyDiscount: object({
      "one-time": percent("The one-time discount", {
        label: "Home: discount for a one-time clean",
        edit: homes,
      }),
      monthly: percent("The monthly discount", {
        label: "Home: discount for cleaning every month",
        edit: homes,
      }),
      "bi-weekly": percent("The bi-weekly discount", {
        label: "Home: discount for cleaning every two weeks",
        edit: homes,
      }),
      weekly: percent("The weekly discount", {
        label: "Home: discount for cleaning every week",
        edit: homes,
      }),
    }),
    minimum: dollars("The minimum price", 2_000, {
      label: "Home: lowest price",
      hint: "No home estimate goes below this.",
      edit: homes,
    }),
  }),
  business: object({
    perSquareFoot: dollars("The price per square foot", 5, {
      label: "Business: price per square foot",
      edit: businesses,
    }),
    minimum: dollars("The minimum price", 10_000, {
      label: "Business: lowest price",
      hint: "No business estimate goes below this.",
      edit: businesses,
    }),
    visitsPerWeekDiscount: series({
      label: "Business: discounts for visits each week",
      length: 7,
      item: (index) =>
        percent("A visits-per-week discount", {
          label: `Business: discount at ${visits(index + 1)}`,
          historyLabel: `Business: discount for ${visits(index + 1)}`,
          edit: businesses,
        }),
    }),
  }),
  addOns: rows({
    label: "Add-ons",
    item: "Add-on",
    edit: { part: "prices" },
    fields: addOn,
    schema: z.array(itemOf(addOn)).max(20),
  }),
});
