/**
 * The one definition of a quote request (SPEC.md sections 3 and 5, CONTACT-API.md).
 * The contact form validates with it before sending; both hosts of send-contact-email
 * validate with it again before storing. Keep it free of browser and server APIs.
 */
import { z } from "zod";

export const serviceOptions = [
  { value: "janitorial", label: "Janitorial Cleaning" },
  { value: "commercial", label: "Commercial Cleaning" },
  { value: "office", label: "Office Cleaning" },
  { value: "post-construction", label: "Post-Construction Cleaning" },
  { value: "carpet", label: "Carpet Cleaning" },
  { value: "floor-wax", label: "Floor Strip & Wax" },
  { value: "other", label: "Other" },
] as const;

export type ServiceValue = (typeof serviceOptions)[number]["value"];

const serviceValues = serviceOptions.map((option) => option.value) as [
  ServiceValue,
  ...ServiceValue[],
];

export const limits = {
  name: 100,
  email: 254,
  phoneMin: 7,
  phoneMax: 32,
  otherService: 100,
  message: 5000,
} as const;

export const messages = {
  name: "Please enter your name.",
  nameTooLong: `Please keep your name under ${limits.name} characters.`,
  email: "Please enter a valid email address.",
  phone: "Please enter a phone number we can call, for example (484) 123-4567.",
  service: "Please choose the service you need.",
  /** SPEC.md section 5, word for word. */
  otherService: "Please specify the service you need",
  otherServiceTooLong: `Please describe the service in under ${limits.otherService} characters.`,
  message: "Please tell us a little about the job.",
  messageTooLong: `Please keep your message under ${limits.message.toLocaleString("en-US")} characters.`,
  controlCharacters: "Please remove unusual characters from this field.",
} as const;

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
  // otherService is only meaningful with "other"; anything else stores it empty (CONTACT-API.md).
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

export function serviceLabel(value: ServiceValue): string {
  return serviceOptions.find((option) => option.value === value)?.label ?? value;
}
