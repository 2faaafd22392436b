/**
 * The rules a value of the owner's content is held to, each with its messages in plain words that
 * name no field id (the editor shows each one beside its field). The declarations (fields.ts and
 * the groups beside it) pick a rule for each field; `what` is how a message names the value
 * ("Enter the business's name.").
 */
import { z } from "zod";

export const textRule = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `Keep ${what} to ${max} characters or fewer.`);

export const wholeRule = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${what} as a number.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `Enter ${what} from ${min} to ${max}.`)
    .max(max, `Enter ${what} from ${min} to ${max}.`);

export const amountRule = (what: string, max: number) =>
  z
    .number({ error: `Enter ${what} in dollars.` })
    .min(0, `${what} cannot be below $0.`)
    .max(max, `${what} cannot be above $${max.toLocaleString("en-US")}.`);

/** A share of a price (0.15 is 15%), from 0 to 90% unless the bounds say otherwise. */
export const shareRule = (
  what: string,
  bounds: { min?: [number, string]; max?: [number, string] } = {},
) =>
  z
    .number({ error: `Enter ${what} as a percent.` })
    .min(...(bounds.min ?? [0, `${what} cannot be below 0%.`]))
    .max(...(bounds.max ?? [0.9, `${what} cannot be above 90%.`]));

/** A US phone number as people read it; any spacing is accepted, ten digits are required. */
export const phoneText = z
  .string({ error: "Enter a phone number with 10 digits, like (484) 555-0142." })
  .trim()
  .refine(
    (value) => /^[\d\s().+-]+$/.test(value) && tenDigits(value) !== null,
    "Enter a phone number with 10 digits, like (484) 555-0142.",
  )
  .transform((value) => formatPhone(tenDigits(value) as string));

function tenDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return null;
}

function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const emailRule = z.email("Enter an e-mail address like hello@example.com.").max(254);

export const clockRule = z
  .string({ error: "Enter a time like 08:00." })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 08:00 (24-hour).");

export const zipRule = z.string().regex(/^\d{5}$/, "Enter ZIP codes of five digits.");

export type Count = number | { min: number; max: number };

export function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

/** Lines of text, each a line of the form ("Give at least 1 line."). */
export const linesRule = (what: string, max: number, count: { min: number; max: number }) =>
  z
    .array(textRule(what, max))
    .min(count.min, `Give at least ${count.min} ${count.min === 1 ? "line" : "lines"}.`)
    .max(count.max, `Give at most ${count.max} lines.`);

/** Lines each different from the others (the pages key on them), counted by their `noun`. */
export const distinctLinesRule = (what: string, max: number, count: Count, noun = "line") => {
  const bounds = typeof count === "number" ? { min: count, max: count } : count;
  const list = z.array(textRule(what, max));
  return (
    bounds.min === bounds.max
      ? list.length(bounds.min, `Give exactly ${bounds.min} ${plural(bounds.min, noun)}.`)
      : list
          .min(bounds.min, `Give at least ${bounds.min} ${plural(bounds.min, noun)}.`)
          .max(bounds.max, `Give at most ${bounds.max} ${plural(bounds.max, noun)}.`)
  ).refine(
    (items) => new Set(items).size === items.length,
    `Each ${noun} must be different from the others.`,
  );
};
