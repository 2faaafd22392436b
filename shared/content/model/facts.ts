/**
 * The business's facts, how to reach it and the welcome offer: each field once, with the form it
 * is edited on (Business, Phone & e-mail, Welcome offer).
 */
import { z } from "zod";
import { email, lines, paragraph, phone, text, whole, yesNo } from "./fields.ts";
import { field, fixed, formSet, object } from "./nodes.ts";
import { linesRule } from "./rules.ts";

const names = { in: formSet("business", "Names") };
const where = { in: formSet("business", "Where you are") };
const promises = { in: formSet("business", "What you promise") };
const reach = formSet("contact", "How customers reach you");
const welcome = { in: formSet("offer", "Welcome offer") };

export const business = object({
  name: text("the business's name", 80, { label: "Business name", edit: names }),
  shortName: text("a short name", 40, {
    label: "Short name",
    hint: "Where the full name does not fit, like a phone's home screen.",
    edit: names,
  }),
  legalName: text("the legal name", 100, {
    label: "Legal name",
    hint: "As registered, for the copyright line at the bottom of each page.",
    edit: names,
  }),
  tagline: paragraph("a tagline", 160, {
    label: "Line under your name",
    hint: "One line that says what you do, under your name.",
    edit: names,
  }),
  founder: object({
    name: text("the founder's name", 80, { label: "Founder's name", edit: names }),
    title: text("a title", 60, {
      label: "Founder's title",
      hint: "For example: Owner",
      edit: names,
    }),
  }),
  offerPhone: phone({
    label: "Phone on the welcome offer's Call Now button",
    edit: { in: reach, after: "contact.phone" },
  }),
  address: object({
    locality: text("the town", 60, { label: "Town", edit: where }),
    region: field(
      "text",
      z.string().regex(/^[A-Z]{2}$/, "Enter the state as two capital letters, like PA."),
      { label: "State", hint: "Two letters, like PA.", edit: where },
    ),
    country: fixed(z.literal("US"), "Country"),
  }),
  carpetDryTime: text("how long carpets take to dry", 40, {
    label: "Carpet drying time",
    hint: "For example: 4 to 6 hours",
    edit: { ...promises, after: "business.claims.satisfactionGuarantee" },
  }),
  claims: object({
    support: text("the support claim", 20, {
      label: "When customers can reach you",
      hint: "For example: 24/7",
      edit: promises,
    }),
    yearsExperience: whole("the years of experience", 0, 200, {
      label: "Years of experience",
      edit: promises,
    }),
    satisfiedClients: whole("the number of clients", 0, 1_000_000, {
      label: "Number of happy customers",
      edit: promises,
    }),
    qualityGuarantee: text("the quality guarantee", 60, {
      label: "Quality guarantee",
      edit: promises,
    }),
    satisfactionGuarantee: text("the satisfaction guarantee", 60, {
      label: "Satisfaction guarantee",
      edit: promises,
    }),
  }),
  certifications: lines(linesRule("a certification", 60, { min: 1, max: 8 }), {
    label: "Certifications",
    hint: "One per line.",
    edit: promises,
  }),
});

/** How to reach the business: the quote form reads this group alone. */
export const contact = object({
  phone: phone({
    label: "Main phone",
    hint: "Ten digits, like (484) 555-0142.",
    edit: { in: reach },
  }),
  email: email({ label: "E-mail", edit: { in: reach } }),
  responseTime: text("how soon you answer", 40, {
    label: "How soon you answer",
    hint: "For example: 24 hours",
    edit: { in: reach },
  }),
});

export const offer = object({
  enabled: yesNo({ label: "Welcome offer", formLabel: "Show the welcome offer", edit: welcome }),
  percentOff: whole("the percent off", 1, 100, {
    label: "Welcome offer discount",
    formLabel: "Discount",
    unit: "%",
    edit: welcome,
  }),
  terms: text("the offer's terms", 120, {
    label: "Welcome offer terms",
    hint: "The small print under the offer.",
    edit: welcome,
  }),
});
