/**
 * The one definition of a quote request (docs/contact-api.md, Request).
 * The contact form validates with it before sending; both hosts of send-contact-email
 * validate with it again before storing. Keep it free of browser and server APIs.
 */
import { z } from "zod";
import { limits, messages, type ServiceValue, serviceOptions } from "./contact-fields.ts";

export {
  limits,
  messages,
  type ServiceValue,
  serviceLabel,
  serviceOptions,
} from "./contact-fields.ts";

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

/** What the form sends: every field a string, as typed. */
export type ContactInput = z.input<typeof contactSchema>;
/** What the handler stores: trimmed and normalised. */
export type ContactRequest = z.output<typeof contactSchema>;
export type ContactField = keyof ContactRequest;

export type ContactValidation =
  | { ok: true; data: ContactRequest }
  | { ok: false; fields: Record<string, string> };

/** Validates untrusted input and reports the first problem per field (unknown keys included). */
export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const names =
      issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "body")];
    for (const name of names)
      fields[name] ??= issue.code === "unrecognized_keys" ? "Unknown field." : issue.message;
  }
  return { ok: false, fields };
}
