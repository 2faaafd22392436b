/**
 * The quote form posted as a plain HTML form, before or without JavaScript (docs/contact-api.md,
 * "The form without JavaScript"). Its flat fields become the JSON shape the schema validates, so a
 * form post is stored exactly as a JSON request; a browser is then answered with a page rather
 * than JSON: 303 to the site's thank-you page, or this function's own page saying what to fix.
 */
import { addOnsFor, type PriceList, type PropertyKind } from "../../../shared/quote/price-list.ts";
import {
  estimateField,
  keyField,
  thankYouPath,
  windowField,
  windowRows,
} from "../../../shared/quote-form.ts";

/** The six fields and the honeypot: one value each, posted as they are. */
const textFields = ["name", "email", "phone", "service", "otherService", "message", "website"];
/** Optional details that are simply absent when left empty. */
const optionalFields = ["zip", "offer"];

const knownNames = new Set<string>([
  keyField,
  ...textFields,
  ...optionalFields,
  ...Object.values(estimateField),
  ...Array.from({ length: windowRows }, (_, index) => Object.values(windowField(index))).flat(),
]);

/**
 * The JSON shape of a form post, for the same schema as a JSON request. Names the contract does
 * not know are passed on under their own name, so the schema refuses them as it refuses unknown
 * JSON keys. Numbers stay text when they are not numbers, for the schema to refuse.
 */
/** `list`: the live price list, whose add-ons of each kind a plain form's post may name. */
export function submissionFromForm(
  form: URLSearchParams,
  list: PriceList,
): Record<string, unknown> {
  const body = new Map<string, unknown>();
  for (const name of textFields) {
    const value = form.get(name);
    if (value !== null) body.set(name, value);
  }
  for (const name of optionalFields) {
    const value = form.get(name)?.trim();
    if (value) body.set(name, value);
  }
  const estimate = estimateFromForm(form, list);
  if (estimate) body.set("estimate", estimate);
  const windows = windowsFromForm(form);
  if (windows.length > 0) body.set("preferredWindows", windows);
  for (const name of new Set(form.keys()))
    if (!knownNames.has(name)) body.set(name, form.get(name));
  // fromEntries defines own properties: a field named "__proto__" stays a field.
  return Object.fromEntries(body);
}

/** The public key a plain form carries in its hidden field. */
export function keyFromForm(form: URLSearchParams): string | undefined {
  return form.get(keyField)?.trim() || undefined;
}

const numeric = /^\d+(\.\d+)?$/;

/** "1,800" → 1800; anything else that is not a number stays text. */
function numberOrText(value: string | null): number | string | undefined {
  const text = value?.replace(/[\s,]/g, "") ?? "";
  if (text === "") return undefined;
  return numeric.test(text) ? Number(text) : text;
}

function estimateFromForm(form: URLSearchParams, list: PriceList): Record<string, unknown> | null {
  const kind = form.get(estimateField.kind)?.trim() ?? "";
  if (kind === "") return null;
  const field = (name: string) => numberOrText(form.get(name));
  // A plain form shows the add-ons of both kinds; only the chosen kind's count, each once.
  const addOns = (of: PropertyKind) => {
    const ids = new Set(addOnsFor(of, list).map((addOn) => addOn.id));
    return [...new Set(form.getAll(estimateField.addOns))].filter((id) => ids.has(id));
  };
  if (kind === "home") {
    return {
      kind,
      bedrooms: field(estimateField.bedrooms),
      bathrooms: field(estimateField.bathrooms),
      squareFeet: field(estimateField.squareFeet),
      condition: form.get(estimateField.condition) ?? undefined,
      frequency: form.get(estimateField.frequency) ?? undefined,
      addOns: addOns("home"),
    };
  }
  if (kind === "business") {
    return {
      kind,
      squareFeet: field(estimateField.squareFeet),
      visitsPerWeek: field(estimateField.visitsPerWeek),
      addOns: addOns("business"),
    };
  }
  return { kind };
}

/** Rows with a day; a time of day without a day is the select's default, not a choice. */
function windowsFromForm(form: URLSearchParams): { date: string; window: string }[] {
  const windows: { date: string; window: string }[] = [];
  for (let index = 0; index < windowRows; index++) {
    const names = windowField(index);
    const date = form.get(names.date)?.trim() ?? "";
    if (date !== "") windows.push({ date, window: form.get(names.window) ?? "" });
  }
  return windows;
}

/** A browser's navigation asks for HTML; an API client posting a form gets the JSON contract. */
export function wantsHtml(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

/**
 * The site's origin for this visitor: the page they posted from when it is one of the configured
 * origins (on `npm start` the server's own, on a CDN the site's), else the site URL. An origin
 * allowed only through "*" is not trusted as a place to send people.
 */
export function siteOrigin(
  request: Request,
  config: { allowedOrigins: readonly string[]; siteUrl?: string },
): string | null {
  const origin = request.headers.get("origin");
  if (origin && config.allowedOrigins.includes(origin)) return origin;
  return config.siteUrl ? new URL(config.siteUrl).origin : null;
}

/** 303 See Other: the browser GETs the thank-you page, so a reload never posts twice. */
export function seeThankYouPage(origin: string | null, headers: Record<string, string>): Response {
  return new Response(null, {
    status: 303,
    headers: {
      ...headers,
      Location: origin ? `${origin}${thankYouPath}` : thankYouPath,
      "Cache-Control": "no-store",
    },
  });
}
