/**
 * A field of each kind with its rule: `text("the business's name", 80, { label: "Business name" })`
 * is the schema's string of 1 to 80 characters, the form's one-line box labelled "Business name",
 * and the history's "Business name: old → new".
 */
import { z } from "zod";
import { type Choice, field, type Words } from "./nodes.ts";
import {
  amountRule,
  emailRule,
  phoneText,
  shareRule,
  textRule,
  wholeRule,
  zipRule,
} from "./rules.ts";

/** A line of text. */
export const text = (what: string, max: number, words: Words) =>
  field("text", textRule(what, max), words);

/** A text longer than a line of a phone's screen: a box of several lines. */
export const paragraph = (what: string, max: number, words: Words) =>
  field("paragraph", textRule(what, max), words);

/** A list of texts, one per line of its box (rules.ts: linesRule, distinctLinesRule). */
export const lines = <S extends z.ZodType>(rule: S, words: Words) => field("lines", rule, words);

export const whole = (what: string, min: number, max: number, words: Words) =>
  field("whole", wholeRule(what, min, max), words);

/** An amount in dollars, "$" before the box. */
export const dollars = (what: string, max: number, words: Words) =>
  field("dollars", amountRule(what, max), { unit: "$", ...words });

/** A share of a price kept as a fraction (0.15), read and typed as a percent (15), "%" after. */
export const percent = (
  what: string,
  words: Words,
  bounds?: { min?: [number, string]; max?: [number, string] },
) => field("percent", shareRule(what, bounds), { unit: "%", ...words });

export const phone = (words: Words) => field("phone", phoneText, words);

export const email = (words: Words) => field("email", emailRule, words);

export const yesNo = (words: Words) => field("yesNo", z.boolean(), words);

/** ZIP codes of five digits, typed separated by spaces or commas. */
export const zipCodes = (words: Words, least?: string) =>
  field("codes", least ? z.array(zipRule).min(1, least) : z.array(zipRule), words);

type Choices<V extends string> = readonly [Choice & { value: V }, ...(Choice & { value: V })[]];

const valuesOf = <V extends string>(choices: Choices<V>) =>
  choices.map((choice) => choice.value) as [V, ...V[]];

/** One of a few choices, each in words (a select); the document keeps the choice's value. */
export const oneOf = <const V extends string>(what: string, choices: Choices<V>, words: Words) =>
  field("choice", z.enum(valuesOf(choices), { error: `Choose ${what} from the list.` }), {
    choices,
    ...words,
  });

/** Choices ticked together, a box each (none ticked is none); the document keeps their values. */
export const ticked = <const V extends string>(what: string, choices: Choices<V>, words: Words) =>
  field(
    "several",
    z
      .array(z.enum(valuesOf(choices), { error: `Choose ${what} from the list.` }))
      .refine((values) => new Set(values).size === values.length, `Tick each of ${what} once.`),
    { choices, ...words },
  );
