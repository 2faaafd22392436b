/**
 * The form's own check before sending: the rules the function's schema applies (contact-rules.ts,
 * the quote details' modules), run as plain code so the page never loads zod. Same fields, same
 * first message per field, same cleaned values as validateContact; the function checks again.
 */
import { messages } from "../../shared/contact-fields";
import { checkContactFields, otherServiceSentEmpty } from "../../shared/contact-rules";
import type { ContactSubmission } from "../../shared/contact-schema";
import type { IslandFacts } from "../../shared/content/island-facts";
import type { EstimateInputs } from "../../shared/quote/estimate";
import { offerById } from "../../shared/quote/offers";
import { checkWindows, type PreferredWindow } from "../../shared/quote/preferred-windows";
import { quoteMessages } from "../../shared/quote/quote-messages";
import { normalizeZip } from "../../shared/quote/service-area";
import type { VisitSource } from "../../shared/visit-source";

export type RequestInput = {
  name: string;
  email: string;
  phone: string;
  service: string;
  otherService: string;
  message: string;
  zip?: string;
  /** Built by the estimator from its own bounded controls (inputsFromDraft): valid as made. */
  estimate?: EstimateInputs;
  offer?: string;
  preferredWindows?: PreferredWindow[];
  /** Already made valid by visitSourceFrom. */
  source?: VisitSource;
  website: string;
  elapsedMs: number;
};

export function checkRequest(
  input: RequestInput,
  /** The page's facts: its offers and its closed days. */
  facts: Pick<IslandFacts, "offers" | "closedDays" | "reach">,
  now: Date = new Date(),
): { ok: true; data: ContactSubmission } | { ok: false; fields: Record<string, string> } {
  const six = checkContactFields(input);
  const fields: Record<string, string> = six.ok ? {} : { ...six.fields };
  const zip = input.zip === undefined ? undefined : normalizeZip(input.zip);
  if (zip === null) fields.zip = quoteMessages.zip;
  if (input.offer !== undefined && offerById(input.offer, facts.offers.current) === undefined)
    fields.offer = quoteMessages.offer;
  const windowsProblem = input.preferredWindows && checkWindows(input.preferredWindows, now, facts);
  if (windowsProblem) fields.preferredWindows = windowsProblem;
  if (!six.ok || Object.keys(fields).length > 0) {
    if (otherServiceSentEmpty(input) && !fields.otherService)
      fields.otherService = messages.otherService;
    return { ok: false, fields };
  }
  const { zip: _typed, ...rest } = input;
  // The estimator's add-ons list is read-only; the schema's output type says a plain array.
  const data = { ...rest, ...six.data, ...(zip ? { zip } : {}) } as ContactSubmission;
  return { ok: true, data };
}
