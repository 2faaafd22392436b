/**
 * The one definition of a quote request (docs/contact-api.md, Request).
 * The contact form validates with it before sending; both hosts of send-contact-email
 * validate with it again before storing. Keep it free of browser and server APIs.
 */
import { z } from "zod";
import { limits, messages, type ServiceValue, serviceOptions } from "./contact-fields.ts";
import { withoutInvisibleCharacters } from "./invisible-characters.ts";
import { type QuoteDetailsInput, quoteDetailFields } from "./quote/quote-details.ts";
import { type VisitSource, visitSourceField } from "./visit-source.ts";

export {
  limits,
  messages,
  type ServiceValue,
  serviceLabel,
  serviceOptions,
} from "./contact-fields.ts";
// The form makes what the visit's first page noted valid before sending it (loaded with this).
export { visitSourceFrom } from "./visit-source.ts";

// Zod compiles parsers with new Function() unless told not to; the site's Content-Security-Policy
// forbids eval, and the speed-up is irrelevant for one form.
z.config({ jitless: true });

const serviceValues = serviceOptions.map((option) => option.value) as [
  ServiceValue,
  ...ServiceValue[],
];

// Anything below U+0020 and DEL: header-splitting and terminal-control bytes. The message alone
// may keep newlines and tabs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const anyControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlExceptNewlineTab = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const phoneShape = /^[0-9+()\-. ]+$/;

const singleLine = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .overwrite(withoutInvisibleCharacters)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !anyControl.test(value), messages.controlCharacters);

export const contactSchema = z
  .object({
    name: singleLine(limits.name, messages.name, messages.nameTooLong),
    email: z
      .string({ error: messages.email })
      .trim()
      .max(limits.email, messages.email)
      .pipe(z.email({ error: messages.email })),
    phone: z
      .string({ error: messages.phone })
      .trim()
      .min(limits.phoneMin, messages.phone)
      .max(limits.phoneMax, messages.phone)
      .regex(phoneShape, messages.phone)
      .refine((value) => /\d{7,}/.test(value.replace(/\D/g, "")), messages.phone),
    service: z.enum(serviceValues, { error: messages.service }),
    otherService: z
      .string({ error: messages.otherService })
      .overwrite(withoutInvisibleCharacters)
      .trim()
      .max(limits.otherService, messages.otherServiceTooLong)
      .refine((value) => !anyControl.test(value), messages.controlCharacters)
      .default(""),
    message: z
      .string({ error: messages.message })
      .trim()
      .min(1, messages.message)
      .max(limits.message, messages.messageTooLong)
      .refine((value) => !controlExceptNewlineTab.test(value), messages.controlCharacters),
    // The spam filter's two optional signals (sent by the form, never stored): a honeypot input
    // that people cannot see, so only a bot fills it; and the milliseconds from page load to
    // submit, which no person completes in under a few seconds. An API client may omit both.
    website: z.string({ error: "Leave this field empty." }).max(2000).optional(),
    elapsedMs: z
      .number({ error: "Must be a number of milliseconds." })
      .int("Must be a whole number of milliseconds.")
      .min(0, "Must not be negative.")
      .optional(),
    // Optional quote details: ZIP, estimate inputs, offer, preferred times (shared/quote/).
    ...quoteDetailFields(),
    // Where the visit came from (visit-source.ts), noted by the page; never required.
    source: visitSourceField.optional(),
  })
  .strict()
  .superRefine((request, context) => {
    if (request.service === "other" && request.otherService === "") {
      context.addIssue({ code: "custom", path: ["otherService"], message: messages.otherService });
    }
  })
  // otherService is only meaningful with "other"; anything else stores it empty.
  .transform((request) => ({
    ...request,
    otherService: request.service === "other" ? request.otherService : "",
  }));

/** The spam filter's signals, apart from the request itself (which is stored without them). */
export type SpamSignals = { website?: string; elapsedMs?: number };

export function splitSpamSignals<T extends SpamSignals>(
  data: T,
): { request: Omit<T, keyof SpamSignals>; signals: SpamSignals } {
  const { website, elapsedMs, ...request } = data;
  return { request, signals: { website, elapsedMs } };
}

const quoteDetailKeys = ["zip", "estimate", "offer", "preferredWindows"] as const;

/** The quote details apart from the six fields, for the function to resolve (quote-details.ts). */
export function splitQuoteDetails<T extends QuoteDetailsInput>(
  data: T,
): { request: Omit<T, keyof QuoteDetailsInput>; details: QuoteDetailsInput } {
  const request: Record<string, unknown> = { ...data };
  const details: Record<string, unknown> = {};
  for (const key of quoteDetailKeys) {
    if (request[key] !== undefined) details[key] = request[key];
    delete request[key];
  }
  return { request: request as Omit<T, keyof QuoteDetailsInput>, details };
}

/** Where the visit came from, apart from the request (stored beside it, never fingerprinted). */
export function splitSource<T extends { source?: VisitSource }>(
  data: T,
): { request: Omit<T, "source">; source: VisitSource | undefined } {
  const { source, ...request } = data;
  return { request, source };
}

/** Everything a valid body may carry: the six fields, the details, the source, the spam signals. */
export type ContactSubmission = z.output<typeof contactSchema>;
type NotTyped = keyof SpamSignals | keyof QuoteDetailsInput | "source";
/** The six fields as a person types them (quote details, source and spam signals apart). */
export type ContactInput = Omit<z.input<typeof contactSchema>, NotTyped>;
/** The six fields of a request, trimmed and normalised, as the stores keep them. */
export type ContactRequest = Omit<ContactSubmission, NotTyped>;

type ContactValidation =
  | { ok: true; data: ContactSubmission }
  | { ok: false; fields: Record<string, string> };

export const unknownField = "Unknown field.";

/** Validates untrusted input and reports the first problem per field (unknown keys included). */
export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  // No prototype: a key such as "__proto__" or "constructor" is reported like any other.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of result.error.issues) {
    const names =
      issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "body")];
    for (const name of names)
      if (!Object.hasOwn(fields, name))
        fields[name] = issue.code === "unrecognized_keys" ? unknownField : issue.message;
  }
  // The schema checks "Other" needs its text only once every field parses: say it with the rest,
  // or a visitor fixing the form learns of it one send later.
  const sent = (input ?? {}) as { service?: unknown; otherService?: unknown };
  const otherEmpty = typeof sent.otherService !== "string" || sent.otherService.trim() === "";
  if (sent.service === "other" && otherEmpty && !Object.hasOwn(fields, "otherService"))
    fields.otherService = messages.otherService;
  return { ok: false, fields: { ...fields } };
}
