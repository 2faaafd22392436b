/**
 * The rules of a quote request's six fields, as plain functions: the one place they live.
 * contact-schema.ts wraps them in zod for the contact function (both hosts); the contact form runs
 * them as they are (checkContactFields), so the browser never loads a validation library and both
 * sides always give the same answer, word for word (docs/decisions/0017-lighter-form-island.md).
 */
import { limits, messages, type ServiceValue, serviceOptions } from "./contact-fields.ts";
import { withoutInvisibleCharacters } from "./invisible-characters.ts";

/** A field's cleaned value, or the message a visitor reads. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export type FieldRule<T> = {
  /** Said when the value is missing or not text at all. */
  required: string;
  /** The checks in order: the first that fails gives the message. */
  check: (value: string) => Checked<T>;
};

const pass = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (message: string): Checked<never> => ({ ok: false, message });

// Anything below U+0020 and DEL: header-splitting and terminal-control bytes. The message alone
// may keep newlines and tabs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const anyControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlExceptNewlineTab = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const phoneShape = /^[0-9+()\-. ]+$/;
/**
 * The address shape zod's `z.email()` accepted when the schema was zod alone (its `regexes.email`);
 * contact-rules.test.ts holds the two equal, so no address changes its answer.
 */
export const emailShape =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const serviceValues: readonly string[] = serviceOptions.map((option) => option.value);

function singleLine(max: number, required: string, tooLong: string): FieldRule<string> {
  return {
    required,
    check(raw) {
      const value = withoutInvisibleCharacters(raw).trim();
      if (value.length < 1) return fail(required);
      if (value.length > max) return fail(tooLong);
      if (anyControl.test(value)) return fail(messages.controlCharacters);
      return pass(value);
    },
  };
}

export const fieldRules = {
  name: singleLine(limits.name, messages.name, messages.nameTooLong),
  email: {
    required: messages.email,
    check(raw) {
      const value = raw.trim();
      return value.length <= limits.email && emailShape.test(value)
        ? pass(value)
        : fail(messages.email);
    },
  } satisfies FieldRule<string>,
  phone: {
    required: messages.phone,
    check(raw) {
      const value = raw.trim();
      const fits =
        value.length >= limits.phoneMin &&
        value.length <= limits.phoneMax &&
        phoneShape.test(value) &&
        /\d{7,}/.test(value.replace(/\D/g, ""));
      return fits ? pass(value) : fail(messages.phone);
    },
  } satisfies FieldRule<string>,
  service: {
    required: messages.service,
    check: (value) =>
      serviceValues.includes(value) ? pass(value as ServiceValue) : fail(messages.service),
  } satisfies FieldRule<ServiceValue>,
  /** Empty is fine here: "Other" needs its text, which the request as a whole checks. */
  otherService: {
    required: messages.otherService,
    check(raw) {
      const value = withoutInvisibleCharacters(raw).trim();
      if (value.length > limits.otherService) return fail(messages.otherServiceTooLong);
      if (anyControl.test(value)) return fail(messages.controlCharacters);
      return pass(value);
    },
  } satisfies FieldRule<string>,
  message: {
    required: messages.message,
    check(raw) {
      const value = raw.trim();
      if (value.length < 1) return fail(messages.message);
      if (value.length > limits.message) return fail(messages.messageTooLong);
      if (controlExceptNewlineTab.test(value)) return fail(messages.controlCharacters);
      return pass(value);
    },
  } satisfies FieldRule<string>,
};

export type ContactFields = {
  name: string;
  email: string;
  phone: string;
  service: ServiceValue;
  otherService: string;
  message: string;
};

type FieldName = keyof ContactFields;
const fieldNames = Object.keys(fieldRules) as FieldName[];

/** "Other" needs its text: judged on the cleaned text once every field has passed. */
export const otherServiceMissing = (service: string, otherService: string) =>
  service === "other" && otherService === "";

/** ...and on the text as sent while some field fails, so the visitor hears of it with the rest. */
export function otherServiceSentEmpty(input: unknown): boolean {
  const sent = (input ?? {}) as { service?: unknown; otherService?: unknown };
  const otherEmpty = typeof sent.otherService !== "string" || sent.otherService.trim() === "";
  return sent.service === "other" && otherEmpty;
}

/** otherService is only meaningful with "other"; anything else stores it empty. */
export const otherServiceKept = (service: string, otherService: string) =>
  service === "other" ? otherService : "";

/**
 * The six fields as the form holds them: cleaned, or the first problem per field (the same
 * answers as the function's validateContact, which runs these rules through zod).
 */
export function checkContactFields(
  input: Partial<Record<FieldName, unknown>>,
): { ok: true; data: ContactFields } | { ok: false; fields: Partial<Record<FieldName, string>> } {
  const data: Record<string, string> = {};
  const fields: Partial<Record<FieldName, string>> = {};
  for (const name of fieldNames) {
    const rule = fieldRules[name] as FieldRule<string>;
    const raw = name === "otherService" ? (input[name] ?? "") : input[name];
    const checked = typeof raw === "string" ? rule.check(raw) : fail(rule.required);
    if (checked.ok) data[name] = checked.value;
    else fields[name] = checked.message;
  }
  if (Object.keys(fields).length > 0) {
    if (otherServiceSentEmpty(input) && !fields.otherService)
      fields.otherService = messages.otherService;
    return { ok: false, fields };
  }
  const checked = data as ContactFields;
  if (otherServiceMissing(checked.service, checked.otherService))
    return { ok: false, fields: { otherService: messages.otherService } };
  return {
    ok: true,
    data: { ...checked, otherService: otherServiceKept(checked.service, checked.otherService) },
  };
}
