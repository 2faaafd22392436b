/**
 * The one definition of a quote request (docs/contact-api.md, Request), for both hosts of
 * send-contact-email, which validate with it before storing. The six fields' rules live in
 * contact-rules.ts and the quote details' in shared/quote/: the contact form runs those plain
 * rules itself and never loads zod (decision 0017). Keep it free of browser and server APIs.
 */
import { z } from "zod";
import { messages, type ServiceValue } from "./contact-fields.ts";
import {
  type FieldRule,
  fieldRules,
  otherServiceKept,
  otherServiceMissing,
  otherServiceSentEmpty,
} from "./contact-rules.ts";
import { repositoryFacts } from "./content/facts.ts";
import {
  type QuoteDetailsInput,
  type QuoteRules,
  quoteDetailFields,
} from "./quote/quote-details.ts";
import { sourceMessage, type VisitSource, visitSource } from "./visit-source.ts";

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

/** A field of contact-rules.ts, said in zod: not text gives its "required" message. */
function ruled<T>(rule: FieldRule<T>) {
  return z.string({ error: rule.required }).transform((value, context) => {
    const checked = rule.check(value);
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });
}

/**
 * A request as the content version `facts` come from accepts it (its add-ons, offers, open days):
 * built for each check, never kept, so no schema holds an earlier version's lists.
 */
export function contactSchema(facts: QuoteRules, now?: () => Date) {
  return z
    .object({
      name: ruled(fieldRules.name),
      email: ruled(fieldRules.email),
      phone: ruled(fieldRules.phone),
      service: ruled(fieldRules.service),
      otherService: ruled(fieldRules.otherService).default(""),
      message: ruled(fieldRules.message),
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
      ...quoteDetailFields(facts, now),
      // Where the visit came from (visit-source.ts), noted by the page; never required. Whatever
      // inside it is wrong, one message for the field: the visitor cannot fix it, and a key inside
      // it is not one of the request's fields.
      source: z
        .unknown()
        .transform((value, context): VisitSource => {
          const checked = visitSource(value);
          if (checked) return checked;
          context.addIssue({ code: "custom", message: sourceMessage });
          return z.NEVER;
        })
        .optional(),
    })
    .strict()
    .superRefine((request, context) => {
      if (otherServiceMissing(request.service, request.otherService)) {
        context.addIssue({
          code: "custom",
          path: ["otherService"],
          message: messages.otherService,
        });
      }
    })
    .transform((request) => ({
      ...request,
      otherService: otherServiceKept(request.service, request.otherService),
    }));
}

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
type ContactSchema = ReturnType<typeof contactSchema>;
export type ContactSubmission = z.output<ContactSchema>;
type NotTyped = keyof SpamSignals | keyof QuoteDetailsInput | "source";
/** The six fields as a person types them (quote details, source and spam signals apart). */
export type ContactInput = Omit<z.input<ContactSchema>, NotTyped | "service"> & {
  service: ServiceValue;
};
/** The six fields of a request, trimmed and normalised, as the stores keep them. */
export type ContactRequest = Omit<ContactSubmission, NotTyped>;

type ContactValidation =
  | { ok: true; data: ContactSubmission }
  | { ok: false; fields: Record<string, string> };

export const unknownField = "Unknown field.";

/**
 * Validates untrusted input and reports the first problem per field (unknown keys included),
 * against the content version `facts` come from: the function passes the live version's; tests
 * and tools that leave it out check against the repository's (content/).
 */
export function validateContact(
  input: unknown,
  facts: QuoteRules = repositoryFacts(),
): ContactValidation {
  const result = contactSchema(facts).safeParse(input);
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
  if (otherServiceSentEmpty(input) && !Object.hasOwn(fields, "otherService"))
    fields.otherService = messages.otherService;
  return { ok: false, fields: { ...fields } };
}
